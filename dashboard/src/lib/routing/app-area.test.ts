import { describe, expect, it } from 'vitest';
import { isAppPath } from './app-area';

describe('isAppPath', () => {
  it("knows the analytics app's screens from the public site's", () => {
    for (const path of ['/dashboard/3', '/dashboard/3/realtime', '/sites', '/sites/new', '/user-profile/3']) {
      expect(isAppPath(path), path).toBe(true);
    }
    for (const path of ['/home', '/blogs', '/plans', '/admin/add-list', '/dashboards', '/sitesmap']) {
      expect(isAppPath(path), path).toBe(false);
    }
  });
});
