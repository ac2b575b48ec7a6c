/**
 * TLSRoute, TCPRoute and UDPRoute: one rule (the API allows exactly one) of weighted backends.
 * TLSRoutes have SNI hostnames, narrowed by the listener's; TCP and UDP routes have none.
 * Which route a listener actually serves is decided later, per listener (translate.ts): the
 * oldest route wins a TCP/UDP listener or a TLS hostname; the others stay accepted and counted.
 */
import { GATEWAY_GROUP, type BackendRef, type ParentReference, type TCPRoute, type TLSRoute, type UDPRoute } from '../../apis/gateway';
import type { BackendProtocol, RouteDestination } from '../../ir/types';
import { resolveBackend, type BackendProblem } from '../backends/backends';
import { RouteReason } from '../model/conditions';
import { resolvedRefsVerdict, type RouteContext, type RouteParentContext, type RouteVerdicts } from '../model/contexts';
import type { ResourceIndex } from '../resourceindex';
import { verdict } from '../model/status';

export type L4Route = TLSRoute | TCPRoute | UDPRoute;

const BACKEND_PROTOCOL: Readonly<Record<L4Route['kind'], BackendProtocol>> = { TLSRoute: 'tls', TCPRoute: 'tcp', UDPRoute: 'udp' };

export class L4RouteContext implements RouteContext {
  readonly kind: L4Route['kind'];
  readonly namespace: string;
  readonly name: string;
  readonly key: string;
  destination: RouteDestination = { settings: [] };
  /** TLSRoute: the destination as a TLS listener in Terminate mode uses it (BackendTLSPolicy re-encrypts; see ResolvedBackend.terminated). */
  terminatedDestination: RouteDestination | undefined;
  readonly refProblems: BackendProblem[] = [];
  /** Rules after the first, which the API does not allow; they are dropped. */
  droppedRules = 0;
  parents: RouteParentContext[] = [];
  /** Backend policies naming a Service (port) the route uses (backendtlsuse.ts backendPoliciesOf). */
  backendPolicies: string[] = [];

  constructor(readonly route: L4Route) {
    this.kind = route.kind;
    this.namespace = route.metadata.namespace ?? '';
    this.name = route.metadata.name;
    this.key = `${this.kind}/${this.namespace}/${this.name}`;
  }

  get generation(): number | undefined {
    return this.route.metadata.generation;
  }

  get creationTimestamp(): string | undefined {
    return this.route.metadata.creationTimestamp;
  }

  /** SNI hostnames (TLSRoute); TCP and UDP routes have none. */
  hostnames(): string[] {
    return this.route.kind === 'TLSRoute' ? [...(this.route.spec?.hostnames ?? [])] : [];
  }

  get usesHostnames(): boolean {
    return this.kind === 'TLSRoute';
  }

  parentRefs(): ParentReference[] {
    return [...(this.route.spec?.parentRefs ?? [])];
  }

  verdicts(): RouteVerdicts {
    const out: RouteVerdicts = { resolvedRefs: resolvedRefsVerdict(this.refProblems) };
    if (this.droppedRules > 0) {
      const first = 1;
      const last = this.droppedRules;
      const which = last === first ? `Dropped Rule ${first}` : `Dropped Rules ${first}-${last}`;
      out.partiallyInvalid = verdict(false, RouteReason.UnsupportedValue, `${which}: a ${this.kind} has exactly one rule`);
    }
    return out;
  }
}

export function translateL4Route(route: L4Route, index: ResourceIndex): L4RouteContext {
  const ctx = new L4RouteContext(route);
  const rules = route.spec?.rules ?? [];
  ctx.droppedRules = Math.max(0, rules.length - 1);
  const from = { group: GATEWAY_GROUP, kind: route.kind, namespace: ctx.namespace };
  const backendRefs: BackendRef[] = rules[0]?.backendRefs ?? [];
  // Every reference is resolved, whatever its weight, so a bad one is always reported.
  const resolved = backendRefs.map((b) => resolveBackend(index, from, b, b.weight ?? 1, BACKEND_PROTOCOL[route.kind]));
  for (const r of resolved) if (r.problem) ctx.refProblems.push(r.problem);
  // Zero weights take nothing; invalid shares stay (their connections are rejected).
  ctx.destination = { settings: resolved.map((r) => r.setting).filter((s) => s.weight > 0) };
  if (resolved.some((r) => r.terminated)) ctx.terminatedDestination = { settings: resolved.map((r) => r.terminated ?? r.setting).filter((s) => s.weight > 0) };
  return ctx;
}
