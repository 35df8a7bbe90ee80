import { describe, expect, it } from 'vitest';
import { type FormValues, type SyncRule, validateFieldSync } from './rules-core';
import { after, before, compileDateFormat, date_between, date_format } from './rules-dates';

function check(rule: SyncRule, value: unknown, values: FormValues = {}): string | null {
  return validateFieldSync([rule], value, { label: 'end date', values, labels: { start: 'start date' } });
}

function passes(rule: SyncRule, value: unknown, values: FormValues = {}): boolean {
  return check(rule, value, values) === null;
}

const iso = { format: 'yyyy-MM-dd' };

describe('compileDateFormat', () => {
  it('reads each token into the right part of the date', () => {
    const parser = compileDateFormat('dd/MM/yyyy HH:mm:ss');
    expect(parser.parse('31/12/2024 23:59:58')).toBe(Date.UTC(2024, 11, 31, 23, 59, 58));
  });

  it('reads one-letter tokens as one or two digits', () => {
    const parser = compileDateFormat('M/d/yyyy H:mm');
    expect(parser.parse('2/9/2024 7:05')).toBe(Date.UTC(2024, 1, 9, 7, 5));
    expect(parser.parse('12/31/2024 17:00')).toBe(Date.UTC(2024, 11, 31, 17, 0));
  });

  it('keeps years before 100 as they are written', () => {
    expect(new Date(compileDateFormat('yyyy-MM-dd').parse('0099-01-01') ?? 0).getUTCFullYear()).toBe(99);
  });

  it('takes the separators literally, including regular-expression characters', () => {
    const parser = compileDateFormat('yyyy.MM.dd');
    expect(parser.parse('2024.01.02')).not.toBeNull();
    expect(parser.parse('2024x01x02')).toBeNull();
  });

  it('refuses formats with unknown letters or a repeated part', () => {
    expect(() => compileDateFormat('YYYY-MM-DD')).toThrow(SyntaxError);
    expect(() => compileDateFormat('MMM yyyy')).toThrow(SyntaxError);
  });
});

describe('date_format', () => {
  it('accepts dates that exist in the given format', () => {
    expect(passes(date_format('yyyy-MM-dd'), '2024-02-29')).toBe(true);
    expect(passes(date_format('dd/MM/yyyy'), '31/01/2025')).toBe(true);
    expect(passes(date_format('yyyy-MM-dd HH:mm'), '2025-06-30 00:00')).toBe(true);
  });

  it('rejects impossible dates: February 30th and February 29th of a common year', () => {
    expect(check(date_format('yyyy-MM-dd'), '2026-02-30')).toBe(
      'The end date field must be in the format yyyy-MM-dd',
    );
    expect(passes(date_format('yyyy-MM-dd'), '2025-02-29')).toBe(false);
    expect(passes(date_format('yyyy-MM-dd'), '1900-02-29')).toBe(false);
    expect(passes(date_format('yyyy-MM-dd'), '2000-02-29')).toBe(true);
  });

  it('rejects month 13, day 0, the 31st of a 30-day month and impossible times', () => {
    for (const value of ['2024-13-01', '2024-00-10', '2024-01-00', '2024-04-31']) {
      expect(passes(date_format('yyyy-MM-dd'), value)).toBe(false);
    }
    expect(passes(date_format('HH:mm:ss'), '24:00:00')).toBe(false);
    expect(passes(date_format('HH:mm:ss'), '23:60:00')).toBe(false);
    expect(passes(date_format('HH:mm:ss'), '23:59:60')).toBe(false);
  });

  it('rejects text in another format or with missing padding', () => {
    for (const value of ['2024/01/31', '31-01-2024', '2024-1-31', '2024-01-31T00:00', ' 2024-01-31']) {
      expect(passes(date_format('yyyy-MM-dd'), value)).toBe(false);
    }
  });

  it('accepts February 29th when the format has no year', () => {
    expect(passes(date_format('dd/MM'), '29/02')).toBe(true);
  });
});

