import { describe, expect, it } from 'vitest';
import { validateAuditSearch } from './audit-search';

describe('the audit log search', () => {
  it('keeps the filters the server takes', () => {
    expect(
      validateAuditSearch({
        action: 'member.',
        actor: '12',
        from: '2026-11-01',
        to: '2026-11-27',
        company_id: 4,
      }),
    ).toEqual({ action: 'member.', actor: 12, from: '2026-11-01', to: '2026-11-27', company_id: 4 });
    expect(validateAuditSearch({ action: 'goal.created' })).toEqual({ action: 'goal.created' });
  });

  it('drops what the server would refuse, and reads days given backwards the right way round', () => {
    expect(
      validateAuditSearch({
        action: 'goal',
        actor: '-1',
        from: '2026-02-30',
        to: 'tomorrow',
        company_id: '0',
      }),
    ).toEqual({});
    expect(validateAuditSearch({ from: '2026-11-27', to: '2026-11-01' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-27',
    });
  });
});
