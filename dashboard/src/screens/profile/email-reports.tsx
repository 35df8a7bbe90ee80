import type { EmailReportKind, EmailReportPreview, EmailReportSettings } from '@footfall/contract';
import { useEffect, useState } from 'react';
import { getEmailReportSettings, previewEmailReport, saveEmailReportSettings } from '../../api/email-reports';
import { http } from '../../app/services';
import { CheckboxField } from '../../components/form-field';
import { type Outcome, OutcomeNotice } from '../../components/outcome-notice';
import { messageOf } from './team-text';

const WHEN: Record<EmailReportKind, string> = {
  weekly: 'Every Sunday, for the week before (Sunday to Saturday).',
  monthly: 'On the 1st of each month, for the month before.',
};

function savedText(kind: EmailReportKind, on: boolean): string {
  const name = kind === 'weekly' ? 'Weekly' : 'Monthly';
  if (!on) return `${name} reports are off.`;
  return `${name} reports are on: the first comes ${kind === 'weekly' ? 'next Sunday' : 'on the 1st'}.`;
}

/**
 * The member's own e-mail reports for this site (docs/api.md "E-mail reports"): a weekly and a monthly
 * report, each saved the moment it is ticked, and a preview of the report as it would be mailed.
 */
export function EmailReports({ companyId }: { companyId: number }) {
  const [settings, setSettings] = useState<EmailReportSettings | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [preview, setPreview] = useState<EmailReportPreview | undefined>();

  useEffect(() => {
    const controller = new AbortController();
    getEmailReportSettings(http, companyId, { signal: controller.signal })
      .then(({ data }) => setSettings(data))
      .catch(() => undefined);
    return () => controller.abort();
  }, [companyId]);

  const choose = async (kind: EmailReportKind, on: boolean) => {
    if (!settings) return;
    const before = settings;
    const wanted = { ...settings, [kind]: on };
    setSettings(wanted);
    setOutcome(undefined);
    try {
      const { data } = await saveEmailReportSettings(http, companyId, wanted);
      setSettings(data);
      setOutcome({ tone: 'success', text: savedText(kind, on) });
    } catch (error) {
      setSettings(before);
      setOutcome({ tone: 'error', text: messageOf(error, 'Your choice could not be saved.') });
    }
  };

  const showPreview = async (kind: EmailReportKind) => {
    try {
      const { data } = await previewEmailReport(http, companyId, { kind });
      setPreview(data);
    } catch (error) {
      setOutcome({ tone: 'error', text: messageOf(error, 'The preview could not be made.') });
    }
  };

  return (
    <section id="email-reports" className="panel settings-section" aria-labelledby="email-reports-title">
      <h2 id="email-reports-title">Email reports</h2>
      <p className="muted">
        A summary of this site's visitors, top pages, sources and goals, mailed to you alone, in the site's
        time zone.
      </p>
      <OutcomeNotice outcome={outcome} />
      {settings ? (
        <div className="email-report-choices">
          {(['weekly', 'monthly'] as const).map((kind) => (
            <div key={kind} className="email-report-choice">
              <CheckboxField
                name={kind}
                label={kind === 'weekly' ? 'Weekly report' : 'Monthly report'}
                checked={settings[kind]}
                onChecked={(on) => void choose(kind, on)}
                hint={WHEN[kind]}
              />
              <button type="button" className="link-button" onClick={() => void showPreview(kind)}>
                Preview the {kind} report
              </button>
            </div>
          ))}
        </div>
      ) : (
        <p className="muted">Loading your choices…</p>
      )}
      {preview ? (
        <div className="email-report-preview">
          <div className="email-report-preview-head">
            <p>
              <strong>{preview.subject}</strong>
            </p>
            <button type="button" className="button" onClick={() => setPreview(undefined)}>
              Close preview
            </button>
          </div>
          {/* No scripts, no same origin: the report is shown exactly as a mail client would. */}
          <iframe title={`Preview: ${preview.subject}`} sandbox="" srcDoc={preview.html} />
        </div>
      ) : null}
    </section>
  );
}
