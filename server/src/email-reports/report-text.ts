import type { ReportContent } from './report-content';

/** The report as plain text, the alternative part for clients that show no HTML. */
export function reportText(content: ReportContent): string {
  const width = Math.max(...content.metrics.map((metric) => metric.label.length));
  const metrics = content.metrics.map(
    (metric) => `${metric.label.padEnd(width)}  ${metric.value}  (${metric.change})`,
  );
  const lists = content.lists.map((list) =>
    [
      list.title,
      ...(list.rows.length === 0
        ? ['  No visits in this period.']
        : list.rows.map((row) => `  ${row.visitors.toLocaleString('en-US').padStart(7)}  ${row.label}`)),
    ].join('\n'),
  );
  const goals =
    content.goals.length === 0
      ? []
      : [
          [
            'Goal conversions',
            ...content.goals.map(
              (goal) => `  ${goal.visitors.padStart(7)}  ${goal.name} (${goal.rate}, ${goal.change})`,
            ),
          ].join('\n'),
        ];
  return [
    `${content.heading} for ${content.siteName}`,
    `${content.period}, compared with ${content.comparedWith}`,
    metrics.join('\n'),
    ...goals,
    ...lists,
    `Open the dashboard:\n${content.links.dashboard}`,
    `You get this ${content.kindWord} report because you turned it on for ${content.siteName}.`,
    `Unsubscribe from ${content.kindWord} reports:\n${content.links.unsubscribe}`,
    `Manage e-mail reports:\n${content.links.settings}`,
    '— Footfall',
  ].join('\n\n');
}
