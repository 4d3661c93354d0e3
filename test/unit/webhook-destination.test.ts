/**
 * The webhook destination guard (SSRF): names that resolve to private, loopback, link-local,
 * metadata or IPv6-loopback addresses are refused before any connection is opened. Name resolution
 * and the socket layer are stubs: nothing here sends a packet anywhere.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  DestinationRefused,
  refusalOf,
  vetDestination,
  type ResolvedAddress,
  type Resolver,
} from '../../shared/webhooks/destination.ts';
import { postDelivery, type RequestFunction } from '../../shared/webhooks/send.ts';

const zone: Record<string, ResolvedAddress[]> = {
  'ten.example': [{ address: '10.0.0.7', family: 4 }],
  'one72.example': [{ address: '172.16.4.2', family: 4 }],
  'one92.example': [{ address: '192.168.1.1', family: 4 }],
  'metadata.example': [{ address: '169.254.169.254', family: 4 }],
  'loop6.example': [{ address: '::1', family: 6 }],
  'mapped.example': [{ address: '::ffff:10.0.0.1', family: 6 }],
  'nat64.example': [{ address: '64:ff9b::a9fe:a9fe', family: 6 }],
  'teredo.example': [{ address: '2001:0:4136:e378:8000:63bf:a247:28f1', family: 6 }],
  'mixed.example': [
    { address: '93.184.215.14', family: 4 },
    { address: '10.0.0.8', family: 4 },
  ],
  'public.example': [{ address: '93.184.215.14', family: 4 }],
};
const resolve: Resolver = async (name) => zone[name] ?? [];

/** A socket layer that records what it was asked to connect to and opens nothing. */
function stubRequest() {
  const request = vi.fn<RequestFunction>();
  return request;
}

/** Vets, then would send: the request function is reached only for a destination that passed. */
async function attempt(url: string) {
  const request = stubRequest();
  try {
    const vetted = await vetDestination(url, { resolve });
    return { vetted, request };
  } catch (error) {
    return { error, request };
  }
}

describe('vetDestination', () => {
  it.each([
    ['https://ten.example/hook', '10.x'],
    ['https://one72.example/hook', '172.16.x'],
    ['https://one92.example/hook', '192.168.x'],
    ['https://metadata.example/latest/meta-data', '169.254.169.254'],
    ['https://loop6.example/hook', '::1'],
    ['https://mapped.example/hook', 'IPv4-mapped 10.x'],
    ['https://nat64.example/hook', 'NAT64 of 169.254.169.254'],
    ['https://teredo.example/hook', 'Teredo'],
    ['https://mixed.example/hook', 'one public and one private address'],
    ['https://10.0.0.1/hook', 'a literal private address'],
    ['https://[::ffff:127.0.0.1]/hook', 'a literal IPv4-mapped loopback'],
    ['https://[fd00::1]/hook', 'a literal unique-local address'],
    ['https://[2002:5db8:d70e::1]/hook', 'a literal 6to4 address'],
    ['https://[64:ff9b:1:a00:1::]/hook', 'a literal NAT64 /48 address'],
    ['https://100.64.0.1/hook', 'CGNAT'],
    ['https://224.0.0.1/hook', 'multicast'],
    ['https://0.0.0.0/hook', 'unspecified'],
    ['https://nowhere.example/hook', 'a name that does not resolve'],
    ['http://public.example/hook', 'plain http'],
    ['https://user:pw@public.example/hook', 'credentials in the URL'],
  ])('refuses %s (%s) before any connection', async (url) => {
    const { error, request } = await attempt(url);
    expect(error).toBeInstanceOf(DestinationRefused);
    expect(request).not.toHaveBeenCalled();
  });

  it('passes a name whose every address is public, and pins the connection to the vetted address', async () => {
    const vetted = await vetDestination('https://public.example/hook', { resolve });
    expect(vetted.address).toEqual({ address: '93.184.215.14', family: 4 });
    const request = vi.fn<RequestFunction>((_url, options) => {
      // What a socket would connect to: the pinned lookup's answer, whatever DNS now says.
      (options.lookup as any)('public.example', {}, (_e: unknown, address: string) => {
        expect(address).toBe('93.184.215.14');
      });
      throw new Error('no socket in unit tests');
    });
    await expect(postDelivery(vetted, '{}', {}, { timeoutMs: 1000, request })).rejects.toThrow('no socket');
    expect(request).toHaveBeenCalledOnce();
    expect(request.mock.calls[0]![0].hostname).toBe('public.example');
  });

  it('locally allows 127.0.0.1 over http and nothing else', async () => {
    const local = { localOnly: '127.0.0.1' as const, resolve };
    await expect(vetDestination('http://127.0.0.1:4000/hook', local)).resolves.toMatchObject({
      address: { address: '127.0.0.1' },
    });
    await expect(vetDestination('http://localhost:4000/hook', local)).rejects.toBeInstanceOf(DestinationRefused);
    await expect(vetDestination('https://public.example/hook', local)).rejects.toBeInstanceOf(DestinationRefused);
    await expect(vetDestination('http://127.0.0.1:4000/hook', { resolve })).rejects.toBeInstanceOf(DestinationRefused);
  });
});

describe('refusalOf', () => {
  it.each([
    '10.1.1.1',
    '172.31.255.255',
    '192.168.0.1',
    '127.0.0.1',
    '169.254.169.254',
    '100.127.0.1',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'ff02::1',
    '::ffff:192.168.0.1',
    '64:ff9b::7f00:1',
  ])('refuses %s', (address) => {
    expect(refusalOf(address)).toBeDefined();
  });
  it.each([
    '93.184.215.14',
    '172.32.0.1',
    '2606:4700::1111',
    '::ffff:93.184.215.14',
    '2001:4860:4860::8888',
    '2003::1',
  ])('allows %s', (address) => {
    expect(refusalOf(address)).toBeUndefined();
  });

  // Prefixes that lead to IPv4 through a translator or tunnel are refused whole, whatever public
  // IPv4 address they seem to carry: the network's own relay may lead inside it.
  it.each([
    ['2002:5db8:d70e::1', '6to4 of a public address'],
    ['2002:a00:1::1', '6to4 of 10.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:a247:28f1', 'Teredo of a public client'],
    ['2001::5db8:d70e', 'Teredo, last 32 bits public'],
    ['::ffff:0:5db8:d70e', 'SIIT of a public address'],
    ['::ffff:0:93.184.215.14', 'SIIT, dotted tail'],
    ['64:ff9b::5db8:d70e', 'NAT64 /96 of a public address'],
    ['64:ff9b::93.184.215.14', 'NAT64 /96, dotted tail'],
    ['64:ff9b:1:a00:1::', 'NAT64 /48 carrying 10.0.0.1 in bits 40-71, public last 32 bits'],
    ['64:ff9b:1::5db8:d70e', 'NAT64 /48, last 32 bits public'],
    ['::5db8:d70e', 'IPv4-compatible of a public address'],
  ])('refuses %s (%s) whole', (address) => {
    expect(refusalOf(address)).toMatch(/translator or tunnel/);
  });
});
