/**
 * Where a webhook may go (docs/decisions/0139): never to loopback, private, link-local, shared, multicast or
 * cloud metadata addresses unless WEBHOOK_ALLOW_PRIVATE allows it. Checked when an endpoint is saved and
 * again at each delivery, on the addresses the name resolves to then; the delivery connects to the address
 * that was checked, so a name that resolves elsewhere a moment later (DNS rebinding) changes nothing.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { DomainError } from '@mc/domain';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** True for an address a webhook must not reach in production. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, 'ipv6');
}

export interface Destination {
  address: string;
  family: 4 | 6;
}

const REFUSED = 'The URL reaches a private, loopback, link-local or metadata address';

/** The address to connect to for `url`, checked; a refusal is a 400 naming the field. */
export async function resolveDestination(
  url: URL,
  allowPrivate: boolean,
  field = 'url',
): Promise<Destination> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw new DomainError('VALIDATION', 'The URL’s host name does not resolve', {
      errors: [{ path: field, message: 'The URL’s host name does not resolve' }],
    });
  }
  // Every address is checked: a name with one public and one private address is refused.
  if (!allowPrivate && (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))))
    throw new DomainError('VALIDATION', REFUSED, { errors: [{ path: field, message: REFUSED }] });
  const first = addresses[0];
  if (!first) throw new DomainError('VALIDATION', REFUSED, { errors: [{ path: field, message: REFUSED }] });
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
