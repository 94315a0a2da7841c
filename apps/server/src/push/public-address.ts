import { BlockList, isIPv4, isIPv6 } from 'node:net';

// IPv4 ranges that are not the public internet (IANA special-purpose registry): this host,
// private, shared (CGNAT), loopback, link-local, protocol assignments, documentation, 6to4
// relays, benchmarking, multicast, reserved and broadcast.
const NOT_PUBLIC_V4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}

// Inside global unicast (2000::/3), the parts that are not reachable public hosts: protocol
// assignments and Teredo (2001::/23), documentation (2001:db8::/32, 3fff::/20) and 6to4
// (2002::/16, which would carry any IPv4 address, private ones too).
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether an IP address is on the public internet. IPv6 must be global unicast (2000::/3), which
 * leaves out loopback, unspecified, unique-local, link-local, site-local and multicast; an IPv4
 * address carried in IPv6 (mapped ::ffff:0:0/96, NAT64 64:ff9b::/96) is judged as that IPv4.
 * Anything that is not an address (a name, a zone-scoped address) is not public.
 */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !NOT_PUBLIC_V4.check(address, 'ipv4');
  if (!isIPv6(address) || address.includes('%')) return false;
  const words = ipv6Words(address);
  const carried = carriedIPv4(words);
  if (carried !== null) return isPublicAddress(carried);
  const first = words[0] ?? 0;
  if ((first & 0xe000) !== 0x2000) return false;
  return !NOT_PUBLIC_V6.check(address, 'ipv6');
}

/** The IPv4 address an IPv4-mapped or NAT64 IPv6 address carries, or null. */
function carriedIPv4(words: readonly number[]): string | null {
  const prefix = words.slice(0, 6).join(':');
  if (prefix !== '0:0:0:0:0:65535' && prefix !== '100:65435:0:0:0:0') return null;
  const high = words[6] ?? 0;
  const low = words[7] ?? 0;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit words of a valid IPv6 address (a trailing dotted IPv4 becomes two). */
function ipv6Words(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((w) => parseInt(w, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}
