/**
 * Which Gateways use which Service ports, for BackendTLSPolicy ancestors: every backendRef (and
 * RequestMirror backend) of a route attached to one of our Gateways, read from the route as
 * written, so that a policy on a Service is reported through each Gateway that reaches it.
 */
import type { BackendObjectReference, HTTPRouteFilter, Route } from '../apis/gateway';
import { GATEWAY_GROUP } from '../apis/gateway';
import type { ProviderResources } from '../message/resources';
import { CORE_GROUP } from './backends';
import type { RouteContext, RouteParentContext } from './contexts';
import { isReferenceAllowed } from './referencegrant';
import type { ResourceIndex } from './resourceindex';

/** A route context with the parents attachment gave it. */
export interface PlacedRoute extends RouteContext {
  parents: RouteParentContext[];
}

function mirrorRefs(filters: readonly Pick<HTTPRouteFilter, 'requestMirror'>[] | undefined): BackendObjectReference[] {
  return (filters ?? []).flatMap((f) => (f.requestMirror?.backendRef ? [f.requestMirror.backendRef] : []));
}

/** Every backend a route refers to, forwarding or mirroring. */
function backendRefsOf(route: Route): BackendObjectReference[] {
  const out: BackendObjectReference[] = [];
  for (const rule of route.spec?.rules ?? []) {
    const r = rule as { backendRefs?: BackendObjectReference[]; filters?: Pick<HTTPRouteFilter, 'requestMirror'>[] };
    out.push(...(r.backendRefs ?? []), ...mirrorRefs(r.filters));
  }
  return out;
}

export function recordBackendTLSUses(resources: ProviderResources, placed: readonly PlacedRoute[], index: ResourceIndex): void {
  if (index.backendTLS.states.length === 0) return;
  const routes = new Map<string, Route>();
  for (const r of [...resources.httpRoutes, ...resources.grpcRoutes, ...resources.tlsRoutes, ...resources.tcpRoutes, ...resources.udpRoutes]) {
    routes.set(`${r.kind}/${r.metadata.namespace ?? ''}/${r.metadata.name}`, r);
  }
  for (const ctx of placed) {
    const route = routes.get(ctx.key);
    if (!route) continue;
    const gateways = ctx.parents.filter((p) => p.attachment.ok && p.gateway).map((p) => p.gateway!);
    if (gateways.length === 0) continue;
    const from = { group: GATEWAY_GROUP, kind: ctx.kind, namespace: ctx.namespace };
    for (const ref of backendRefsOf(route)) {
      if ((ref.group ?? CORE_GROUP) !== CORE_GROUP || (ref.kind ?? 'Service') !== 'Service') continue;
      const namespace = ref.namespace ?? ctx.namespace;
      if (!isReferenceAllowed(index, from, { group: CORE_GROUP, kind: 'Service', namespace, name: ref.name })) continue;
      const port = index.service(namespace, ref.name)?.spec?.ports?.find((p) => p.port === ref.port);
      if (!port) continue;
      for (const gw of gateways) index.backendTLS.recordUse(namespace, ref.name, port.name, { namespace: gw.namespace, name: gw.name });
    }
  }
}
