import type { PublicListing } from '@footfall/contract';
import type { Company } from '@footfall/db';

/**
 * A company of the public directory. Its tracking key is public by nature (it sits in the snippet on the
 * company's site), but the directory hands it out only when the company publishes its stats, since the
 * stats widget is the one reason to need it here.
 */
export function presentListing(company: Company): PublicListing {
  return {
    id: company.id,
    name: company.name,
    website: company.website,
    description: company.description,
    logo_url: company.logoUrl,
    category: company.category,
    public_stats: company.publicStats,
    tracking_key: company.publicStats ? company.trackingKey : null,
    created_at: company.createdAt.toISOString(),
  };
}
