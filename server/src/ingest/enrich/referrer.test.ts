import { describe, expect, it } from 'vitest';
import { companyInternalHosts, isInternalHost, parseReferrer } from './referrer';

const company = companyInternalHosts(['example.com', 'Shop.Example.NET'], 'https://www.example.org/home');
const read = (referrer: string | undefined, eventHost = 'www.example.com') =>
  parseReferrer(referrer, eventHost, company);

describe('parseReferrer', () => {
  it('stores host without www and path without query, fragment or trailing slash', () => {
    expect(read('https://news.ycombinator.com/item?id=123#c')).toEqual({
      referrer: 'news.ycombinator.com/item',
      source: 'Hacker News',
    });
    expect(read('https://www.other-blog.net/posts/hello/')).toEqual({
      referrer: 'other-blog.net/posts/hello',
      source: 'other-blog.net',
    });
  });

  it('stores the bare host when the path is only a slash', () => {
    expect(read('https://www.google.com/')).toEqual({ referrer: 'google.com', source: 'Google' });
    expect(read('http://blog.example.dev')).toEqual({
      referrer: 'blog.example.dev',
      source: 'blog.example.dev',
    });
  });

  it('names search engines, including country domains and subdomains', () => {
    const cases: [string, string][] = [
      ['https://www.google.co.uk/', 'Google'],
      ['https://www.google.de/search?q=x', 'Google'],
      ['https://www.bing.com/', 'Bing'],
      ['https://duckduckgo.com/', 'DuckDuckGo'],
      ['https://search.yahoo.com/search?p=x', 'Yahoo!'],
      ['https://yandex.ru/search/?text=x', 'Yandex'],
      ['https://www.baidu.com/link?url=x', 'Baidu'],
      ['https://baidu.com/', 'Baidu'],
      ['https://www.ecosia.org/search?q=x', 'Ecosia'],
    ];
    for (const [url, source] of cases) expect(read(url).source, url).toBe(source);
  });

  it('names social networks, with the product spellings X and YouTube', () => {
    const cases: [string, string][] = [
      ['https://m.facebook.com/', 'Facebook'],
      ['https://l.facebook.com/l.php?u=x', 'Facebook'],
      ['https://t.co/AbC123', 'X'],
      ['https://twitter.com/someone', 'X'],
      ['https://x.com/someone/status/1', 'X'],
      ['https://www.linkedin.com/feed/', 'LinkedIn'],
      ['https://lnkd.in/abc', 'LinkedIn'],
      ['https://out.reddit.com/t3_x', 'Reddit'],
      ['https://old.reddit.com/r/programming/', 'Reddit'],
      ['https://github.com/footfall/footfall', 'GitHub'],
      ['https://www.youtube.com/watch?v=x', 'YouTube'],
      ['https://m.youtube.com/', 'YouTube'],
      ['https://l.instagram.com/?u=x', 'Instagram'],
      ['https://www.pinterest.com/pin/1/', 'Pinterest'],
      ['https://www.tiktok.com/@someone', 'TikTok'],
    ];
    for (const [url, source] of cases) expect(read(url).source, url).toBe(source);
  });

  it('lets a listed subdomain keep its own name instead of its parent domain', () => {
    expect(read('https://mail.google.com/mail/u/0/').source).toBe('Gmail');
    expect(read('https://gemini.google.com/app').source).toBe('Gemini');
  });

  it('does not match a known name inside an unrelated host', () => {
    expect(read('https://notgoogle.com/').source).toBe('notgoogle.com');
    expect(read('https://google.com.evil.example/').source).toBe('google.com.evil.example');
  });

  it('lower-cases the host and drops the port but keeps the path as sent', () => {
    expect(read('HTTPS://WWW.Other-Blog.NET:8443/Posts/Hello')).toEqual({
      referrer: 'other-blog.net/Posts/Hello',
      source: 'other-blog.net',
    });
  });

  it('reads unusual but valid URLs the way the WHATWG URL parser does', () => {
    expect(read('https://user:pw@other.net/a')).toEqual({ referrer: 'other.net/a', source: 'other.net' });
    expect(read('https://bücher.de/katalog')).toEqual({
      referrer: 'xn--bcher-kva.de/katalog',
      source: 'xn--bcher-kva.de',
    });
    expect(read('https://other.net/a/../b/')).toEqual({ referrer: 'other.net/b', source: 'other.net' });
    expect(read('https://other.net/caf\u00e9')).toEqual({
      referrer: 'other.net/caf%C3%A9',
      source: 'other.net',
    });
    expect(read('http://[2001:db8::1]/x')).toEqual({ referrer: '[2001:db8::1]/x', source: '[2001:db8::1]' });
    expect(read('http://203.0.113.9:8080/')).toEqual({ referrer: '203.0.113.9', source: '203.0.113.9' });
  });

  it('treats referrers that are not http(s) URLs as no referrer', () => {
    const none = { referrer: null, source: null };
    for (const raw of [
      undefined,
      '',
      'not a url',
      'example.com/page',
      '//example.net/x',
      'ftp://files.example.net/',
    ]) {
      expect(read(raw), String(raw)).toEqual(none);
    }
    for (const raw of [
      'android-app://com.google.android.gm/',
      'javascript:alert(1)',
      'https://',
      'http://exa mple.com/',
    ]) {
      expect(read(raw), raw).toEqual(none);
    }
  });

  it('treats a referrer from the page’s own host as internal, with or without www', () => {
    const none = { referrer: null, source: null };
    expect(parseReferrer('https://docs.acme.io/a', 'docs.acme.io', [])).toEqual(none);
    expect(parseReferrer('https://www.acme.io/a', 'acme.io', [])).toEqual(none);
    expect(parseReferrer('https://acme.io/a', 'www.acme.io', [])).toEqual(none);
    expect(parseReferrer('https://blog.acme.io/a', 'docs.acme.io', []).source).toBe('blog.acme.io');
  });

  it('treats a referrer within the company’s domains or website host as internal', () => {
    const none = { referrer: null, source: null };
    expect(read('https://blog.example.com/post', 'landing.example.io')).toEqual(none);
    expect(read('https://shop.example.net/cart', 'landing.example.io')).toEqual(none);
    expect(read('https://eu.shop.example.net/cart', 'landing.example.io')).toEqual(none);
    expect(read('https://example.org/', 'landing.example.io')).toEqual(none);
    expect(read('https://example.net/', 'landing.example.io').source).toBe('example.net');
    expect(read('https://badexample.com/', 'landing.example.io').source).toBe('badexample.com');
  });
});

