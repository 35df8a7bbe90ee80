import { describe, expect, it } from 'vitest';
import { maskedNetwork, placeText, sessionPlaces } from './session-place';

describe('maskedNetwork', () => {
  it('spells out the hidden last number of an IPv4 /24', () => {
    expect(maskedNetwork('203.0.113.0/24')).toBe('203.0.113.x');
    expect(maskedNetwork('8.8.8.0/24')).toBe('8.8.8.x');
  });

  it('keeps the first three groups of an IPv6 /48, its zeros written out', () => {
    expect(maskedNetwork('2001:db8:abcd::/48')).toBe('2001:db8:abcd:…');
    expect(maskedNetwork('2a01:4f8::/48')).toBe('2a01:4f8:0:…');
    expect(maskedNetwork('2001::/48')).toBe('2001:0:0:…');
    expect(maskedNetwork('2001:0DB8:00ab::/48')).toBe('2001:db8:ab:…');
  });

  it('shows anything else as it came', () => {
    for (const odd of ['203.0.113.0', '203.0.113.7/32', '2001:db8::1/128', 'a::b::c/48', 'nonsense']) {
      expect(maskedNetwork(odd)).toBe(odd);
    }
  });
});

describe('placeText', () => {
  it('names the country and the masked network, or what is known of them', () => {
    expect(placeText('DE', '2a01:4f8:c17::/48')).toBe('Germany, IP\u00a02a01:4f8:c17:…');
    expect(placeText('US', null)).toBe('United States');
    expect(placeText(null, '127.0.0.0/24')).toBe('IP\u00a0127.0.0.x');
    expect(placeText(null, null)).toBeNull();
  });
});

describe('sessionPlaces', () => {
  const home = { country: 'GB', network: '81.2.69.0/24' };

  it('names where it signed in only when that is not where it was last used', () => {
    expect(sessionPlaces({ ...home, last_used_country: 'GB', last_used_network: '81.2.69.0/24' })).toEqual({
      lastUsed: 'United Kingdom, IP\u00a081.2.69.x',
      signedInElsewhere: null,
    });
    expect(
      sessionPlaces({ ...home, last_used_country: 'DE', last_used_network: '2a01:4f8:c17::/48' }),
    ).toEqual({
      lastUsed: 'Germany, IP\u00a02a01:4f8:c17:…',
      signedInElsewhere: 'United Kingdom, IP\u00a081.2.69.x',
    });
  });

  it('keeps where it signed in when its last use came from an unknown address', () => {
    expect(sessionPlaces({ ...home, last_used_country: null, last_used_network: null })).toEqual({
      lastUsed: null,
      signedInElsewhere: 'United Kingdom, IP\u00a081.2.69.x',
    });
  });
});
