/**
 * The folder name of one Gateway's Envoy files under the host infrastructure's work folder.
 * "namespace/name" can reach 317 bytes (a 63-byte namespace, a 253-byte name), past the 255
 * bytes a file name may have: long keys keep a readable prefix and end with a hash of the
 * whole key, so the name stays unique and the same across restarts (a later Pier finds its
 * predecessor's Envoy by it).
 */
import { createHash } from 'node:crypto';

/** Well under NAME_MAX (255), so the folder name is valid on every common filesystem. */
export const MAX_PROXY_DIR_NAME = 120;
const HASH_CHARS = 16;

export function proxyDirName(gateway: string): string {
  const safe = gateway.replace(/[^A-Za-z0-9_.-]/g, '_');
  if (safe.length <= MAX_PROXY_DIR_NAME) return safe;
  const hash = createHash('sha256').update(gateway).digest('hex').slice(0, HASH_CHARS);
  return `${safe.slice(0, MAX_PROXY_DIR_NAME - HASH_CHARS - 1)}-${hash}`;
}
