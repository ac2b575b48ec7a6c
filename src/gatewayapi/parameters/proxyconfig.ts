/**
 * parametersRef: the ProxyConfig a GatewayClass names (spec.parametersRef, defaults for its
 * Gateways) and the one a Gateway names (spec.infrastructure.parametersRef, same namespace),
 * merged into the Gateway's proxy settings, the Gateway's winning field by field. A reference
 * that is not to a ProxyConfig, or to one that does not exist (the providers keep out
 * ProxyConfigs their CRD schema refuses), is a problem: the GatewayClass or the Gateway is
 * Accepted=False, InvalidParameters, as the spec says, and is not served with other settings.
 */
import type { Gateway, GatewayClass } from '../../apis/gateway';
import { PIER_GROUP, type ProxyConfig, type ProxyConfigSpec } from '../../apis/pier';

const PROXY_CONFIG_KIND: ProxyConfig['kind'] = 'ProxyConfig';
import type { ProxySettingsIR } from '../../ir/types';
import type { ResourceIndex } from '../resourceindex';

type Found = { config: ProxyConfig } | { problem: string };

function describe(ref: { group: string; kind: string; name: string; namespace?: string }): string {
  return `${ref.kind} ${ref.namespace ? `${ref.namespace}/` : ''}${ref.name} (group ${ref.group === '' ? 'core' : ref.group})`;
}

function lookup(ref: { group: string; kind: string; name: string }, namespace: string | undefined, index: ResourceIndex): Found {
  if (ref.group !== PIER_GROUP || ref.kind !== PROXY_CONFIG_KIND) {
    return { problem: `${describe({ ...ref, namespace })} is not a kind Pier supports (only ${PROXY_CONFIG_KIND} of group ${PIER_GROUP})` };
  }
  if (namespace === undefined) return { problem: `${describe(ref)} has no namespace: a ${PROXY_CONFIG_KIND} is namespaced` };
  const config = index.proxyConfig(namespace, ref.name);
  return config ? { config } : { problem: `${describe({ ...ref, namespace })} does not exist (or its spec is not valid)` };
}

/** The GatewayClass's ProxyConfig; undefined when it names none. */
export function classProxyConfig(gatewayClass: GatewayClass, index: ResourceIndex): Found | undefined {
  const ref = gatewayClass.spec?.parametersRef;
  return ref ? lookup(ref, ref.namespace, index) : undefined;
}

/** Why the GatewayClass's parametersRef cannot be used; undefined when it can (or it has none). */
export function classParametersProblem(gatewayClass: GatewayClass, index: ResourceIndex): string | undefined {
  const found = classProxyConfig(gatewayClass, index);
  return found && 'problem' in found ? `spec.parametersRef: ${found.problem}` : undefined;
}

/** The spec the Gateway's proxies run with: the class's fields, then the Gateway's over them. */
function merge(base: ProxyConfigSpec, over: ProxyConfigSpec): ProxyConfigSpec {
  const nested = <T extends object>(a: T | undefined, b: T | undefined): T | undefined => (a || b ? { ...a, ...b } as T : undefined);
  const merged: ProxyConfigSpec = { ...base, ...over };
  const resources = nested(base.resources, over.resources);
  const stats = nested(base.stats, over.stats);
  const metrics = nested(base.metrics, over.metrics);
  if (resources) merged.resources = resources;
  if (stats) merged.stats = stats;
  if (metrics) merged.metrics = metrics;
  return merged;
}

function toIR(spec: ProxyConfigSpec, sources: string[]): ProxySettingsIR {
  const ir: ProxySettingsIR = {};
  if (spec.logLevel !== undefined) ir.logLevel = spec.logLevel;
  if (spec.concurrency !== undefined) ir.concurrency = spec.concurrency;
  if (spec.replicas !== undefined) ir.replicas = spec.replicas;
  if (spec.resources) {
    ir.resources = {};
    if (spec.resources.requests) ir.resources.requests = { ...spec.resources.requests };
    if (spec.resources.limits) ir.resources.limits = { ...spec.resources.limits };
  }
  if (spec.stats) {
    ir.stats = {};
    if (spec.stats.inclusionPrefixes) ir.stats.inclusionPrefixes = [...spec.stats.inclusionPrefixes];
    if (spec.stats.tags) ir.stats.tags = spec.stats.tags.map((t) => ({ name: t.name, value: t.value }));
    if (spec.stats.full !== undefined) ir.stats.full = spec.stats.full;
  }
  if (spec.metrics) ir.metrics = { ...spec.metrics };
  ir.sources = sources;
  return ir;
}

export type GatewayParameters = { settings?: ProxySettingsIR } | { problem: string };

/**
 * The Gateway's proxy settings from its class's and its own ProxyConfig; a problem with either
 * reference instead. No settings (undefined) when neither names one.
 */
export function gatewayParameters(gateway: Gateway, index: ResourceIndex): GatewayParameters {
  const gatewayClass = index.gatewayClass(gateway.spec?.gatewayClassName ?? '');
  const fromClass = gatewayClass ? classProxyConfig(gatewayClass, index) : undefined;
  if (fromClass && 'problem' in fromClass) return { problem: `its GatewayClass ${gatewayClass!.metadata.name} has spec.parametersRef: ${fromClass.problem}` };
  const ref = gateway.spec?.infrastructure?.parametersRef;
  const own = ref ? lookup(ref, gateway.metadata.namespace ?? '', index) : undefined;
  if (own && 'problem' in own) return { problem: `spec.infrastructure.parametersRef: ${own.problem}` };
  const configs = [fromClass, own].flatMap((f) => (f && 'config' in f ? [f.config] : []));
  if (configs.length === 0) return {};
  const spec = configs.map((c) => c.spec ?? {}).reduce(merge, {});
  return { settings: toIR(spec, configs.map((c) => `${c.metadata.namespace ?? ''}/${c.metadata.name}`)) };
}
