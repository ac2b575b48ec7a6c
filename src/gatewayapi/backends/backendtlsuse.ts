/**
 * Which Gateways use which Services, for the ancestors of the policies on backends
 * (BackendTLSPolicy, XBackendTrafficPolicy): every backendRef (and RequestMirror and ExternalAuth
 * backend) of a route attached to a Gateway, read from the route as written, so that a policy on
 * a Service is reported through each Gateway that reaches it.
 */
import type { BackendObjectReference, HTTPRouteFilter, Route } from '../../apis/gateway';
import { GATEWAY_GROUP } from '../../apis/gateway';
import { X_GATEWAY_GROUP } from '../../apis/xtelemetry';
import { xBackendUseKey } from './xbackend';
import { CORE_GROUP } from './backends';
import { policyKey } from './backendtls';
import { backendTrafficPolicyKey } from './backendtraffic';
import type { RouteContext, RouteParentContext } from '../model/contexts';
import { isReferenceAllowed } from './referencegrant';
import type { ResourceIndex } from '../resourceindex';

/** A route context with the parents attachment gave it, and the object it came from. */
export interface PlacedRoute extends RouteContext {
  parents: RouteParentContext[];
  readonly route: Route;
  /** See backendPoliciesOf. */
  backendPolicies: string[];
}

type RefFilter = Pick<HTTPRouteFilter, 'requestMirror' | 'externalAuth'>;

/** The backends a rule's filters send requests to: mirrors and authorization services. */
function filterRefs(filters: readonly RefFilter[] | undefined): BackendObjectReference[] {
  return (filters ?? []).flatMap((f) => [f.requestMirror?.backendRef, f.externalAuth?.backendRef].filter((r) => r !== undefined));
}

/** Every backend a route refers to: forwarding, mirroring or authorizing. */
function backendRefsOf(route: Route): BackendObjectReference[] {
  const out: BackendObjectReference[] = [];
  for (const rule of route.spec?.rules ?? []) {
    const r = rule as { backendRefs?: BackendObjectReference[]; filters?: RefFilter[] };
    out.push(...(r.backendRefs ?? []), ...filterRefs(r.filters));
  }
  return out;
}

/**
 * The policies naming a Service (port) the route refers to: a Gateway the route is attached to
 * is their ancestor. BackendTLSPolicies by "<namespace>/<name>" (those naming an existing port),
 * XBackendTrafficPolicies by backendTrafficPolicyKey (the Service may be missing: the policy then
 * reports TargetNotFound through the Gateway), and the XBackends it refers to by xBackendUseKey. The same for every Gateway, so computed once when
 * the route is translated.
 */
export function backendPoliciesOf(ctx: Pick<PlacedRoute, 'kind' | 'namespace' | 'route'>, index: ResourceIndex): string[] {
  const used = new Set<string>();
  const from = { group: GATEWAY_GROUP, kind: ctx.kind, namespace: ctx.namespace };
  for (const ref of backendRefsOf(ctx.route)) {
    if (ref.group === X_GATEWAY_GROUP && ref.kind === 'XBackend') {
      // An XBackend reports per Gateway too: kept with the policies, under a key of its own.
      const namespace = ref.namespace ?? ctx.namespace;
      if (!isReferenceAllowed(index, from, { group: X_GATEWAY_GROUP, kind: 'XBackend', namespace, name: ref.name })) continue;
      if (index.xBackend(namespace, ref.name)) used.add(xBackendUseKey(namespace, ref.name));
      continue;
    }
    if ((ref.group ?? CORE_GROUP) !== CORE_GROUP || (ref.kind ?? 'Service') !== 'Service') continue;
    const namespace = ref.namespace ?? ctx.namespace;
    if (!isReferenceAllowed(index, from, { group: CORE_GROUP, kind: 'Service', namespace, name: ref.name })) continue;
    for (const state of index.backendTrafficClaimants(namespace, ref.name)) used.add(backendTrafficPolicyKey(state));
    const port = index.service(namespace, ref.name)?.spec?.ports?.find((p) => p.port === ref.port);
    if (!port) continue;
    for (const state of index.backendTLSClaimants(namespace, ref.name, port.name)) used.add(policyKey(state));
  }
  return [...used];
}

/** The backend policies gateway is an ancestor of: those of the routes attached to it. */
export function backendPolicyUses(placed: readonly PlacedRoute[], gateway: string): Set<string> {
  const used = new Set<string>();
  for (const ctx of placed) {
    if (ctx.backendPolicies.length === 0) continue;
    if (!ctx.parents.some((p) => p.attachment.ok && p.gateway?.key === gateway)) continue;
    for (const policy of ctx.backendPolicies) used.add(policy);
  }
  return used;
}
