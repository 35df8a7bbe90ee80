import type { MailMessage } from './mailer.js';

export const PRODUCT_NAME = 'Footfall';

/** What a transactional mail says, before it is rendered as plain text and HTML. */
export interface MailContent {
  to: string;
  subject: string;
  name: string;
  /** Paragraphs before the button, plain text. */
  intro: string[];
  /** The button, when the mail asks the reader to do something at an address. */
  action?: { label: string; url: string };
  /** Paragraphs after the button: expiry and what to do if the mail was unexpected. */
  outro: string[];
  appUrl: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

function greeting(name: string): string {
  const trimmed = name.trim();
  return trimmed === '' ? 'Hi,' : `Hi ${trimmed},`;
}

export function renderText(content: MailContent): string {
  return [
    greeting(content.name),
    ...content.intro,
    ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []),
    ...content.outro,
    `— ${PRODUCT_NAME}\n${content.appUrl}`,
  ].join('\n\n');
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const PARAGRAPH = `margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:#1f2933`;
const SMALL = `margin:0 0 8px;${FONT};font-size:13px;line-height:20px;color:#52606d`;

function paragraphs(lines: string[], style: string): string {
  return lines.map((line) => `<p style="${style}">${escapeHtml(line)}</p>`).join('\n');
}

// Mail clients drop <style> blocks and external assets, so the layout is a table with inline styles only;
// role="presentation" keeps screen readers from announcing it as a data table.
function renderButton(action: NonNullable<MailContent['action']>): string {
  const url = escapeHtml(action.url);
  return `<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:12px 24px;background:#2251cc;color:#ffffff;${FONT};font-size:16px;font-weight:600;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>
<p style="${SMALL}">If the button does not work, copy this address into your browser:</p>
<p style="${SMALL};word-break:break-all"><a href="${url}" style="color:#2251cc">${url}</a></p>`;
}

function renderBody(content: MailContent): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f5f7">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px">
<p style="margin:0 0 24px;${FONT};font-size:20px;font-weight:700;color:#1f2933">${PRODUCT_NAME}</p>
<h1 style="margin:0 0 16px;${FONT};font-size:22px;line-height:30px;color:#1f2933">${escapeHtml(content.subject)}</h1>
<p style="${PARAGRAPH}">${escapeHtml(greeting(content.name))}</p>
${paragraphs(content.intro, PARAGRAPH)}
${content.action ? renderButton(content.action) : ''}
${paragraphs(content.outro, PARAGRAPH)}
</td></tr>
</table>
<p style="${SMALL};margin-top:16px">${PRODUCT_NAME} · <a href="${escapeHtml(content.appUrl)}" style="color:#52606d">${escapeHtml(content.appUrl)}</a></p>
</td></tr>
</table>`;
}

export function renderHtml(content: MailContent): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7">
${renderBody(content)}
</body>
</html>
`;
}

export function renderMail(content: MailContent): MailMessage {
  return {
    to: content.to,
    subject: content.subject,
    text: renderText(content),
    html: renderHtml(content),
    ...(content.action && { link: content.action.url }),
  };
}
