import { describe, expect, it } from 'vitest';
import { normalizeLanguage, pagePath, preferredLanguage, visitAttributes } from './enrich';

describe('normalizeLanguage', () => {
  it('keeps the tag as sent in ll-RR case', () => {
    expect(normalizeLanguage('en-us')).toBe('en-US');
    expect(normalizeLanguage('EN')).toBe('en');
    expect(normalizeLanguage('zh_hant_tw')).toBe('zh-Hant-TW');
    expect(normalizeLanguage('es-419')).toBe('es-419');
    expect(normalizeLanguage('<script>')).toBeNull();
    expect(normalizeLanguage(undefined)).toBeNull();
  });
});

describe('preferredLanguage', () => {
  it('takes the tag of highest weight from an Accept-Language header, the first of equals', () => {
    expect(preferredLanguage('fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5')).toBe('fr-CH');
    expect(preferredLanguage('en;q=0.5, de-AT;q=0.9, de;q=0.9')).toBe('de-AT');
    expect(preferredLanguage('*, it;q=0.2')).toBe('it');
    expect(preferredLanguage('es;q=0')).toBeUndefined();
    expect(preferredLanguage('')).toBeUndefined();
    expect(preferredLanguage(undefined)).toBeUndefined();
  });
});

describe('pagePath', () => {
  it('drops the query and keeps a hash route', () => {
    expect(pagePath(new URL('https://a.example/p/?utm_source=x'))).toBe('/p/');
    expect(pagePath(new URL('https://a.example/#/settings'))).toBe('/#/settings');
    expect(pagePath(new URL('https://a.example/p#'))).toBe('/p');
  });
});

describe('visitAttributes', () => {
  const ua = { isBot: false, browser: 'Firefox', os: 'Linux', device: 'desktop' as const };
  const none = { referrer: null, source: null };
  const event = (url: string) => ({ company: 'k', type: 'pageview' as const, url: new URL(url) });

  it('takes the source from the referrer, then utm_source, then Direct / None', () => {
    const tagged = event(
      'https://a.example/?utm_source=news&utm_medium=email&utm_campaign=c1&utm_term=t&utm_content=v',
    );
    expect(visitAttributes(tagged, ua, null, { referrer: 'google.com', source: 'Google' })).toMatchObject({
      source: 'Google',
      utmSource: 'news',
      utmMedium: 'email',
      utmCampaign: 'c1',
      utmTerm: 't',
      utmContent: 'v',
    });
    expect(visitAttributes(tagged, ua, null, none).source).toBe('news');
    expect(visitAttributes(event('https://a.example/'), ua, 'DE', none)).toMatchObject({
      source: 'Direct / None',
      utmSource: null,
      country: 'DE',
      browser: 'Firefox',
    });
  });
});
