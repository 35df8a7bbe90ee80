import type { EmailReportUnsubscribeState } from '@footfall/contract';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getUnsubscribeState, unsubscribeFromReport } from '../../api/email-reports';
import { http } from '../../app/services';
import { FormError } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { messageOf } from '../profile/team-text';
import { SessionLayout } from '../session/session-layout';

const route = getRouteApi('/email-reports/unsubscribe');
const INVALID =
  'This unsubscribe link is invalid. Open the link from the report again, or turn reports off in the settings.';

type Stage =
  | { step: 'loading' }
  | { step: 'invalid'; message: string }
  | { step: 'ready'; state: EmailReportUnsubscribeState; justNow: boolean };

function siteOf(state: EmailReportUnsubscribeState): string {
  return state.site_name ?? 'a deleted site';
}

/**
 * `/email-reports/unsubscribe?token=…`, the page a report's unsubscribe link opens (docs/api.md "E-mail
 * reports"). No sign-in: the signed token is enough. Opening it changes nothing, since mail scanners open
 * links too; the button does.
 */
export default function Unsubscribe() {
  const { token } = route.useSearch();
  const [stage, setStage] = useState<Stage>({ step: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!token) {
      setStage({ step: 'invalid', message: INVALID });
      return;
    }
    const controller = new AbortController();
    getUnsubscribeState(http, { token }, { signal: controller.signal, silent: true })
      .then(({ data }) => setStage({ step: 'ready', state: data, justNow: false }))
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setStage({ step: 'invalid', message: messageOf(failure, INVALID) });
      });
    return () => controller.abort();
  }, [token]);

  const unsubscribe = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { data } = await unsubscribeFromReport(http, { token: token ?? '' }, { silent: true });
      setStage({ step: 'ready', state: data, justNow: true });
    } catch (failure) {
      setError(messageOf(failure, 'You could not be unsubscribed. Try again in a moment.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SessionLayout title="Email reports">
      {stage.step === 'loading' ? <p className="muted">Reading your link…</p> : null}
      {stage.step === 'invalid' ? <FormError message={stage.message} /> : null}
      {stage.step === 'ready' && stage.state.subscribed ? (
        <>
          <p>
            Stop the {stage.state.kind} report of <strong>{siteOf(stage.state)}</strong>? Your other reports
            stay as they are.
          </p>
          <FormError message={error} />
          <div className="unsubscribe-actions">
            <button type="button" className="button button-primary" disabled={busy} onClick={unsubscribe}>
              {busy ? 'Unsubscribing…' : 'Unsubscribe'}
            </button>
          </div>
        </>
      ) : null}
      {stage.step === 'ready' && !stage.state.subscribed ? (
        <>
          <Notice tone="success">
            {stage.justNow ? 'Done: you' : 'You'} will no longer get the {stage.state.kind} report of{' '}
            <strong>{siteOf(stage.state)}</strong>.
          </Notice>
          <p className="muted">
            You can turn reports on again in the site's settings. <Link to="/home">Go to Footfall</Link>
          </p>
        </>
      ) : null}
    </SessionLayout>
  );
}
