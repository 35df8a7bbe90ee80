import { describe, expect, it } from 'vitest';
import { userHomePath } from './user-home';

const site = (id: number) => ({ id, name: `Site ${id}`, role: 'owner' as const, plan: 'free' });

describe('userHomePath', () => {
  it("opens a lone site's dashboard, and the sites page for several sites or none", () => {
    expect(userHomePath([site(7)])).toBe('/dashboard/7');
    expect(userHomePath([site(7), site(9)])).toBe('/sites');
    expect(userHomePath([])).toBe('/sites');
  });
});
