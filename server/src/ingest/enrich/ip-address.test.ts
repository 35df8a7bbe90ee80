import { describe, expect, it } from 'vitest';
import { clientAddress, type IpAddress, isPublicAddress, parseIpAddress } from './ip-address';

function parsed(text: string): IpAddress {
  const address = parseIpAddress(text);
  if (!address) throw new Error(`${text} did not parse`);
  return address;
}

describe('parseIpAddress', () => {
  it('reads dotted-quad IPv4', () => {
    expect(parsed('1.2.3.4').toString()).toBe('1.2.3.4');
    expect(parsed('255.255.255.255').kind()).toBe('ipv4');
    expect(parsed('0.0.0.0').toString()).toBe('0.0.0.0');
  });

  it('refuses IPv4 with too few or too many parts, parts over 255, stray characters or classful forms', () => {
    for (const bad of [
      '1.2.3',
      '1.2.3.4.5',
      '256.1.1.1',
      '1.2.3.1000',
      '1..2.3',
      '1.2.3.4 ',
      '-1.2.3.4',
      '1.2.3.',
      '127.1',
      '0x7f.0.0.1',
      '2130706433',
    ]) {
      expect(parseIpAddress(bad), bad).toBeNull();
    }
  });

  it('reads full, compressed and mixed IPv6 forms', () => {
    expect(parsed('2001:db8:0:0:0:0:0:1').toString()).toBe('2001:db8::1');
    expect(parsed('2001:DB8::1').toString()).toBe('2001:db8::1');
    expect(parsed('::').toString()).toBe('::');
    expect(parsed('1:2:3:4:5:6:7::').toNormalizedString()).toBe('1:2:3:4:5:6:7:0');
    expect(parsed('::2:3:4:5:6:7:8').toNormalizedString()).toBe('0:2:3:4:5:6:7:8');
    expect(parsed('::ffff:1.2.3.4').toNormalizedString()).toBe('0:0:0:0:0:ffff:102:304');
  });

  it('refuses malformed IPv6, zone ids, brackets and input of any other type', () => {
    const bad: unknown[] = [':', ':::', '1::2::3', '1:2:3:4:5:6:7:8:9', '12345::', 'g::1', '::ffff:1.2.3'];
    bad.push('[::1]', 'fe80::1%eth0', '', 'localhost', '1'.repeat(100), null, 42);
    for (const text of bad) expect(parseIpAddress(text as string), String(text)).toBeNull();
  });
});

describe('clientAddress', () => {
  it('answers the IPv4 address inside an IPv4-mapped or 6to4 address', () => {
    expect(clientAddress(parsed('::ffff:200.0.0.9')).toString()).toBe('200.0.0.9');
    expect(clientAddress(parsed('::FFFF:c800:0009')).toString()).toBe('200.0.0.9');
    expect(clientAddress(parsed('2002:c800:0009::1')).toString()).toBe('200.0.0.9');
  });

  it('answers any other address as it is', () => {
    expect(clientAddress(parsed('8.8.8.8')).toString()).toBe('8.8.8.8');
    expect(clientAddress(parsed('2a00::1')).toString()).toBe('2a00::1');
  });
});

describe('isPublicAddress for IPv4', () => {
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
    for (const ip of special) expect(isPublicAddress(parsed(ip)), ip).toBe(false);
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
    for (const ip of ordinary) expect(isPublicAddress(parsed(ip)), ip).toBe(true);
  });
});

describe('isPublicAddress for IPv6', () => {
  it('accepts global unicast addresses', () => {
    for (const ip of ['2001:4860:4860::8888', '2a00:1450::1', '2600::1', '3fff::1', '2001:200::1']) {
      expect(isPublicAddress(parsed(ip)), ip).toBe(true);
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
      expect(isPublicAddress(parsed(ip)), ip).toBe(false);
    }
  });
});
