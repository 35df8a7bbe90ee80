import { describe, expect, it } from 'vitest';
import { ADMIN_PER_PAGE, pagedQuery, validatePagedSearch, validatePageSearch } from './paged-search';

describe('the search params of the admin lists', () => {
  it('keeps a page after the first and a trimmed search', () => {
    expect(validatePagedSearch({ page: '3', q: '  acme ' })).toEqual({ page: 3, q: 'acme' });
  });

  it('drops the first page, bad pages and empty searches, so the URL stays clean', () => {
    expect(validatePagedSearch({ page: '1', q: '   ' })).toEqual({});
    for (const page of ['0', '-2', '1.5', '12e3', 'abc', '99999999999']) {
      expect(validatePagedSearch({ page })).toEqual({});
    }
  });

  it('cuts a search to what the API accepts', () => {
    expect(validatePagedSearch({ q: 'x'.repeat(500) }).q).toHaveLength(200);
  });

  it('keeps only the page for a list without a search', () => {
    expect(validatePageSearch({ page: '2', q: 'acme' })).toEqual({ page: 2 });
  });

  it('asks the API for one page of the admin size', () => {
    expect(pagedQuery({})).toEqual({ page: 1, per_page: ADMIN_PER_PAGE });
    expect(pagedQuery({ page: 4, q: 'acme' })).toEqual({ page: 4, per_page: ADMIN_PER_PAGE, q: 'acme' });
  });
});
