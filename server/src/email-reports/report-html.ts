import { escapeHtml } from '../mail';
import type { ReportContent, ReportList, ReportMetric, Tone } from './report-content';

// Mail clients drop <style> blocks, scripts and (often) remote images: the report is tables with inline
// styles only, dark text on white, one column that narrows to a phone's width, and bars made of table
// cells. role="presentation" keeps screen readers from reading the layout tables as data.

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = '#1f2933';
const MUTED = '#52606d';
const ACCENT = '#2251cc';
const RULE = 'border-bottom:1px solid #e4e7eb';
const TONES: Record<Tone, string> = { good: '#17703a', bad: '#b42318', flat: MUTED };
const LAYOUT = 'role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"';

const text = (size: number, color = INK, extra = '') =>
  `${FONT};font-size:${size}px;line-height:${Math.round(size * 1.45)}px;color:${color};${extra}`;

function metricRow(metric: ReportMetric): string {
  return `<tr>
<td style="padding:10px 0;${RULE};${text(15, MUTED)}">${escapeHtml(metric.label)}</td>
<td align="right" style="padding:10px 8px;${RULE};${text(18, INK, 'font-weight:700;white-space:nowrap')}">${escapeHtml(metric.value)}</td>
<td align="right" width="72" style="padding:10px 0;${RULE};${text(14, TONES[metric.tone], 'font-weight:600;white-space:nowrap')}">${escapeHtml(metric.change)}</td>
</tr>`;
}

/** A bar as wide as the row's share of the top row, drawn with two cells (no image, no CSS width). */
function bar(share: number): string {
  const percent = Math.max(1, Math.round(share * 100));
  const rest = percent < 100 ? `<td style="font-size:0;line-height:6px">&nbsp;</td>` : '';
  return `<table ${LAYOUT}><tr><td width="${percent}%" style="background:${ACCENT};border-radius:3px;font-size:0;line-height:6px;height:6px">&nbsp;</td>${rest}</tr></table>`;
}

function listSection(list: ReportList): string {
  const rows =
    list.rows.length === 0
      ? `<tr><td style="padding:8px 0;${text(14, MUTED)}">No visits in this period.</td></tr>`
      : list.rows
          .map(
            (row) => `<tr>
<td style="padding:8px 12px 8px 0;${RULE};${text(14, INK, 'word-break:break-word')}">${escapeHtml(row.label)}<div style="padding-top:4px">${bar(row.share)}</div></td>
<td align="right" width="64" style="padding:8px 0;${RULE};${text(14, INK, 'font-weight:600;vertical-align:top')}">${row.visitors.toLocaleString('en-US')}</td>
</tr>`,
          )
          .join('\n');
  return `<h2 style="margin:28px 0 4px;${text(17, INK, 'font-weight:700')}">${escapeHtml(list.title)}</h2>
<table ${LAYOUT}>
<tr><td style="padding:4px 0;${RULE};${text(12, MUTED, 'text-transform:uppercase;letter-spacing:0.04em')}">&nbsp;</td><td align="right" style="padding:4px 0;${RULE};${text(12, MUTED, 'text-transform:uppercase;letter-spacing:0.04em')}">Visitors</td></tr>
${rows}
</table>`;
}

function goalsSection(content: ReportContent): string {
  if (content.goals.length === 0) return '';
  const head = (label: string, align = 'right') =>
    `<td align="${align}" style="padding:4px 0 4px 8px;${RULE};${text(12, MUTED, 'text-transform:uppercase;letter-spacing:0.04em')}">${label}</td>`;
  const rows = content.goals
    .map(
      (goal) => `<tr>
<td style="padding:8px 8px 8px 0;${RULE};${text(14, INK, 'word-break:break-word')}">${escapeHtml(goal.name)}</td>
<td align="right" style="padding:8px 0 8px 8px;${RULE};${text(14, INK, 'font-weight:600')}">${escapeHtml(goal.visitors)}</td>
<td align="right" style="padding:8px 0 8px 8px;${RULE};${text(14, INK)}">${escapeHtml(goal.rate)}</td>
<td align="right" style="padding:8px 0 8px 8px;${RULE};${text(14, TONES[goal.tone], 'font-weight:600;white-space:nowrap')}">${escapeHtml(goal.change)}</td>
</tr>`,
    )
    .join('\n');
  return `<h2 style="margin:28px 0 4px;${text(17, INK, 'font-weight:700')}">Goal conversions</h2>
<table ${LAYOUT}>
<tr>${head('Goal', 'left').replace('padding:4px 0 4px 8px', 'padding:4px 0')}${head('Visitors')}${head('Rate')}${head('Change')}</tr>
${rows}
</table>`;
}

/** The report as an HTML document for mail clients. */
export function reportHtml(content: ReportContent): string {
  const { links } = content;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7">
<table ${LAYOUT} style="background:#f4f5f7">
<tr><td align="center" style="padding:24px 12px">
<table ${LAYOUT} style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 20px 28px">
<p style="margin:0 0 16px;${text(15, ACCENT, 'font-weight:700')}">Footfall</p>
<p style="margin:0;${text(14, MUTED, 'font-weight:600;text-transform:uppercase;letter-spacing:0.04em')}">${escapeHtml(content.heading)}</p>
<h1 style="margin:4px 0 6px;${text(24, INK, 'font-weight:700;word-break:break-word')}">${escapeHtml(content.siteName)}</h1>
<p style="margin:0 0 20px;${text(14, MUTED)}">${escapeHtml(content.period)}<br>Compared with ${escapeHtml(content.comparedWith)}</p>
<table ${LAYOUT}>
${content.metrics.map(metricRow).join('\n')}
</table>
${goalsSection(content)}
${content.lists.map(listSection).join('\n')}
<p style="margin:28px 0 0"><a href="${escapeHtml(links.dashboard)}" style="display:inline-block;padding:12px 22px;background:${ACCENT};color:#ffffff;${FONT};font-size:16px;font-weight:600;text-decoration:none;border-radius:6px">Open the dashboard</a></p>
</td></tr>
</table>
<table ${LAYOUT} style="max-width:600px">
<tr><td style="padding:16px 20px;${text(13, MUTED)}">
You get this ${content.kindWord} report because you turned it on for ${escapeHtml(content.siteName)}.<br>
<a href="${escapeHtml(links.unsubscribe)}" style="color:${MUTED};text-decoration:underline">Unsubscribe from ${content.kindWord} reports</a> · <a href="${escapeHtml(links.settings)}" style="color:${MUTED};text-decoration:underline">Manage e-mail reports</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
