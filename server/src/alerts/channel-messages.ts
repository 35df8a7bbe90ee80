import type { AlertPayload } from '@footfall/contract';
import { formatWhen } from '@footfall/contract/format';
import { escapeHtml, type MailMessage } from '../mail';

const SUBJECTS: Record<AlertPayload['type'], string> = {
  spike: 'Traffic spike',
  drop: 'No events',
  recovered: 'Events are back',
  goal: 'Goal reached',
  test: 'Test message',
};

function title(payload: AlertPayload): string {
  return `${SUBJECTS[payload.type]} on ${payload.site.name}`;
}

/** Slack's mrkdwn reads `&`, `<` and `>` as markup: a site name must not become a link or a mention. */
function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The moment as Slack's date token, which each reader's app shows in their own zone and language; the text
 * after the bar is what clients that cannot show the token print instead.
 */
function slackDate(occurredAt: string): string {
  const seconds = Math.floor(Date.parse(occurredAt) / 1000);
  const fallback = formatWhen(occurredAt, { timeZone: 'UTC', zoneName: true });
  return `<!date^${seconds}^{date_short_pretty} at {time}|${fallback}>`;
}

/** `{text, blocks}` as Slack's incoming webhooks take it; `text` is the notification's fallback. */
export function slackMessage(payload: AlertPayload): Record<string, unknown> {
  return {
    text: `${title(payload)}: ${payload.message}`,
    blocks: [
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `*${slackEscape(title(payload))}*\n${slackEscape(payload.message)}` },
      },
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: `<${payload.dashboard_url}|Open the dashboard> · ${slackDate(payload.occurred_at)}`,
          },
        ],
      },
    ],
  };
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The e-mail of an alert, as text and HTML, its moment told in the site's zone (`timeZone`), named. */
export function alertMail(payload: AlertPayload, to: string, timeZone: string): MailMessage {
  const heading = title(payload);
  const when = formatWhen(payload.occurred_at, { timeZone, zoneName: true });
  const text = [
    heading,
    payload.message,
    `Open the dashboard:\n${payload.dashboard_url}`,
    `— Footfall, ${when}`,
  ].join('\n\n');
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f5f7fa">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;${FONT};color:#1f2933">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:24px">${escapeHtml(payload.message)}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(payload.dashboard_url)}" style="display:inline-block;background:#2563eb;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Open the dashboard</a></p>
<p style="margin:0;font-size:13px;color:#52606d"><time datetime="${escapeHtml(payload.occurred_at)}">${escapeHtml(when)}</time></p>
</div></body></html>`;
  return { to, subject: `[Footfall] ${heading}`, text, html, headers: { 'X-Footfall-Alert': payload.type } };
}
