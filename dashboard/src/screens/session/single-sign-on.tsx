import type { SsoErrorCode } from '@footfall/contract';
import { useEffect, useState } from 'react';
import { getAuthProviders, singleSignOnStartHref } from '../../api/single-sign-on';
import { http } from '../../app/services';
import { Notice } from '../../components/notice';

// Single sign-on on the session screens (docs/api.md "Single sign-on"): the provider's button, shown only
// when the server names one, and the sentence for each way a sign-in through it can fail.

/** What each `?sso_error=` means to the reader, and what to do about it. */
export const SSO_ERROR_SENTENCES: Record<SsoErrorCode, string> = {
  access_denied:
    'The sign-in was cancelled at your identity provider. Try again, or sign in with your password.',
  provider_error:
    'Your identity provider could not complete the sign-in. Try again; if it keeps failing, ask your administrator.',
  provider_unavailable:
    'Your identity provider cannot be reached right now. Try again in a few minutes, or sign in with your password.',
  state_missing: 'The sign-in took too long or was started in another browser. Start again from this page.',
  state_mismatch: 'The sign-in did not match the one this browser started. Start again from this page.',
  nonce_mismatch: "Your identity provider's answer could not be verified. Start again from this page.",
  invalid_response:
    "Your identity provider's answer could not be verified. Try again; if it keeps failing, ask your administrator.",
  email_missing:
    'Your identity provider did not share an e-mail address. Ask your administrator to allow it, then try again.',
  email_unverified:
    'Your e-mail address is not verified at your identity provider. Verify it there, then sign in again.',
  domain_not_allowed:
    'Accounts with this e-mail domain cannot sign in here. Use an account with an allowed address, or ask your administrator.',
  account_unverified:
    'An account with this address is waiting for its e-mail verification. Open the link we sent you, then sign in again.',
  account_suspended: 'Your account has been suspended. Contact the administrator.',
  registration_closed:
    'There is no account for this address and registration is closed. Ask a site owner to invite you.',
};

/** The configured provider's name, once the server has said; null while asking or when there is none. */
function useOidcProvider(): { name: string } | null {
  const [provider, setProvider] = useState<{ name: string } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getAuthProviders(http, { background: true, silent: true, signal: controller.signal })
      .then((answer) => setProvider(answer.data.oidc))
      // Without an answer the screen is the password form alone, as without a provider.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return provider;
}

/** The sentence for a failed single sign-on, at the top of the sign-in card. */
export function SsoErrorNotice({ code }: { code: SsoErrorCode | undefined }) {
  if (!code) return null;
  return (
    <Notice tone="warning">
      <p>{SSO_ERROR_SENTENCES[code]}</p>
    </Notice>
  );
}

interface SingleSignOnProps {
  /** The "remember me" choice of the form, carried through the provider's pages. */
  remember: boolean;
  /** Where to land once signed in (a same-site path). */
  redirect?: string | undefined;
  /** The button's verb: "Sign in with …" (default), or "Sign up with …" on the sign-up screen. */
  action?: 'Sign in' | 'Sign up';
}

/**
 * "Sign in with {provider}" under an "or", when a provider is configured. A plain link: the sign-in is a
 * round trip of page loads through the provider, which ends on the dashboard with the session's cookie set.
 */
export function SingleSignOn({ remember, redirect, action = 'Sign in' }: SingleSignOnProps) {
  const provider = useOidcProvider();
  if (!provider) return null;
  const query = new URLSearchParams({ remember: String(remember), ...(redirect ? { redirect } : {}) });
  return (
    <div className="single-sign-on">
      <p className="single-sign-on-divider">
        <span>or</span>
      </p>
      <a className="button button-block single-sign-on-button" href={singleSignOnStartHref(query)}>
        {action} with {provider.name}
      </a>
    </div>
  );
}
