import { parsePushEndpoint } from '@quits/contract';
import { isPublicAddress } from '@server/push/public-address';
import { describe, expect, it } from 'vitest';

describe('which addresses are on the public internet', () => {
  it.each([
    ['this host', '0.0.0.0'],
    ['loopback', '127.0.0.1'],
    ['loopback, anywhere in its range', '127.255.0.9'],
    ['a private network', '10.1.2.3'],
    ['a private network', '172.20.0.1'],
    ['a private network', '192.168.1.20'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['shared address space (CGNAT)', '100.64.0.1'],
    ['protocol assignments', '192.0.0.8'],
    ['documentation', '192.0.2.1'],
    ['documentation', '198.51.100.1'],
    ['documentation', '203.0.113.1'],
    ['benchmarking', '198.18.0.1'],
    ['multicast', '224.0.0.1'],
    ['reserved', '240.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 unspecified', '::'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unique-local', 'fd00::1'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 link-local with a zone', 'fe80::1%eth0'],
    ['IPv6 site-local', 'fec0::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv6 discard', '100::1'],
    ['IPv6 documentation', '2001:db8::1'],
    ['IPv6 documentation', '3fff::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['6to4', '2002:7f00:1::1'],
    ['loopback mapped into IPv6', '::ffff:127.0.0.1'],
    ['a private network mapped into IPv6, in hexadecimal', '::ffff:a00:1'],
    ['loopback through NAT64', '64:ff9b::7f00:1'],
    ['a name', 'fcm.googleapis.com'],
  ])('%s (%s) is not', (_, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '142.250.74.106',
    '17.253.144.10',
    '2a00:1450:4001:82a::200a',
    '2606:4700::6810:84e5',
    '::ffff:142.250.74.106',
    '64:ff9b::8efa:4a6a',
  ])('%s is', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('a push endpoint taken apart', () => {
  it('gives the lower-case name and the path as sent, whatever the URL parser says', () => {
    expect(parsePushEndpoint('https://FCM.googleapis.com:443/fcm/send/a:b?x=%2F')).toEqual({
      host: 'fcm.googleapis.com',
      path: '/fcm/send/a:b?x=%2F',
    });
    expect(parsePushEndpoint('https://web.push.apple.com')).toEqual({
      host: 'web.push.apple.com',
      path: '/',
    });
  });

  it.each([
    'https://127.0.0.1;.example.invalid/k',
    'https://push.example;.evil.example/k',
    'https://push.example%00.evil/k',
    'https://1.2.3.4/k',
    'https://0177.0.0.1/k',
    'https://2130706433/k',
    'https://push.example/k\n',
    ' https://push.example/k',
    `https://${'a'.repeat(64)}.example/k`,
  ])('refuses %j', (raw) => {
    expect(parsePushEndpoint(raw)).toBeNull();
  });
});
