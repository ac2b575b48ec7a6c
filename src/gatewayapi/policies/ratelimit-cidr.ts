/** Client address prefixes of RateLimitPolicy selectors (local and global). */
import { isIP } from 'node:net';

/** "10.0.0.0/8" as an address and prefix; a string says what is wrong. */
export function parseCidr(cidr: string): { address: string; prefixLength: number; ipv6: boolean } | string {
  const slash = cidr.indexOf('/');
  const address = cidr.slice(0, slash);
  const prefixLength = Number(cidr.slice(slash + 1));
  const family = isIP(address);
  if (slash < 0 || family === 0) return `"${cidr}" is not a CIDR (address/prefix length)`;
  const max = family === 4 ? 32 : 128;
  if (!Number.isInteger(prefixLength) || prefixLength < 0 || prefixLength > max) return `"${cidr}": the prefix length must be 0 to ${max}`;
  return { address, prefixLength, ipv6: family === 6 };
}
