/**
 * Immutable, encoded resources. A resource is encoded once per content version; the entry
 * (bytes and the Any that wraps them) is then shared by every stream and every response.
 */
import { createHash } from 'node:crypto';
import type { XdsProtos } from '../proto';
import { TypeUrl, type ResourceTypeUrl } from '../types';

/** One encoded resource. Never mutated after creation: streams hold references to it. */
export interface ResourceEntry {
  readonly name: string;
  readonly typeUrl: ResourceTypeUrl;
  /** Content-derived: a hash of the encoded bytes, the same on every replica and restart. */
  readonly version: string;
  readonly bytes: Uint8Array;
  /** The google.protobuf.Any a response carries, built once (no copy of bytes). */
  readonly any: Readonly<{ type_url: string; value: Uint8Array }>;
  /**
   * For a cluster fed by EDS: the ClusterLoadAssignment it needs. Envoy needs that assignment
   * sent again after the cluster changes (the new cluster warms on it).
   */
  readonly edsServiceName?: string;
}

const VERSION_CHARS = 16; // 96 bits of sha256, base64url

export function contentVersion(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64url').slice(0, VERSION_CHARS);
}

/**
 * The version of a set of resources of one type (SotW version_info): derived from the
 * (name, version) pairs, in name order, so it too depends on content only.
 */
export function setVersion(entries: Iterable<ResourceEntry>): string {
  const pairs = [...entries].map((e) => [e.name, e.version] as const);
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const hash = createHash('sha256');
  for (const [name, version] of pairs) hash.update(name).update('\0').update(version).update('\n');
  return hash.digest('base64url').slice(0, VERSION_CHARS);
}

/** The EDS name a cluster subscribes to, when it is an EDS cluster. */
function edsServiceNameOf(cluster: object): string | undefined {
  const c = cluster as { name?: string; type?: string | number; eds_cluster_config?: { service_name?: string } | null };
  const isEds = c.type === 'EDS' || c.type === 3 || (c.eds_cluster_config !== undefined && c.eds_cluster_config !== null);
  if (!isEds) return undefined;
  return c.eds_cluster_config?.service_name || c.name || undefined;
}

/** Encodes a resource and wraps it as an immutable entry. */
export function encodeEntry(protos: XdsProtos, typeUrl: ResourceTypeUrl, name: string, resource: object): ResourceEntry {
  const bytes = protos.encode(typeUrl, resource);
  const edsServiceName = typeUrl === TypeUrl.Cluster ? edsServiceNameOf(resource) : undefined;
  const entry: ResourceEntry = {
    name,
    typeUrl,
    version: contentVersion(bytes),
    bytes,
    any: Object.freeze({ type_url: typeUrl, value: bytes }),
    ...(edsServiceName !== undefined ? { edsServiceName } : {}),
  };
  return Object.freeze(entry);
}
