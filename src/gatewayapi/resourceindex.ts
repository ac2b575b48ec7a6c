/** Lookups over one ProviderResources snapshot, built once per translation. */
import { SERVICE_NAME_LABEL, type ConfigMap, type EndpointSlice, type Secret, type Service } from '../apis/core';
import type { Gateway, ReferenceGrant } from '../apis/gateway';
import type { ProviderResources } from '../message/resources';
import { BackendTLSPolicies } from './backendtls';

/** The label the API server puts on every Namespace; assumed even where no Namespace object was given. */
export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

function key(namespace: string | undefined, name: string): string {
  return `${namespace ?? ''}/${name}`;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | undefined): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = keyOf(item);
    if (k === undefined) continue;
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

export class ResourceIndex {
  private readonly gateways: Map<string, Gateway>;
  private readonly services: Map<string, Service>;
  private readonly slicesByService: Map<string, EndpointSlice[]>;
  private readonly namespaceLabels: Map<string, Record<string, string>>;
  private readonly grantsByNamespace: Map<string, ReferenceGrant[]>;
  private readonly secrets: Map<string, Secret>;
  private readonly configMaps: Map<string, ConfigMap>;
  /** The BackendTLSPolicies, resolved once: which Service ports get TLS, and their statuses. */
  readonly backendTLS: BackendTLSPolicies;

  constructor(resources: ProviderResources) {
    this.gateways = new Map(resources.gateways.map((g) => [key(g.metadata.namespace, g.metadata.name), g]));
    this.services = new Map(resources.services.map((s) => [key(s.metadata.namespace, s.metadata.name), s]));
    this.slicesByService = groupBy(resources.endpointSlices, (s) => {
      const service = s.metadata.labels?.[SERVICE_NAME_LABEL];
      return service === undefined ? undefined : key(s.metadata.namespace, service);
    });
    for (const slices of this.slicesByService.values()) slices.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
    this.namespaceLabels = new Map(resources.namespaces.map((n) => [n.metadata.name, { ...n.metadata.labels }]));
    this.grantsByNamespace = groupBy(resources.referenceGrants, (g) => g.metadata.namespace ?? '');
    this.secrets = new Map(resources.secrets.map((s) => [key(s.metadata.namespace, s.metadata.name), s]));
    // Older snapshots (and hand-built ones) may lack the lists added with BackendTLSPolicy.
    this.configMaps = new Map((resources.configMaps ?? []).map((c) => [key(c.metadata.namespace, c.metadata.name), c]));
    this.backendTLS = new BackendTLSPolicies(resources.backendTLSPolicies ?? [], (namespace, name) => this.configMap(namespace, name));
  }

  configMap(namespace: string, name: string): ConfigMap | undefined {
    return this.configMaps.get(key(namespace, name));
  }

  secret(namespace: string, name: string): Secret | undefined {
    return this.secrets.get(key(namespace, name));
  }

  gateway(namespace: string, name: string): Gateway | undefined {
    return this.gateways.get(key(namespace, name));
  }

  service(namespace: string, name: string): Service | undefined {
    return this.services.get(key(namespace, name));
  }

  /** EndpointSlices of a Service, sorted by name. */
  endpointSlices(namespace: string, service: string): readonly EndpointSlice[] {
    return this.slicesByService.get(key(namespace, service)) ?? [];
  }

  /** A namespace's labels, including the name label the API server always sets. */
  namespaceLabelsOf(namespace: string): Record<string, string> {
    return { [NAMESPACE_NAME_LABEL]: namespace, ...this.namespaceLabels.get(namespace) };
  }

  referenceGrantsIn(namespace: string): readonly ReferenceGrant[] {
    return this.grantsByNamespace.get(namespace) ?? [];
  }
}
