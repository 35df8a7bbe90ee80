import type { PublicListing } from '@footfall/contract';
import { LazyImage } from '../../components/lazy-image';

/** The host name people recognise: `https://www.shop.example/x` → `shop.example`. */
export function displayHost(website: string): string {
  try {
    return new URL(website).hostname.replace(/^www\./, '');
  } catch {
    return website;
  }
}

/** One company of the directory: logo, name, category, description, website, and its public stats. */
export function ListingCard({ listing }: { listing: PublicListing }) {
  const initials = listing.name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  const placeholder = (
    <span className="listing-initials" aria-hidden="true">
      {initials}
    </span>
  );
  return (
    <article className="card listing-card" aria-labelledby={`listing-${listing.id}`}>
      <div className="listing-head">
        {listing.logo_url ? (
          <LazyImage
            src={listing.logo_url}
            alt={`${listing.name} logo`}
            className="listing-logo"
            width={56}
            height={56}
            placeholder={placeholder}
          />
        ) : (
          <span className="listing-logo">{placeholder}</span>
        )}
        <div>
          <h3 id={`listing-${listing.id}`}>{listing.name}</h3>
          {listing.category ? <p className="badge">{listing.category}</p> : null}
        </div>
      </div>
      {listing.description ? <p className="listing-description">{listing.description}</p> : null}
      {listing.website ? (
        <p>
          <a href={listing.website} rel="noopener nofollow" target="_blank">
            {displayHost(listing.website)}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
      {listing.tracking_key ? (
        <div className="listing-widget" data-footfall-widget={listing.tracking_key} data-theme="auto" />
      ) : null}
    </article>
  );
}
