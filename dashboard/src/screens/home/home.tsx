import { formatNumber } from '@footfall/contract/format';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { authStore } from '../../app/services';
import { ContentBoundary } from '../../components/content-boundary';
import { Pager } from '../../components/pager';
import { DIRECTORY_QUERY_MAX } from '../../lib/routing/page-search';
import { DIRECTORY_PER_PAGE } from '../../lib/routing/page-sizes';
import { ListingCard } from './listing-card';
import { useWidgetScript } from './use-widget-script';

const route = getRouteApi('/_main/home');

/** `/home`: what Footfall is, and the public directory of the companies that list themselves. */
export default function HomePage() {
  const { listings } = route.useLoaderData();
  const search = route.useSearch();
  const page = search.page ?? 1;
  useWidgetScript(listings.data.some((listing) => listing.tracking_key !== null));

  useEffect(() => {
    document.title = 'Footfall · privacy-friendly visitor analytics';
  }, []);

  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">Privacy-friendly visitor analytics</p>
          <h1>Footfall</h1>
          <p className="lead">
            See who visits your site without spying on them: one small script, no cookies, a dashboard you
            host yourself. Below, the companies that measure with Footfall and list themselves here.
          </p>
          <HeroActions />
        </div>
      </section>
      <section className="container directory" aria-labelledby="directory-heading">
        <div className="directory-head">
          <h2 id="directory-heading">Directory</h2>
          <SearchForm key={search.q ?? ''} query={search.q ?? ''} />
        </div>
        <p className="muted small" aria-live="polite">
          {directorySummary(listings.meta.total, search.q)}
        </p>
        {listings.data.length === 0 ? (
          <EmptyDirectory query={search.q} />
        ) : (
          <ul className="listing-grid">
            {listings.data.map((listing) => (
              <li key={listing.id}>
                <ContentBoundary
                  resetKey={listing}
                  fallback={<p className="card muted">This listing could not be shown.</p>}
                >
                  <ListingCard listing={listing} />
                </ContentBoundary>
              </li>
            ))}
          </ul>
        )}
        <Pager
          to="/home"
          page={page}
          perPage={DIRECTORY_PER_PAGE}
          total={listings.meta.total}
          label="Directory pages"
        />
      </section>
    </>
  );
}

function directorySummary(total: number, query: string | undefined): string {
  const companies = total === 1 ? '1 company' : `${formatNumber(total)} companies`;
  return query ? `${companies} matching “${query}”` : `${companies} listed`;
}

function SearchForm({ query }: { query: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(query);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ to: '/home', search: { q: text.trim() || undefined } });
  };
  return (
    <search className="directory-search">
      <form onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          Search the directory
        </label>
        <input
          id={id}
          className="input"
          type="search"
          value={text}
          maxLength={DIRECTORY_QUERY_MAX}
          placeholder="Search by name, website or category"
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
    </search>
  );
}

function EmptyDirectory({ query }: { query: string | undefined }) {
  if (query) {
    return (
      <div className="empty-state">
        <p>No listed company matches “{query}”.</p>
        <p>
          <Link to="/home" search={{}}>
            Show every company
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="empty-state">
      <p>No company is listed yet.</p>
      <p className="muted">
        Company owners can list theirs from the company settings, under Directory listing.
      </p>
    </div>
  );
}

/** Sign-up and sign-in, or, for a signed-in user, the way to their dashboard. */
function HeroActions() {
  const companies = useSelector(authStore, (state) => state.user?.companies);
  if (companies) {
    const [only] = companies;
    return (
      <div className="actions">
        {only && companies.length === 1 ? (
          <Link
            to="/dashboard/$company_id"
            params={{ company_id: only.id }}
            className="button button-primary button-large"
          >
            Open your dashboard
          </Link>
        ) : (
          <Link to="/sites" className="button button-primary button-large">
            Open your sites
          </Link>
        )}
      </div>
    );
  }
  return (
    <div className="actions">
      <Link to="/session/sign-up" className="button button-primary button-large">
        Sign up free
      </Link>
      <Link to="/session/sign-in/{-$user_id}" params={{}} className="button button-large">
        Sign in
      </Link>
    </div>
  );
}
