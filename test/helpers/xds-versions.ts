/**
 * The version a proxy holding the cache's current resources of a type has ACKed: the type
 * snapshot's version under Delta and for SotW LDS/CDS; under SotW RDS/EDS/SDS the digest of the
 * (name, version) pairs it holds (src/xds/server/held.ts), here of the current resources for the
 * names its stream sent.
 */
import type { SnapshotCache } from '../../src/xds/cache';
import type { ProxyRegistry } from '../../src/xds/server';
import { HeldResources } from '../../src/xds/server/held';
import { isLegacyWildcardType } from '../../src/xds/server/stream';
import type { ResourceTypeUrl } from '../../src/xds/types';

export function currentVersionFor(cache: SnapshotCache, registry: ProxyRegistry, gateway: string, nodeId: string, typeUrl: ResourceTypeUrl): string | undefined {
  const snapType = cache.snapshot(gateway)?.types.get(typeUrl);
  const proxy = registry.list().find((p) => p.nodeId === nodeId);
  if (!snapType || proxy?.protocol !== 'sotw' || isLegacyWildcardType(typeUrl)) return snapType?.version;
  const names = registry.sentVersions(proxy.streamId).get(typeUrl)?.keys() ?? [];
  return new HeldResources([...names].flatMap((n) => snapType.entries.get(n) ?? [])).version;
}
