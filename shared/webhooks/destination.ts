/**
 * Where webhook deliveries may go (SSRF guard). A URL must be https, and every address
 * its host resolves to must be public: never private, loopback, link-local (cloud metadata at
 * 169.254.169.254), unique-local, CGNAT, multicast, reserved or unspecified, nor an IPv4-mapped
 * form of one, nor any address of a prefix that translates or tunnels to IPv4 (6to4, Teredo, SIIT,
 * NAT64, IPv4-compatible). It is checked when an endpoint is registered or changed (400 naming the
 * reason) and again before every delivery, after a fresh resolution; the request then connects to
 * the address that was vetted (`lookup` pinned to it), so a DNS answer that changes between the
 * check and the connection (rebinding) cannot send it elsewhere. Redirects are never followed.
 *
 * Locally (`npm start` only) the local runtime sets WEBHOOK_LOCAL_DELIVERY=127.0.0.1, and then the
 * opposite holds: http or https to 127.0.0.1, and nowhere else, so a developer's machine never
 * sends a delivery off itself. Nothing sets it by default.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Name resolution, every address of a name (`dns.lookup(name, {all: true})`); tests inject their own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** A URL deliveries may not go to, and why (said to the owner as is: it names no internal address). */
export class DestinationRefused extends Error {
  override name = 'DestinationRefused';
}

/** A destination that passed: the URL, and the address the request must connect to. */
export interface VettedDestination {
  url: URL;
  address: ResolvedAddress;
}

const IPV4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const IPV6_BLOCKED: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['2001:2::', 48], // benchmarking
  ['100::', 64], // discard
];

/**
 * Prefixes that reach an IPv4 address through a translator or a tunnel, refused whole rather than
 * by the IPv4 address they carry: where it sits differs by prefix (6to4 bits 16-47, Teredo's
 * inverted client address, NAT64 /48 around the u octet), and the network's own relay or
 * translator may lead inside it.
 */
const IPV6_TO_IPV4: [string, number][] = [
  ['2002::', 16], // 6to4
  ['2001::', 32], // Teredo
  ['::ffff:0:0:0', 96], // SIIT, IPv4-translated
  ['64:ff9b::', 96], // NAT64, well-known
  ['64:ff9b:1::', 48], // NAT64, local use
  ['::', 96], // IPv4-compatible (deprecated)
];

/** IPv4-mapped addresses are the IPv4 address itself to the socket layer: checked as that address. */
const IPV4_MAPPED: [string, number] = ['::ffff:0:0', 96];

const blocked = new BlockList();
for (const [network, prefix] of IPV4_BLOCKED) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6_BLOCKED) blocked.addSubnet(network, prefix, 'ipv6');
const translated = new BlockList();
for (const [network, prefix] of IPV6_TO_IPV4) translated.addSubnet(network, prefix, 'ipv6');

const mapped = new BlockList();
mapped.addSubnet(...IPV4_MAPPED, 'ipv6');

/** The IPv4 address in the last 32 bits of an IPv6 address. */
function embeddedIpv4(address: string): string {
  const words = expandIpv6(address);
  const hi = words[6]!;
  const lo = words[7]!;
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/** The eight 16-bit words of an IPv6 address (dotted IPv4 tail included). */
function expandIpv6(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const first = part(head);
  const last = part(tail);
  return tail === undefined ? first : [...first, ...new Array(8 - first.length - last.length).fill(0), ...last];
}

/** Why an address may not receive deliveries, or undefined when it may. */
export function refusalOf(address: string): string | undefined {
  const family = isIP(address);
  if (family === 4)
    return blocked.check(address, 'ipv4') ? 'a private, loopback, link-local or reserved IPv4 address' : undefined;
  if (family !== 6) return 'not an IP address';
  if (blocked.check(address, 'ipv6')) return 'a private, loopback, link-local or reserved IPv6 address';
  if (translated.check(address, 'ipv6'))
    return 'an IPv6 address that leads to IPv4 through a translator or tunnel (6to4, Teredo, SIIT, NAT64)';
  if (mapped.check(address, 'ipv6') && blocked.check(embeddedIpv4(address), 'ipv4')) {
    return 'an IPv4-mapped IPv6 form of a private, loopback, link-local or reserved IPv4 address';
  }
  return undefined;
}

export interface DestinationPolicy {
  /** Locally only: deliveries go to this loopback address alone, over http or https. */
  localOnly?: '127.0.0.1';
  resolve?: Resolver;
}

/** The policy of this environment: local-only when the local runtime says so, public https otherwise. */
export function destinationPolicy(): DestinationPolicy {
  return process.env.WEBHOOK_LOCAL_DELIVERY === '127.0.0.1' ? { localOnly: '127.0.0.1' } : {};
}

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Checks a URL and resolves its host; throws DestinationRefused, having opened no connection, when
 * deliveries may not go there. Every address of the name must pass (an attacker's name may return a
 * public and a private one), and the first is the one to connect to.
 */
export async function vetDestination(
  raw: string,
  policy: DestinationPolicy = destinationPolicy(),
): Promise<VettedDestination> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DestinationRefused('The URL is not a valid absolute URL.');
  }
  if (url.username || url.password) throw new DestinationRefused('The URL must not carry credentials.');
  const host = hostOf(url);
  if (policy.localOnly) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new DestinationRefused('The URL must be http or https.');
    if (host !== policy.localOnly) throw new DestinationRefused(`Locally, deliveries go to ${policy.localOnly} only.`);
    return { url, address: { address: host, family: 4 } };
  }
  if (url.protocol !== 'https:') throw new DestinationRefused('The URL must be https.');
  const literal = isIP(host);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: host, family: literal as 4 | 6 }]
    : await resolveAll(host, policy.resolve ?? systemResolver);
  if (!addresses.length) throw new DestinationRefused('The host name does not resolve.');
  for (const { address } of addresses) {
    const refusal = refusalOf(address);
    if (refusal)
      throw new DestinationRefused(`The host resolves to ${refusal}; deliveries go to public addresses only.`);
  }
  return { url, address: addresses[0]! };
}

async function resolveAll(host: string, resolve: Resolver): Promise<ResolvedAddress[]> {
  try {
    return await resolve(host);
  } catch {
    throw new DestinationRefused('The host name does not resolve.');
  }
}
