import { describe, expect, it } from 'vitest';
import { isAccountSection, isSiteSection, sectionOfAnchor, siteSectionsFor } from './settings-sections';

describe('the settings sections', () => {
  it('shows each role the sections it may use, in their order', () => {
    expect(siteSectionsFor('viewer').map((section) => section.id)).toEqual(['team', 'reports']);
    expect(siteSectionsFor('admin').map((section) => section.id)).toEqual([
      'general',
      'installation',
      'goals',
      'team',
      'reports',
      'shared-links',
      'api-keys',
      'data',
    ]);
    expect(siteSectionsFor('owner').at(-1)?.id).toBe('danger-zone');
    expect(siteSectionsFor(undefined)).toEqual([]);
  });

  it('knows its section names and nothing else', () => {
    expect(isSiteSection('goals')).toBe(true);
    expect(isSiteSection('constructor')).toBe(false);
    expect(isAccountSection('security')).toBe(true);
    expect(isAccountSection('goals')).toBe(false);
  });

  it("sends the one-page settings' anchors to their sections", () => {
    expect(sectionOfAnchor('email-reports')).toBe('reports');
    expect(sectionOfAnchor('goals')).toBe('goals');
    expect(sectionOfAnchor('company-title')).toBe('general');
    expect(sectionOfAnchor('toString')).toBeUndefined();
    expect(sectionOfAnchor('')).toBeUndefined();
  });
});
