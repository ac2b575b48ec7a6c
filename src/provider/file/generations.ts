/**
 * metadata.generation for standalone mode, where no API server counts spec changes. Conditions
 * carry observedGeneration, so users (and tests) can tell which edit a status is about.
 */
import { deepEqual } from 'fast-equals';
import type { ProviderResources } from '../../message/resources';
import type { ProviderObject } from '../defaults';
import { identityKey, identityOf } from './kinds';

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
 * Objects missing from a stamped set are forgotten: if they come back they start again at 1.
 */
export class GenerationTracker {
  private seen = new Map<string, Seen>();

  /** Returns a copy of resources with metadata.generation set on every object. */
  stamp(resources: ProviderResources): ProviderResources {
    const next = new Map<string, Seen>();
    const stampAll = <T extends ProviderObject>(objects: T[]): T[] => objects.map((object) => {
      const key = identityKey(identityOf(object));
      const spec = specOf(object);
      const previous = this.seen.get(key);
      let entry: Seen;
      if (!previous) entry = { generation: 1, spec: structuredClone(spec) };
      else if (deepEqual(previous.spec, spec)) entry = previous;
      else entry = { generation: previous.generation + 1, spec: structuredClone(spec) };
      next.set(key, entry);
      return { ...object, metadata: { ...object.metadata, generation: entry.generation } };
    });
    const out: ProviderResources = {
      gatewayClasses: stampAll(resources.gatewayClasses),
      gateways: stampAll(resources.gateways),
      httpRoutes: stampAll(resources.httpRoutes),
      grpcRoutes: stampAll(resources.grpcRoutes),
      tlsRoutes: stampAll(resources.tlsRoutes),
      tcpRoutes: stampAll(resources.tcpRoutes),
      udpRoutes: stampAll(resources.udpRoutes),
      referenceGrants: stampAll(resources.referenceGrants),
      backendTLSPolicies: stampAll(resources.backendTLSPolicies),
      services: stampAll(resources.services),
      endpointSlices: stampAll(resources.endpointSlices),
      namespaces: stampAll(resources.namespaces),
      secrets: stampAll(resources.secrets),
      configMaps: stampAll(resources.configMaps),
    };
    this.seen = next;
    return out;
  }

  /** Number of objects currently tracked. */
  get size(): number {
    return this.seen.size;
  }
}
