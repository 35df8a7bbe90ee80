import type {
  Admin,
  ChangePasswordBody,
  CompanyListAnswer,
  DeleteAccountBody,
  LoginAnswer,
  LoginBody,
  RegisterAnswer,
  RegisterBody,
  TwoFactorLoginBody,
  UpdateUserAnswer,
  UpdateUserBody,
  User,
  UserSignedIn,
} from '@footfall/contract';
import * as account from '../api/account';
import { adminLogout, getAdmin } from '../api/admin-auth';
import { isApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { listCompanies } from '../api/companies';
import type { CookieJar } from '../api/cookies';
import { clearToken, readToken, saveToken, tokenKind } from '../api/token';
import type { AnalyticsStore } from './analytics-store';
import { type AuthStore, FORM_ERROR } from './auth-store';

// The transitions of docs/architecture.md "The dashboard" over the auth and analytics state. The requests' own failures are also passed
// on (docs/architecture.md "The dashboard"), so every action rethrows after updating the state, unless it says otherwise.

export interface AuthDependencies {
  client: ApiClient;
  auth: AuthStore;
  analytics: AnalyticsStore;
  cookies: CookieJar;
  /** Whether the app runs on https, so that the token cookie is marked `Secure`. */
  secure: boolean;
}

export type AuthActions = ReturnType<typeof createAuthActions>;

export function createAuthActions({ client, auth, analytics, cookies, secure }: AuthDependencies) {
  const patch = (changes: Partial<AuthStore['state']>) =>
    auth.setState((state) => ({ ...state, ...changes }));

  /** Signs out locally: user, token and everything loaded for them. */
  function clearSession(): void {
    clearToken(cookies);
    patch({ user: null, admin: null, token: null, userDetails: null, changePasswordStatus: 'idle' });
    analytics.setState(() => ({ company_analytic: {} }));
  }

  /** The signed-in user (`getUser`), stored; a failure clears the token (docs/architecture.md "The dashboard"). */
  async function fetchUser(): Promise<User> {
    try {
      const user = await account.getUser(client);
      patch({ user });
      return user;
    } catch (error) {
      clearSession();
      throw error;
    }
  }

  let loadingUser: Promise<User | null> | undefined;

  /**
   * The user, fetched once per session (callers at the same moment share one request); null without a token
   * or when the token no longer works.
   */
  function ensureUser(): Promise<User | null> {
    const { user } = auth.state;
    if (user) return Promise.resolve(user);
    const token = readToken(cookies);
    // An admin's token is no user's: `getUser` would be refused (403), and the admin stays signed in.
    if (tokenKind(token) === 'admin') return Promise.resolve(null);
    if (!token) {
      if (auth.state.token !== null) patch({ token: null });
      return Promise.resolve(null);
    }
    patch({ token });
    loadingUser ??= fetchUser()
      .catch(() => null)
      .finally(() => {
        loadingUser = undefined;
      });
    return loadingUser;
  }

  /** The signed-in admin (`getAdmin`), stored; a failure clears the token, as a failed user fetch does. */
  async function fetchAdmin(): Promise<Admin> {
    try {
      const { data } = await getAdmin(client);
      patch({ admin: data });
      return data;
    } catch (error) {
      clearSession();
      throw error;
    }
  }

  /** The signed-in account of whichever kind the token is: the user, or the admin (the two checks of docs/architecture.md "The dashboard"). */
  async function ensureAccount(): Promise<User | Admin | null> {
    const token = readToken(cookies);
    if (tokenKind(token) !== 'admin') return ensureUser();
    if (auth.state.admin) return auth.state.admin;
    patch({ token: token ?? null });
    return fetchAdmin().catch(() => null);
  }

  /**
   * The password step of a sign-in. On success the token is kept in the cookie (365 days with remember, else for the
   * browser session) and the user stored. An unverified account answers `success:false`, returned as is.
   */
  async function login(body: LoginBody): Promise<LoginAnswer> {
    const answer = await account.login(client, body);
    if (answer.success) {
      saveToken(cookies, answer.data.token, body.remember === true, secure);
      patch({ token: answer.data.token, user: answer.data.user, validationError: {} });
    }
    return answer;
  }

  /**
   * The second step of a sign-in whose password step answered a challenge. The
   * token is kept as `login` keeps it, for a year when the password step asked to be remembered.
   */
  async function completeTwoFactor(body: TwoFactorLoginBody, remember: boolean): Promise<UserSignedIn> {
    const answer = await account.loginWithTwoFactor(client, body);
    saveToken(cookies, answer.data.token, remember, secure);
    patch({ token: answer.data.token, user: answer.data.user, validationError: {} });
    return answer;
  }

  /**
   * Signs out on the server (`logout`, or `adminLogout` for an admin): its errors are ignored, and the session is cleared
   * whatever happens (docs/architecture.md "The dashboard").
   */
  async function logout(): Promise<void> {
    const signOut = tokenKind(readToken(cookies)) === 'admin' ? adminLogout : account.logout;
    try {
      await signOut(client, { silent: true });
    } catch {
      // docs/architecture.md "The dashboard": a logout error is ignored.
    } finally {
      clearSession();
    }
  }

  /**
   * Registration (docs/architecture.md "The dashboard"): the loading flag goes on, then off; the result is the success message,
   * or the field errors (422), or the `success:false` message as the form's error.
   */
  async function register(body: RegisterBody): Promise<RegisterAnswer> {
    patch({ registerLoading: true, validationError: {}, successMsg: '' });
    try {
      const answer = await account.register(client, body);
      if (answer.success) patch({ successMsg: answer.message });
      else patch({ validationError: { [FORM_ERROR]: [answer.message] } });
      return answer;
    } catch (error) {
      if (isApiError(error)) {
        patch({ validationError: error.status === 422 ? error.errors : { [FORM_ERROR]: [error.message] } });
      }
      throw error;
    } finally {
      patch({ registerLoading: false });
    }
  }

  /** The user's companies in full, kept as `userDetails`. */
  async function fetchCompanies(options: { background?: boolean } = {}): Promise<CompanyListAnswer['data']> {
    const { data } = await listCompanies(client, options);
    patch({ userDetails: data });
    return data;
  }

  /**
   * The user and their companies afresh, after their memberships changed (a site joined, left, deleted or
   * handed over): the header and the company switcher read the user's list, the company pages the full one.
   */
  async function refreshCompanies(): Promise<User> {
    const [user] = await Promise.all([fetchUser(), fetchCompanies()]);
    return user;
  }

  /**
   * The account goes with the sites it owns (docs/api.md "Sites and teams"). The session went with
   * it on the server, so it is cleared here without a logout call.
   */
  async function deleteAccount(body: DeleteAccountBody): Promise<void> {
    await account.deleteAccount(client, body);
    clearSession();
  }

  /** Name and e-mail; a new address must be verified again. */
  async function updateUser(body: UpdateUserBody): Promise<UpdateUserAnswer> {
    const answer = await account.updateUser(client, body);
    patch({ user: answer.data });
    return answer;
  }

  /** A new password, reflected in `changePasswordStatus`. */
  async function changePassword(body: ChangePasswordBody): Promise<string> {
    patch({ changePasswordStatus: 'saving' });
    try {
      const answer = await account.changePassword(client, body);
      patch({ changePasswordStatus: 'changed' });
      return answer.message;
    } catch (error) {
      patch({ changePasswordStatus: 'failed' });
      throw error;
    }
  }

  return {
    clearSession,
    fetchUser,
    ensureUser,
    ensureAccount,
    login,
    completeTwoFactor,
    logout,
    register,
    fetchCompanies,
    refreshCompanies,
    deleteAccount,
    updateUser,
    changePassword,
  };
}
