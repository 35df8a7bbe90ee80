import { describe, expect, it } from 'vitest';
import { createUserAgentParser, type UserAgentInfo } from './user-agent';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  galaxyWatch:
    'Mozilla/5.0 (Linux; Android 11; SM-R890) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  smartTv:
    'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
  jsdom: 'Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom/24.1.0',
  curl: 'curl/8.5.0',
};

function human(browser: string, os: string, device: UserAgentInfo['device']): UserAgentInfo {
  return { isBot: false, browser, os, device };
}

describe('createUserAgentParser', () => {
  const parse = createUserAgentParser();

  it('reads desktop browsers with ua-parser-js names', () => {
    expect(parse(UA.chromeWindows)).toEqual(human('Chrome', 'Windows', 'desktop'));
    expect(parse(UA.safariMac)).toEqual(human('Safari', 'Mac OS', 'desktop'));
    expect(parse(UA.firefoxLinux)).toEqual(human('Firefox', 'Linux', 'desktop'));
    expect(parse(UA.edge)).toEqual(human('Edge', 'Windows', 'desktop'));
  });

  it('reads phones as mobile', () => {
    expect(parse(UA.iphone)).toEqual(human('Mobile Safari', 'iOS', 'mobile'));
    expect(parse(UA.androidPhone)).toEqual(human('Chrome', 'Android', 'mobile'));
  });

  it('reads an iPad and an Android tablet as tablets', () => {
    expect(parse(UA.ipad)).toEqual(human('Mobile Safari', 'iOS', 'tablet'));
    expect(parse(UA.androidTablet)).toEqual(human('Chrome', 'Android', 'tablet'));
  });

  it('counts a wearable as mobile and a smart TV as desktop', () => {
    expect(parse(UA.galaxyWatch).device).toBe('mobile');
    expect(parse(UA.smartTv).device).toBe('desktop');
  });

  it('flags crawlers, command-line clients and headless browsers as bots, without reading their names', () => {
    for (const ua of [UA.googlebot, UA.bingbot, UA.curl, UA.headlessChrome]) {
      expect(parse(ua), ua).toEqual({ isBot: true, browser: null, os: null, device: 'desktop' });
    }
  });

  it('flags automation that the isbot list does not name, such as jsdom', () => {
    expect(parse(UA.jsdom).isBot).toBe(true);
  });

  it('flags a missing, empty or blank user agent as a bot, as live browsers always send one', () => {
    for (const ua of [undefined, '', '   ']) {
      expect(parse(ua)).toEqual({ isBot: true, browser: null, os: null, device: 'desktop' });
    }
  });

  it('answers null names for a user agent it cannot read, without calling it a bot', () => {
    expect(parse('Mozilla/5.0 (Unknown) SomethingNew/1.0')).toMatchObject({
      browser: null,
      device: 'desktop',
    });
  });

  it('answers a repeated user agent from its cache, as the same frozen object', () => {
    const first = parse(UA.chromeWindows);
    expect(parse(UA.chromeWindows)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('forgets old user agents once its cache is full', () => {
    const small = createUserAgentParser({ cacheSize: 1 });
    const first = small(UA.chromeWindows);
    small(UA.safariMac);
    small(UA.firefoxLinux);
    small(UA.edge);
    const again = small(UA.chromeWindows);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('parses user agents too long to cache the same way', () => {
    const long = `${UA.iphone} ${'x'.repeat(1_000)}`;
    expect(parse(long)).toMatchObject({ isBot: false, os: 'iOS', device: 'mobile' });
    expect(parse(long)).not.toBe(parse(long));
  });
});
