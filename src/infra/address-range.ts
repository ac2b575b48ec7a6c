/**
 * IPv4 address ranges given as a CIDR (gatewayAddressPool): the addresses infrastructure hands
 * Gateways (host infrastructure) or its load balancer assigns (Kubernetes infrastructure).
 */
import { isIPv4 } from 'node:net';

export interface AddressRange {
  /** First usable address, as a 32-bit number. */
  first: number;
  /** How many usable addresses. */
  size: number;
}

export function toNumber(ip: string): number {
  return ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
}

export function toAddress(n: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
}

/** Parses "a.b.c.d/len" (IPv4, len 8..30); the network's first and last addresses are not handed out. */
export function parseAddressPool(cidr: string): AddressRange {
  const m = /^([0-9.]+)\/(\d+)$/.exec(cidr.trim());
  if (!m || !isIPv4(m[1]!)) throw new Error(`gatewayAddressPool: "${cidr}" is not an IPv4 CIDR such as 127.32.0.0/16`);
  const length = Number(m[2]);
  if (length < 8 || length > 30) throw new Error(`gatewayAddressPool: prefix length /${length} in "${cidr}" must be between /8 and /30`);
  const total = 2 ** (32 - length);
  const network = Math.floor(toNumber(m[1]!) / total) * total;
  return { first: network + 1, size: total - 2 };
}

/** Whether ip (any text) is an IPv4 address the range hands out. */
export function inRange(range: AddressRange, ip: string): boolean {
  if (!isIPv4(ip)) return false;
  const n = toNumber(ip);
  return n >= range.first && n < range.first + range.size;
}
