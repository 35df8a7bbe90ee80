import { describe, expect, it } from 'vitest';
import { parseMessage } from './change-signals';

describe('parseMessage', () => {
  it('reads the signals this version sends', () => {
    const from = 'server-1';
    for (const signal of [
      { type: 'company-changed', companyId: 4 },
      { type: 'company-deleted', companyId: 5 },
      { type: 'plans-changed' },
      { type: 'api-key-revoked', keyId: 6 },
    ]) {
      expect(parseMessage(JSON.stringify({ from, signal }))).toEqual({ from, signal });
    }
  });

  it('ignores what it does not understand rather than acting on it', () => {
    for (const payload of [
      'not json',
      'null',
      '{"from":1,"signal":{"type":"plans-changed"}}',
      '{"from":"a","signal":{"type":"company-changed","companyId":"4"}}',
      '{"from":"a","signal":{"type":"company-changed","companyId":-1}}',
      '{"from":"a","signal":{"type":"api-key-revoked"}}',
      '{"from":"a","signal":{"type":"everything-changed"}}',
    ]) {
      expect(parseMessage(payload)).toBeUndefined();
    }
  });
});
