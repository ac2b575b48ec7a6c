/** Client address prefixes of RateLimitPolicy selectors (local and global). */
import { isIP } from 'node:net';

/**
 * "10.1.2.3/8" as its network address ("10.0.0.0") and prefix; a string says what is wrong.
 * Envoy masks the client address to the prefix before it compares (local descriptors, and the
 * descriptors sent to the rate limit service), so the address must be the masked one too.
 */
export function parseCidr(cidr: string): { address: string; prefixLength: number; ipv6: boolean } | string {
  const slash = cidr.indexOf('/');
  const address = cidr.slice(0, slash);
  const prefixLength = Number(cidr.slice(slash + 1));
  const family = isIP(address);
  if (slash < 0 || family === 0) return `"${cidr}" is not a CIDR (address/prefix length)`;
  const max = family === 4 ? 32 : 128;
  if (!Number.isInteger(prefixLength) || prefixLength < 0 || prefixLength > max) return `"${cidr}": the prefix length must be 0 to ${max}`;
  return { address: networkAddress(address, prefixLength, family === 6), prefixLength, ipv6: family === 6 };
}

/** The first address of the prefix, written as Envoy writes the masked client address it sends ("10.0.0.0", "2001:db8::"). */
function networkAddress(address: string, prefixLength: number, ipv6: boolean): string {
  if (!ipv6) {
    const n = address.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
    const masked = prefixLength === 0 ? 0 : Number((BigInt(n) >> BigInt(32 - prefixLength)) << BigInt(32 - prefixLength));
    return [24, 16, 8, 0].map((shift) => (masked >>> shift) & 255).join('.');
  }
  // The URL parser writes IPv6 in its canonical form (RFC 5952: lower case, longest zero run as ::).
  const full = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const halves = full.split('::');
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length > 1 && halves[1] ? halves[1].split(':') : [];
  const groups = [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail].map((g) => parseInt(g, 16));
  const bits = groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
  const maskedBits = prefixLength === 0 ? 0n : (bits >> BigInt(128 - prefixLength)) << BigInt(128 - prefixLength);
  const out = Array.from({ length: 8 }, (_, i) => ((maskedBits >> BigInt(16 * (7 - i))) & 0xffffn).toString(16)).join(':');
  return new URL(`http://[${out}]`).hostname.slice(1, -1);
}
