import { describe, expect, it } from 'vitest';
import { buildKnownSources, knownSourceFor, stripWww } from './referrer-list';

describe('buildKnownSources', () => {
  const sources = buildKnownSources({
    'twitter.com': { source: 'Twitter' },
    'youtube.com': { source: 'Youtube' },
    'www.Example-Search.com': { source: 'Example Search' },
    'google.com/imgres': { source: 'Google Images' },
    'nameless.com': {},
    'tiktok.com': { source: 'Tik Tok (old name)' },
  });

  it('renames Twitter to X and Youtube to YouTube', () => {
    expect(sources.get('twitter.com')).toBe('X');
    expect(sources.get('youtube.com')).toBe('YouTube');
  });

  it('keys hosts in lower case without www.', () => {
    expect(sources.get('example-search.com')).toBe('Example Search');
    expect(sources.has('www.Example-Search.com')).toBe(false);
  });

  it('leaves out entries keyed by host and path, and entries without a name', () => {
    expect(sources.has('google.com/imgres')).toBe(false);
    expect(sources.has('nameless.com')).toBe(false);
  });

  it('lets the product overrides win over the list', () => {
    expect(sources.get('tiktok.com')).toBe('TikTok');
    expect(sources.get('baidu.com')).toBe('Baidu');
  });
});

describe('knownSourceFor', () => {
  it('finds a host or its nearest listed parent', () => {
    expect(knownSourceFor('facebook.com')).toBe('Facebook');
    expect(knownSourceFor('a.b.c.facebook.com')).toBe('Facebook');
    expect(knownSourceFor('news.ycombinator.com')).toBe('Hacker News');
  });

  it('answers null for unknown hosts and never matches a bare public suffix', () => {
    expect(knownSourceFor('example.co.uk')).toBeNull();
    expect(knownSourceFor('co.uk')).toBeNull();
    expect(knownSourceFor('localhost')).toBeNull();
    expect(knownSourceFor('')).toBeNull();
  });
});

describe('stripWww', () => {
  it('removes only a leading www. label', () => {
    expect(stripWww('www.example.com')).toBe('example.com');
    expect(stripWww('wwwexample.com')).toBe('wwwexample.com');
    expect(stripWww('shop.www.example.com')).toBe('shop.www.example.com');
  });
});
