/**
 * The OpenAPI `format` values of the Gateway API CRDs, checked as Kubernetes does: only on string
 * values (int32/int64 on integers are informational), and only the formats it knows. date-time
 * appears only under status, which Pier never reads from files, so it is not checked.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** True when value satisfies format, or format is not checked. */
export function satisfiesFormat(format: string, value: unknown): boolean {
  if (typeof value !== 'string') return true;
  switch (format) {
    case 'ipv4': return isIPv4(value);
    case 'ipv6': return isIPv6(value);
    default: return true;
  }
}
