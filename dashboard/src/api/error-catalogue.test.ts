import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { alertForError, type ErrorContext, isAdminUrl } from './error-catalogue';

const error = (status: number, url = '/api/companies/1', message = 'Refused.') =>
  new ApiError({ status, message, method: 'GET', url });
const user: ErrorContext = { isUserSignedIn: true, isAdminSignedIn: false, background: false };
const admin: ErrorContext = { isUserSignedIn: false, isAdminSignedIn: true, background: false };
const nobody: ErrorContext = { isUserSignedIn: false, isAdminSignedIn: false, background: false };

describe('the error catalogue (docs/architecture.md "The dashboard")', () => {
  it('500 or higher: alert Error, "Something went wrong"', () => {
    for (const status of [500, 502, 503, 504, 599]) {
      expect(alertForError(error(status), user)).toEqual({
        title: 'Error',
        text: 'Something went wrong',
        followUp: 'none',
      });
    }
    expect(alertForError(error(500), nobody)?.title).toBe('Error');
  });

  it('401 on an admin URL while an admin is signed in: Session expired, then the admin is signed out', () => {
    expect(alertForError(error(401, '/api/admin/companies'), admin)).toEqual({
      title: 'Session expired',
      text: 'Session expired. login again to continue',
      followUp: 'sign-out-admin',
    });
  });

  it('401 on another URL while a user is signed in: Session expired, then the user is signed out', () => {
    expect(alertForError(error(401, '/api/company-visitor-analytics-detail/3'), user)).toEqual({
      title: 'Session expired',
      text: 'Session expired. login again to continue',
      followUp: 'sign-out-user',
    });
  });

  it('401 with nobody of that kind signed in raises no alert (a wrong password, a stale token at start)', () => {
    expect(alertForError(error(401, '/api/user'), nobody)).toBeNull();
    expect(alertForError(error(401, '/api/admin/user'), user)).toBeNull();
    expect(alertForError(error(401, '/api/user'), admin)).toBeNull();
  });

  it("403: alert Permission Denied with the server's message, then leave the page", () => {
    const forbidden = error(403, '/api/companies/9', 'You do not have access to this company.');
    expect(alertForError(forbidden, user)).toEqual({
      title: 'Permission Denied',
      text: 'You do not have access to this company.',
      followUp: 'leave-page',
    });
    expect(alertForError(error(403, '/api/admin/users'), admin)?.followUp).toBe('leave-page');
  });

  it('422 raises no alert: the errors go beside the form fields', () => {
    expect(alertForError(error(422, '/api/register'), nobody)).toBeNull();
    expect(alertForError(error(422, '/api/user'), user)).toBeNull();
  });

  it('other refusals (400, 404, 419, 429) raise no alert: the caller shows their message', () => {
    for (const status of [400, 404, 409, 413, 419, 429])
      expect(alertForError(error(status), user)).toBeNull();
  });

  it('an unreachable server raises a network alert', () => {
    expect(alertForError(error(0), user)).toMatchObject({ title: 'Network error', followUp: 'none' });
  });

  it('background requests raise no alert for server faults or lost connections, but still for 401 and 403', () => {
    const background = { ...user, background: true };
    expect(alertForError(error(500), background)).toBeNull();
    expect(alertForError(error(0), background)).toBeNull();
    expect(alertForError(error(401), background)?.followUp).toBe('sign-out-user');
    expect(alertForError(error(403), background)?.followUp).toBe('leave-page');
  });
});

describe('silent requests', () => {
  it('raise no alert at all: a failed sign-out is ignored (docs/architecture.md "The dashboard")', () => {
    for (const status of [0, 401, 403, 500]) {
      expect(alertForError(error(status, '/api/logout'), { ...user, silent: true })).toBeNull();
    }
  });
});

describe('isAdminUrl', () => {
  it('treats any URL containing /admin as an admin call (docs/architecture.md "The dashboard")', () => {
    expect(isAdminUrl('/api/admin/login')).toBe(true);
    expect(isAdminUrl('/api/admin/password/reset?email=a')).toBe(true);
    expect(isAdminUrl('/api/user')).toBe(false);
  });
});