describe('after', () => {
  it('compares with a literal date, excluding it unless inclusive', () => {
    expect(passes(after('2024-01-31', iso), '2024-02-01')).toBe(true);
    expect(check(after('2024-01-31', iso), '2024-01-31')).toBe('The end date field must be after 2024-01-31');
    expect(passes(after('2024-01-31', { ...iso, inclusive: true }), '2024-01-31')).toBe(true);
    expect(check(after('2024-01-31', { ...iso, inclusive: true }), '2024-01-30')).toBe(
      'The end date field must be after or equal to 2024-01-31',
    );
  });

  it('compares with another field’s value and names that field by its label', () => {
    const rule = after({ field: 'start' }, { format: 'dd/MM/yyyy' });
    expect(passes(rule, '02/01/2025', { start: '31/12/2024' })).toBe(true);
    expect(check(rule, '30/12/2024', { start: '31/12/2024' })).toBe(
      'The end date field must be after start date',
    );
  });

  it('compares times within a day', () => {
    const rule = after('2024-05-01 09:30', { format: 'yyyy-MM-dd HH:mm' });
    expect(passes(rule, '2024-05-01 09:31')).toBe(true);
    expect(passes(rule, '2024-05-01 09:29')).toBe(false);
  });

  it('fails on a value not in the format, and passes while the target field is blank or not a date', () => {
    const rule = after({ field: 'start' }, iso);
    expect(passes(rule, '2024-02-30', { start: '2024-01-01' })).toBe(false);
    expect(passes(rule, '2024-02-01', { start: '' })).toBe(true);
    expect(passes(rule, '2024-02-01', { start: 'soon' })).toBe(true);
  });

  it('refuses a literal target that is not written in the format', () => {
    expect(() => after('31/01/2024', iso)).toThrow(RangeError);
  });
});

describe('before', () => {
  it('compares with a literal date, excluding it unless inclusive', () => {
    expect(passes(before('2024-01-31', iso), '2024-01-30')).toBe(true);
    expect(check(before('2024-01-31', iso), '2024-01-31')).toBe(
      'The end date field must be before 2024-01-31',
    );
    expect(passes(before('2024-01-31', { ...iso, inclusive: true }), '2024-01-31')).toBe(true);
    expect(check(before('2024-01-31', { ...iso, inclusive: true }), '2024-02-01')).toBe(
      'The end date field must be before or equal to 2024-01-31',
    );
  });

  it('passes while the target field is blank, whatever the date', () => {
    const rule = before({ field: 'start' }, iso);
    expect(passes(rule, '2024-02-01', { start: '' })).toBe(true);
    expect(passes(rule, '2024-02-01', {})).toBe(true);
  });

  it('compares across years in a day-first format', () => {
    const rule = before({ field: 'start' }, { format: 'dd/MM/yyyy' });
    expect(passes(rule, '31/12/2024', { start: '01/01/2025' })).toBe(true);
    expect(passes(rule, '01/01/2025', { start: '31/12/2024' })).toBe(false);
  });
});

describe('date_between', () => {
  it('accepts dates strictly between the bounds unless inclusive', () => {
    const rule = date_between('2024-01-01', '2024-12-31', iso);
    expect(passes(rule, '2024-06-15')).toBe(true);
    expect(check(rule, '2024-01-01')).toBe('The end date field must be between 2024-01-01 and 2024-12-31');
    expect(passes(rule, '2024-12-31')).toBe(false);
    expect(passes(rule, '2025-01-01')).toBe(false);
    const inclusive = date_between('2024-01-01', '2024-12-31', { ...iso, inclusive: true });
    expect(passes(inclusive, '2024-01-01')).toBe(true);
    expect(passes(inclusive, '2024-12-31')).toBe(true);
  });

  it('takes a bound from another field and names it by its label', () => {
    const rule = date_between({ field: 'start' }, '2024-12-31', iso);
    expect(passes(rule, '2024-03-01', { start: '2024-02-01' })).toBe(true);
    expect(check(rule, '2024-01-15', { start: '2024-02-01' })).toBe(
      'The end date field must be between start date and 2024-12-31',
    );
  });
});

describe('empty values', () => {
  it('pass every date rule, so an optional date may be left blank', () => {
    for (const rule of [
      date_format('yyyy-MM-dd'),
      after('2024-01-01', iso),
      date_between('2024-01-01', '2024-02-01', iso),
    ]) {
      expect(passes(rule, '')).toBe(true);
    }
  });
});
