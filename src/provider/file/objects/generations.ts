/**
 * metadata.generation for standalone mode, where no API server counts spec changes. Conditions
 * carry observedGeneration, so users (and tests) can tell which edit a status is about.
 */
import { PIER_KINDS, type PierLists } from '../../../apis/pier';
import { deepEqual } from 'fast-equals';
import type { ProviderResources } from '../../../message/resources';
import { cloneJson } from '../../../ir/clone';
import type { ProviderObject } from '../../defaults';
import { identityKey, identityOf } from '../kinds';

/** What counts as "the spec": everything but type and object metadata and status. */
function specOf(object: ProviderObject): Record<string, unknown> {
  const { apiVersion: _apiVersion, kind: _kind, metadata: _metadata, status: _status, ...spec } =
    object as ProviderObject & { status?: unknown };
  return spec;
}

interface Seen {
  generation: number;
  spec: Record<string, unknown>;
}

/**
 * Generation per object (kind/namespace/name): 1 when first seen, +1 whenever its spec changes.
 * Objects that are forgotten (gone from what is published) start again at 1 if they come back.
 */
export class GenerationTracker {
  private seen = new Map<string, Seen>();

  /** The generation of object, published under key now: its previous one, or one more if its spec changed. */
  next(key: string, object: ProviderObject): number {
    const generation = this.peek(key, object);
    this.remember(key, object, generation);
    return generation;
  }

  /** What next() would say, without recording it (the caller records it with remember()). */
  peek(key: string, object: ProviderObject): number {
    const previous = this.seen.get(key);
    if (!previous) return 1;
    return deepEqual(previous.spec, specOf(object)) ? previous.generation : previous.generation + 1;
  }

  /** Records object's spec as the one of generation, under key. */
  remember(key: string, object: ProviderObject, generation: number): void {
    const previous = this.seen.get(key);
    if (previous?.generation === generation) return;
    const spec = specOf(object);
    // A frozen object's parts cannot change: keep them instead of a copy.
    this.seen.set(key, { generation, spec: Object.isFrozen(object) ? spec : cloneJson(spec) });
  }

  /** The object under key is no longer published. */
  forget(key: string): void {
    this.seen.delete(key);
  }

  /** Returns a copy of a whole resource set with metadata.generation set on every object; objects not in it are forgotten. */
  stamp(resources: ProviderResources): ProviderResources {
    const present = new Set<string>();
    const stampAll = <T extends ProviderObject>(objects: T[]): T[] => objects.map((object) => {
      const key = identityKey(identityOf(object));
      present.add(key);
      return { ...object, metadata: { ...object.metadata, generation: this.next(key, object) } };
    });
    const out: ProviderResources = {
      gatewayClasses: stampAll(resources.gatewayClasses),
      gateways: stampAll(resources.gateways),
      listenerSets: stampAll(resources.listenerSets ?? []),
      httpRoutes: stampAll(resources.httpRoutes),
      grpcRoutes: stampAll(resources.grpcRoutes),
      tlsRoutes: stampAll(resources.tlsRoutes),
      tcpRoutes: stampAll(resources.tcpRoutes),
      udpRoutes: stampAll(resources.udpRoutes),
      referenceGrants: stampAll(resources.referenceGrants),
      backendTLSPolicies: stampAll(resources.backendTLSPolicies),
      xTelemetryPolicies: stampAll(resources.xTelemetryPolicies ?? []),
      xBackendTrafficPolicies: stampAll(resources.xBackendTrafficPolicies ?? []),
      xBackends: stampAll(resources.xBackends ?? []),
      services: stampAll(resources.services),
      endpointSlices: stampAll(resources.endpointSlices),
      namespaces: stampAll(resources.namespaces),
      secrets: stampAll(resources.secrets),
      configMaps: stampAll(resources.configMaps),
      clusterTrustBundles: stampAll(resources.clusterTrustBundles ?? []),
      ...Object.fromEntries(PIER_KINDS.map((k) => [k.table, stampAll<ProviderObject>(resources[k.table] ?? [])])) as unknown as PierLists,
    };
    for (const key of [...this.seen.keys()]) if (!present.has(key)) this.seen.delete(key);
    return out;
  }

  /** Number of objects currently tracked. */
  get size(): number {
    return this.seen.size;
  }
}
