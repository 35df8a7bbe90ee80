import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { analyticsDetail, PAGES_TABLE } from '../../test/support/export-fixtures';
import { CSV_BOM } from './csv';
import { csvFileNames, csvZipBytes } from './csv-zip';
import { reportFromAnalytics } from './report-from-analytics';
import { reportTables } from './report-tables';

type Detail = ReturnType<typeof analyticsDetail>;

/** The archive's files as records (lines without the BOM), by file name, in the archive's order. */
function unzipped(
  overrides: Partial<Detail> = {},
  options: { filters?: Record<string, string>; segment?: string } = {},
): Map<string, string[]> {
  const report = reportFromAnalytics(analyticsDetail(overrides), { companyName: 'Acme', ...options });
  const files = unzipSync(csvZipBytes(reportTables(report)));
  return new Map(
    Object.entries(files).map(([name, bytes]) => {
      // A plain TextDecoder would drop the byte-order mark this checks for.
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      expect(text.startsWith(CSV_BOM), name).toBe(true);
      return [name, text.slice(CSV_BOM.length).split('\r\n')];
    }),
  );
}

describe('csvZipBytes', () => {
  it('holds one CSV file per table: the summary, what it covers, the visitors over time, then each breakdown', () => {
    expect([...unzipped().keys()]).toEqual([
      'summary.csv',
      'filters.csv',
      'timeseries.csv',
      'pages.csv',
      'entry_pages.csv',
      'exit_pages.csv',
      'sources.csv',
      'referrers.csv',
      'utm_sources.csv',
      'utm_mediums.csv',
      'utm_campaigns.csv',
      'countries.csv',
      'browsers.csv',
      'os.csv',
      'devices.csv',
      'languages.csv',
      'events.csv',
    ]);
  });

  it('names the period, the segment and each filter in filters.csv', () => {
    expect(unzipped().get('filters.csv')).toEqual(['field,condition', 'Period,2026-10-26 to 2026-11-24', '']);
    expect(
      unzipped({}, { filters: { source: 'Google', country: '!DE' }, segment: 'Search, not Germany' }).get(
        'filters.csv',
      ),
    ).toEqual([
      'field,condition',
      'Period,2026-10-26 to 2026-11-24',
      'Segment,"Search, not Germany"',
      'Source,Google',
      'Country,is not Germany (DE)',
      '',
    ]);
  });

  it('gives every file a header row, and an empty breakdown nothing else', () => {
    const files = unzipped();
    expect(files.get('timeseries.csv')?.slice(0, 2)).toEqual([
      'date,visitors,visits,pageviews',
      '2026-10-26,40,50,120',
    ]);
    expect(files.get('pages.csv')?.slice(0, 2)).toEqual(['page,visitors,pageviews', '/,800,2000']);
    expect(files.get('countries.csv')?.slice(0, 2)).toEqual([
      'country,code,visitors,visits',
      'France,FR,700,800',
    ]);
    expect(files.get('events.csv')?.slice(0, 2)).toEqual(['event,visitors,events', 'signup,30,45']);
    expect(files.get('languages.csv')).toEqual(['language,code,visitors,visits', '']);
  });

  it('writes the summary with bare numbers, and the change as a number in percent', () => {
    expect(unzipped().get('summary.csv')).toEqual([
      'metric,value,previous_value,change_percent',
      'visitors,1200,1000,20',
      'visits,1500,1500,0',
      'pageviews,3750,5000,-25',
      'views_per_visit,2.5,3.33,-24.92',
      'bounce_rate_percent,40,50,-20',
      // No change from nothing: the cards' `—` is an empty field here.
      'visit_duration_seconds,200,0,',
      'events,90,0,',
      '',
    ]);
  });

  it('leaves the previous value and the change empty without a comparison', () => {
    expect(unzipped({ comparison: null }).get('summary.csv')?.slice(0, 2)).toEqual([
      'metric,value,previous_value,change_percent',
      'visitors,1200,,',
    ]);
  });

  it("defuses formulas in visitors' values only", () => {
    const files = unzipped({
      breakdowns: {
        ...analyticsDetail().breakdowns,
        utm_campaigns: [{ value: '=HYPERLINK("https://evil.example")', visitors: 3, visits: 4 }],
        events: [{ value: '+signup', visitors: 2, events: 2 }],
      },
    });
    expect(files.get('utm_campaigns.csv')?.[1]).toBe(`"'=HYPERLINK(""https://evil.example"")",3,4`);
    expect(files.get('events.csv')?.[1]).toBe("'+signup,2,2");
    expect(files.get('summary.csv')?.[3]).toBe('pageviews,3750,5000,-25');
  });
});

describe('csvFileNames', () => {
  it('names files after their tables, unique and safe', () => {
    const named = (name: string) => ({ ...PAGES_TABLE, name });
    expect(csvFileNames([named('pages'), named('pages'), named('a/b c'), named('')])).toEqual([
      'pages.csv',
      'pages-2.csv',
      'a-b-c.csv',
      'table.csv',
    ]);
  });
});
