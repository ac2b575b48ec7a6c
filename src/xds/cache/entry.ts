/**
 * Immutable, encoded resources. A resource is encoded once per content version; the entry
 * (bytes and the Any that wraps them) is then shared by every stream and every response.
 */
import { createHash } from 'node:crypto';
import type { XdsProtos } from '../proto';
import { TypeUrl, type ResourceTypeUrl } from '../types';

/**
 * One resource as streams serve it. Encoded once, when a stream first needs it (a gateway no
 * proxy follows is never encoded); the entry (bytes and the Any that wraps them) is then shared by
 * every stream and every response. Never changes once encoded: streams hold references to it.
 */
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
  /** Whether the bytes were made already. */
  readonly encoded: boolean;
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
  const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return sortedSetVersion(sorted);
}

/** setVersion of entries already in name order (a type snapshot's): no sort. */
export function sortedSetVersion(entries: Iterable<ResourceEntry>): string {
  // One text hashed in one call: the same digest as hashing the parts one by one, without
  // thousands of calls into the hash for a type of thousands of resources.
  let text = '';
  for (const e of entries) text += `${e.name}\0${e.version}\n`;
  return createHash('sha256').update(text).digest('base64url').slice(0, VERSION_CHARS);
}

/** The EDS name a cluster subscribes to, when it is an EDS cluster. */
function edsServiceNameOf(cluster: object): string | undefined {
  const c = cluster as { name?: string; type?: string | number; eds_cluster_config?: { service_name?: string } | null };
  const isEds = c.type === 'EDS' || c.type === 3 || (c.eds_cluster_config !== undefined && c.eds_cluster_config !== null);
  if (!isEds) return undefined;
  return c.eds_cluster_config?.service_name || c.name || undefined;
}

class LazyEntry implements ResourceEntry {
  private source: object | undefined;
  private encodedBytes: Uint8Array | undefined;
  private cachedVersion: string | undefined;
  private cachedAny: Readonly<{ type_url: string; value: Uint8Array }> | undefined;

  constructor(
    private readonly protos: XdsProtos,
    readonly typeUrl: ResourceTypeUrl,
    readonly name: string,
    resource: object,
    private readonly onEncode: (() => void) | undefined,
    readonly edsServiceName: string | undefined,
  ) {
    this.source = resource;
  }

  get encoded(): boolean {
    return this.encodedBytes !== undefined;
  }

  get bytes(): Uint8Array {
    if (this.encodedBytes === undefined) {
      this.encodedBytes = this.protos.encode(this.typeUrl, this.source!);
      this.source = undefined;
      this.onEncode?.();
    }
    return this.encodedBytes;
  }

  get version(): string {
    this.cachedVersion ??= contentVersion(this.bytes);
    return this.cachedVersion;
  }

  get any(): Readonly<{ type_url: string; value: Uint8Array }> {
    this.cachedAny ??= Object.freeze({ type_url: this.typeUrl, value: this.bytes });
    return this.cachedAny;
  }
}

/**
 * Wraps a resource as an entry, encoded when first needed; onEncode is told when that happens.
 * The resource must not change afterwards (bus values are frozen).
 */
export function encodeEntry(protos: XdsProtos, typeUrl: ResourceTypeUrl, name: string, resource: object, onEncode?: () => void): ResourceEntry {
  const edsServiceName = typeUrl === TypeUrl.Cluster ? edsServiceNameOf(resource) : undefined;
  return new LazyEntry(protos, typeUrl, name, resource, onEncode, edsServiceName);
}
