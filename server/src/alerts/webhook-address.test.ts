import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './webhook-address';

describe('public addresses for webhooks', () => {
  it('refuse every IPv6 spelling of a loopback, private or reserved IPv4 address', () => {
    const spellings = (v4: string, hex: string) => [
      v4,
      `::${v4}`,
      `::${hex}`,
      `::ffff:${v4}`,
      `::ffff:${hex}`,
      `::ffff:0:${v4}`,
      `64:ff9b::${v4}`,
      `64:ff9b::${hex}`,
      `64:ff9b:1::${hex}`,
      `2002:${hex}::1`,
    ];
    const privateOnes: [string, string][] = [
      ['127.0.0.1', '7f00:1'],
      ['10.1.2.3', 'a01:203'],
      ['192.168.0.1', 'c0a8:1'],
      ['169.254.169.254', 'a9fe:a9fe'],
      ['100.64.0.1', '6440:1'],
      ['0.0.0.0', '0:0'],
    ];
    for (const [v4, hex] of privateOnes) {
      for (const address of spellings(v4, hex)) expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of [
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      '2001:db8::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('take public addresses, a NAT64 form of a public IPv4 address among them', () => {
    for (const address of ['8.8.8.8', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2606:4700:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});
