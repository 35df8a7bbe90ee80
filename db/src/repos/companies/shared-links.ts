import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { SharedLink } from '../../schema/types';
import { required } from '../required';

/** What a new shared link holds; the token is made by the caller, the password already hashed. */
export interface NewSharedLinkInput {
  name: string;
  token: string;
  passwordHash: string | null;
  expiresAt: Date | null;
}

/** A shared link found by its token, with what its viewers need of the company behind it. */
export interface SharedLinkWithCompany {
  link: SharedLink;
  company: { id: number; name: string; timezone: string; suspendedAt: Date | null };
}

export type SharedLinksRepository = ReturnType<typeof createSharedLinksRepository>;

/** A company's shared links (docs/api.md "Shared links"): read-only views of its dashboard. */
export function createSharedLinksRepository(db: Db) {
  const { sharedLinks, companies } = db.schema;

  return {
    /** The company's links, oldest first, expired ones included (until revoked). */
    list(companyId: number): Promise<SharedLink[]> {
      return db.orm
        .select()
        .from(sharedLinks)
        .where(eq(sharedLinks.companyId, companyId))
        .orderBy(asc(sharedLinks.id));
    },

    async count(companyId: number): Promise<number> {
      const [row] = await db.orm
        .select({ total: count() })
        .from(sharedLinks)
        .where(eq(sharedLinks.companyId, companyId));
      return row?.total ?? 0;
    },

    async create(companyId: number, input: NewSharedLinkInput): Promise<SharedLink> {
      const [link] = await db.orm
        .insert(sharedLinks)
        .values({ ...input, companyId })
        .returning();
      return required(link, 'the new shared link');
    },

    /** The link a token names and its company, whether or not it has expired; undefined for none. */
    async findByToken(token: string): Promise<SharedLinkWithCompany | undefined> {
      const [found] = await db.orm
        .select({
          link: sharedLinks,
          company: {
            id: companies.id,
            name: companies.name,
            timezone: companies.timezone,
            suspendedAt: companies.suspendedAt,
          },
        })
        .from(sharedLinks)
        .innerJoin(companies, eq(companies.id, sharedLinks.companyId))
        .where(eq(sharedLinks.token, token));
      return found;
    },

    /** Revokes a link: its row goes, so its token names nothing from the next request on. */
    async delete(companyId: number, linkId: number): Promise<boolean> {
      const gone = await db.orm
        .delete(sharedLinks)
        .where(and(eq(sharedLinks.companyId, companyId), eq(sharedLinks.id, linkId)))
        .returning({ id: sharedLinks.id });
      return gone.length > 0;
    },
  };
}
