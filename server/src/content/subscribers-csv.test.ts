import { describe, expect, it } from 'vitest';
import { csvField, subscribersCsv, subscribersCsvName } from './subscribers-csv';

describe('the subscribers CSV', () => {
  it('has a header row and CRLF line ends', () => {
    const createdAt = new Date('2026-06-01T09:30:00.000Z');
    expect(subscribersCsv([{ id: 1, email: 'a@example.com', createdAt }])).toBe(
      'email,subscribed_at\r\na@example.com,2026-06-01T09:30:00.000Z\r\n',
    );
    expect(subscribersCsv([])).toBe('email,subscribed_at\r\n');
  });

  it('quotes fields as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps spreadsheets from running a field as a formula', () => {
    expect(csvField('=1+2@example.com')).toBe("'=1+2@example.com");
    expect(csvField('+x@example.com')).toBe("'+x@example.com");
    expect(csvField('-x@example.com')).toBe("'-x@example.com");
  });

  it('is named after the UTC date', () => {
    expect(subscribersCsvName(new Date('2026-06-01T23:59:59Z'))).toBe('subscribers-2026-06-01.csv');
  });
});
