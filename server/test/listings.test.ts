import type { Company } from '@footfall/db';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NOT_FOUND = { message: 'Not found.' };

const t = useTestApp();

let counter = 0;
/** A word no other company of this file has, to search by. */
function uniqueWord(): string {
  counter += 1;
  return `zq${counter}x${Date.now().toString(36)}`;
}

/** A company straight in the database (its owner's registration is not what these tests are about). */
async function company(fields: Partial<Company> & { name: string }): Promise<Company> {
  counter += 1;
  const { company: created } = await t.app.repos.users.register({
    user: { name: 'Owner', email: `owner-${counter}-${Date.now()}@example.com`, passwordHash: 'unused' },
    company: {
      name: fields.name,
      website: 'https://site.example',
      timezone: 'UTC',
      trackingKey: `key${counter}${Date.now().toString(36)}`,
    },
  });
  const updated = await t.app.repos.companies.update(created.id, { listed: true, ...fields });
  if (!updated) throw new Error('the company was not updated');
  return updated;
}

const search = (query: string) => t.app.inject({ url: `/api/listings?${query}` });
const idsOf = (response: { json: () => unknown }) =>
  (response.json() as { data: { id: number }[] }).data.map((listing) => listing.id);

describe('GET /api/listings', () => {
  it('answers each listing as {id, name, website, description, logo_url, category, public_stats, tracking_key, created_at}', async () => {
    const word = uniqueWord();
    const listed = await company({
      name: `Shown ${word}`,
      description: 'Coffee roasters',
      logoUrl: 'https://img.example/logo.png',
      category: 'Shop',
      publicStats: true,
    });
    expectJson(await search(`q=${word}`), 200, {
      data: [
        {
          id: listed.id,
          name: `Shown ${word}`,
          website: 'https://site.example',
          description: 'Coffee roasters',
          logo_url: 'https://img.example/logo.png',
          category: 'Shop',
          public_stats: true,
          tracking_key: listed.trackingKey,
          created_at: expect.stringMatching(ISO),
        },
      ],
      meta: { page: 1, per_page: 20, total: 1 },
    });
  });

  it('gives the tracking key only of companies that publish their stats', async () => {
    const word = uniqueWord();
    const privateStats = await company({ name: `Private ${word}`, publicStats: false });
    const [listing] = (await search(`q=${word}`)).json<{ data: { id: number; tracking_key: unknown }[] }>()
      .data;
    expect(listing).toMatchObject({ id: privateStats.id, public_stats: false, tracking_key: null });
    expect(JSON.stringify((await search(`q=${word}`)).json())).not.toContain(privateStats.trackingKey);
  });

  it('lists only companies that are listed and not suspended', async () => {
    const word = uniqueWord();
    const shown = await company({ name: `Listed ${word}` });
    await company({ name: `Unlisted ${word}`, listed: false });
    await company({ name: `Suspended ${word}`, suspendedAt: new Date() });
    expect(idsOf(await search(`q=${word}`))).toEqual([shown.id]);
    const everything = (await search('per_page=100')).json<{ data: { name: string }[] }>().data;
    expect(everything.map((listing) => listing.name)).not.toContain(`Suspended ${word}`);
  });

  it('searches name, description, website and category, case-insensitively, ordered by name then id', async () => {
    const word = uniqueWord();
    const byCategory = await company({ name: 'Delta', category: `Tools ${word.toUpperCase()}` });
    const byWebsite = await company({ name: 'charlie', website: `https://${word}.example` });
    const byDescription = await company({ name: 'Bravo', description: `We ${word} things` });
    const byName = await company({ name: `alpha ${word}` });
    const twin = await company({ name: `ALPHA ${word.toUpperCase()}` });
    expect(idsOf(await search(`q=${word.toUpperCase()}`))).toEqual([
      Math.min(byName.id, twin.id),
      Math.max(byName.id, twin.id),
      byDescription.id,
      byWebsite.id,
      byCategory.id,
    ]);
  });

  it('matches % and _ literally', async () => {
    const word = uniqueWord();
    const percent = await company({ name: `100% ${word}` });
    await company({ name: `1000 ${word}` });
    const underscore = await company({ name: `snake_case ${word}` });
    const lookalike = await company({ name: `snakeXcase ${word}` });
    expect(idsOf(await search(`q=${encodeURIComponent(`0% ${word}`)}`))).toEqual([percent.id]);
    const anyUnderscore = idsOf(await search(`q=${encodeURIComponent('e_c')}&per_page=100`));
    expect(anyUnderscore).toContain(underscore.id);
    expect(anyUnderscore).not.toContain(lookalike.id);
    expect(idsOf(await search(`q=${encodeURIComponent(`snake_case ${word}`)}`))).toEqual([underscore.id]);
    expectJson(await search('q=%25%25%25nothing-like-this%25'), 200, {
      data: [],
      meta: { page: 1, per_page: 20, total: 0 },
    });
  });

  it('trims the search, and treats an empty one as none', async () => {
    const word = uniqueWord();
    const found = await company({ name: `Trimmed ${word}` });
    expect(idsOf(await search(`q=${encodeURIComponent(`  ${word}  `)}`))).toEqual([found.id]);
    const all = await search('q=&per_page=100');
    expect(all.statusCode).toBe(200);
    expect(idsOf(all)).toContain(found.id);
  });

  it('pages the results with page, per_page and the total in meta', async () => {
    const word = uniqueWord();
    const made = [];
    for (const letter of ['e', 'a', 'd', 'b', 'c']) made.push(await company({ name: `${letter} ${word}` }));
    const byName = [...made].sort((x, y) => x.name.localeCompare(y.name)).map((row) => row.id);
    const second = await search(`q=${word}&page=2&per_page=2`);
    expect(idsOf(second)).toEqual(byName.slice(2, 4));
    expect(second.json().meta).toEqual({ page: 2, per_page: 2, total: 5 });
    expectJson(await search(`q=${word}&page=4&per_page=2`), 200, {
      data: [],
      meta: { page: 4, per_page: 2, total: 5 },
    });
  });

  it.each([
    [
      'a search over 100 characters',
      `q=${'x'.repeat(101)}`,
      'q',
      'The q field must not be greater than 100 characters.',
    ],
    ['page 0', 'page=0', 'page', 'The page field must be at least 1.'],
    ['a per_page over 100', 'per_page=101', 'per_page', 'The per page field must not be greater than 100.'],
    ['a per_page that is not a number', 'per_page=ten', 'per_page', 'The per page field must be an integer.'],
  ])('is 422 for %s', async (_case, query, field, message) => {
    expectJson(await search(query), 422, {
      message: 'The given data was invalid.',
      errors: { [field]: [message] },
    });
  });
});

describe('GET /api/listings/{id}', () => {
  it('answers a listed company', async () => {
    const listed = await company({ name: 'One listing', category: 'Media' });
    const response = await t.app.inject({ url: `/api/listings/${listed.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: listed.id, name: 'One listing', category: 'Media' });
  });

  it('is 404 for a company that is not listed, suspended, unknown, or a malformed id', async () => {
    const unlisted = await company({ name: 'Not listed', listed: false });
    const suspended = await company({ name: 'Suspended', suspendedAt: new Date() });
    for (const id of [unlisted.id, suspended.id, 2 ** 31 - 1, 'abc', 0, -3, '1e3', 2 ** 31]) {
      expectJson(await t.app.inject({ url: `/api/listings/${id}` }), 404, NOT_FOUND);
    }
  });
});
