import { describe, expect, it } from 'vitest';
import { isPublicIpv4, isPublicIpv6, parseIp, parseIpv4 } from './ip-address';

function parse(text: string): { version: number; words: number[] } {
  const out = new Uint32Array(4);
  const version = parseIp(text, 0, text.length, out);
  return { version, words: version === 4 ? [out[0] ?? 0] : version === 6 ? [...out] : [] };
}

function v4(text: string): number {
  return parseIpv4(text, 0, text.length);
}

describe('parseIp', () => {
  it('reads dotted-quad IPv4 as one unsigned word, even above 2^31', () => {
    expect(parse('1.2.3.4')).toEqual({ version: 4, words: [0x01020304] });
    expect(parse('255.255.255.255')).toEqual({ version: 4, words: [0xffffffff] });
    expect(parse('0.0.0.0')).toEqual({ version: 4, words: [0] });
  });

  it('rejects IPv4 with too few or too many parts, parts over 255, or stray characters', () => {
    for (const bad of [
      '1.2.3',
      '1.2.3.4.5',
      '256.1.1.1',
      '1.2.3.1000',
      '1..2.3',
      '1.2.3.4 ',
      '-1.2.3.4',
      '1.2.3.',
    ]) {
      expect(parse(bad).version, bad).toBe(0);
    }
  });

  it('reads full, compressed and mixed IPv6 forms into four big-endian words', () => {
    expect(parse('2001:db8:0:0:0:0:0:1').words).toEqual([0x20010db8, 0, 0, 1]);
    expect(parse('2001:DB8::1').words).toEqual([0x20010db8, 0, 0, 1]);
    expect(parse('::').words).toEqual([0, 0, 0, 0]);
    expect(parse('::1').words).toEqual([0, 0, 0, 1]);
    expect(parse('fe80::').words).toEqual([0xfe800000, 0, 0, 0]);
    expect(parse('1:2:3:4:5:6:7::').words).toEqual([0x10002, 0x30004, 0x50006, 0x70000]);
    expect(parse('::2:3:4:5:6:7:8').words).toEqual([0x2, 0x30004, 0x50006, 0x70008]);
    expect(parse('::ffff:1.2.3.4').words).toEqual([0, 0, 0xffff, 0x01020304]);
    expect(parse('::ffff:0102:0304').words).toEqual([0, 0, 0xffff, 0x01020304]);
  });

  it('rejects malformed IPv6', () => {
    const bad = [
      ':',
      ':::',
      '1::2::3',
      ':1::2',
      '1::2:',
      '1:2:3:4:5:6:7:8:9',
      '12345::',
      '1:2:3:4:5:6:7:8::',
      'g::1',
    ];
    for (const text of [...bad, '::ffff:1.2.3', '1:2:3:4:5:6:7:1.2.3.4', '[::1]', 'fe80::1%eth0', '']) {
      expect(parse(text).version, text).toBe(0);
    }
  });

  it('parses only the given slice of a longer string', () => {
    const out = new Uint32Array(4);
    const line = '1.0.0.0,1.0.0.255,AU';
    expect(parseIp(line, 8, 17, out)).toBe(4);
    expect(out[0]).toBe(0x010000ff);
    expect(v4('x1.2.3.4'.slice(1))).toBe(0x01020304);
  });
});

describe('isPublicIpv4', () => {
  it('refuses private, loopback, link-local, CGNAT, documentation, benchmark, multicast and reserved space', () => {
    const special = ['0.1.2.3', '10.1.2.3', '100.64.0.1', '100.127.255.255', '127.0.0.1', '169.254.1.1'];
    special.push('172.16.0.1', '172.31.255.255', '192.0.0.8', '192.0.2.1', '192.168.1.1', '198.18.0.1');
    special.push(
      '198.19.255.255',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
    );
    for (const ip of special) expect(isPublicIpv4(v4(ip)), ip).toBe(false);
  });

  it('accepts ordinary addresses, including the neighbours of special blocks', () => {
    const ordinary = [
      '8.8.8.8',
      '100.63.255.255',
      '100.128.0.0',
      '172.15.255.255',
      '172.32.0.0',
      '192.0.1.1',
    ];
    ordinary.push('192.169.0.1', '198.17.255.255', '198.20.0.0', '203.0.114.1', '223.255.255.255');
    for (const ip of ordinary) expect(isPublicIpv4(v4(ip)), ip).toBe(true);
  });
});

describe('isPublicIpv6', () => {
  const words = (text: string) => {
    const out = new Uint32Array(4);
    parseIp(text, 0, text.length, out);
    return out;
  };

  it('accepts global unicast addresses', () => {
    for (const ip of ['2001:4860:4860::8888', '2a00:1450::1', '2600::1', '3fff::1', '2001:200::1']) {
      expect(isPublicIpv6(words(ip)), ip).toBe(true);
    }
  });

  it('refuses loopback, link-local, unique-local, multicast, Teredo and documentation addresses', () => {
    for (const ip of [
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '2001::1',
      '2001:1ff::1',
      '2001:db8::1',
    ]) {
      expect(isPublicIpv6(words(ip)), ip).toBe(false);
    }
  });
});
