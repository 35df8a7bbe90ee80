import type { Admin, Company, User } from '@footfall/contract';
import { Store } from '@tanstack/react-store';
import type { FieldErrors } from '../api/api-error';

/** The key under which a form-wide message (not tied to one field) is kept in `validationError`. */
export const FORM_ERROR = 'form';

export type ChangePasswordStatus = 'idle' | 'saving' | 'changed' | 'failed';

/** The authentication state of docs/architecture.md "The dashboard", with its field names. */
export interface AuthState {
  /** The signed-in user; null until loaded. */
  user: User | null;
  /** The signed-in admin (the second kind of session), when the token is an admin's; null until loaded. */
  admin: Admin | null;
  /** The session token, read from the `token` cookie. */
  token: string | null;
  /** Registration's field messages (422), or its `success:false` message under {@link FORM_ERROR}. */
  validationError: FieldErrors;
  registerLoading: boolean;
  /** Registration's success message. */
  successMsg: string;
  /** The user's companies in full (settings, tracking keys), loaded with `listCompanies`. */
  userDetails: Company[] | null;
  changePasswordStatus: ChangePasswordStatus;
  /** On while any foreground request is in flight. */
  globalLoader: boolean;
  /** Foreground requests in flight. */
  apiCount: number;
}

export function initialAuthState(token: string | null): AuthState {
  return {
    user: null,
    admin: null,
    token,
    validationError: {},
    registerLoading: false,
    successMsg: '',
    userDetails: null,
    changePasswordStatus: 'idle',
    globalLoader: false,
    apiCount: 0,
  };
}

export type AuthStore = Store<AuthState>;

export function createAuthStore(token: string | null): AuthStore {
  return new Store(initialAuthState(token));
}

/** Counts a foreground request in or out; the loader is on while any is in flight. */
export function trackActivity(store: AuthStore, started: boolean): void {
  store.setState((state) => {
    const apiCount = Math.max(0, state.apiCount + (started ? 1 : -1));
    return { ...state, apiCount, globalLoader: apiCount > 0 };
  });
}

/** docs/architecture.md "The dashboard"'s admin-logged-in check: an admin's account has been loaded. */
export function isAdminLoggedIn(state: AuthState): boolean {
  return state.admin !== null;
}