describe('parseReferrer against the WHATWG URL parser', () => {
  /** The slow reference: what `new URL` makes of the referrer, stored the same way. */
  function reference(raw: string): string | null {
    if (!URL.canParse(raw)) return null;
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.replace(/\.$/, '').replace(/^www\./, '');
    const path = url.pathname.replace(/\/+$/, '');
    return host === '' ? null : host + path;
  }

  it('stores the same referrer for every URL of a varied corpus', () => {
    const corpus = [
      'https://www.google.com/',
      'https://www.google.com',
      'http://Example.NET./a/b/',
      'https://www.example.net:443/a?b=c',
      'https://a-b.c-d.example.net/%7Euser/',
      'https://example.net/a//',
      'https://example.net/a/./b',
      'https://example.net/.well-known/x',
      'https://example.net/a\\b',
      'https://example.net/a b',
      'https://example.net/a|b^c',
      'https://example.net/?only=query',
      'https://example.net#only-fragment',
      'https://example.net:8080',
      'https://example.net:/x',
      'https://example.net:99999/x',
      'https://1.2.3/x',
      'https://0x7f.1/',
      'https://sub.例え.jp/パス',
      'https://xn--r8jz45g.jp/',
      'https://user@example.net/',
      'https:///example.net/x',
      'https:example.net/x',
      'http:/example.net/x',
      ' https://example.net/x ',
      'HTTP://EXAMPLE.NET/X',
      'https://example.net/a;b=c,d/',
      'https://www./',
    ];
    for (const raw of corpus) {
      expect(parseReferrer(raw, 'site.test', []).referrer, raw).toBe(reference(raw));
    }
  });
});

describe('isInternalHost', () => {
  it('admits subdomains of company hosts but not look-alike hosts', () => {
    expect(isInternalHost('a.b.example.com', 'x.io', ['example.com'])).toBe(true);
    expect(isInternalHost('example.com', 'x.io', ['example.com'])).toBe(true);
    expect(isInternalHost('myexample.com', 'x.io', ['example.com'])).toBe(false);
    expect(isInternalHost('example.com.evil.io', 'x.io', ['example.com'])).toBe(false);
  });
});

describe('companyInternalHosts', () => {
  it('normalises domains and the website to bare lower-case hosts, once each', () => {
    const hosts = companyInternalHosts(
      [' Example.com ', '*.example.net', 'www.example.com.'],
      'HTTPS://WWW.Example.org:8443/x?y#z',
    );
    expect(hosts).toEqual(['example.com', 'example.net', 'example.org']);
  });

  it('accepts a missing website and skips empty entries', () => {
    expect(companyInternalHosts(['', 'a.io'], null)).toEqual(['a.io']);
  });
});
