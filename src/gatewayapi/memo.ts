/**
 * Results of pure translation steps kept between translations, so that re-translating a
 * Gateway costs what changed, not all its routes. Every entry says what it was computed from
 * (the route object, and the index reads it made), and is used only while all of that is
 * unchanged: a memo can make translation faster, never different.
 */
import type { GRPCRoute, HTTPRoute } from '../apis/gateway';
import type { IRRouteCache } from './routes/virtualhosts';
import type { RouteContext } from './model/contexts';
import { GRPCRouteContext, translateGRPCRoute } from './routes/grpcroute';
import { HTTPRouteContext, translateHTTPRoute } from './routes/httproute';
import type { HTTPLikeRouteContext } from './routes/httprules';
import { L4RouteContext, translateL4Route, type L4Route } from './routes/l4routes';
import { backendPoliciesOf } from './backends/backendtlsuse';
import type { ReadSet, ResourceIndex } from './resourceindex';
import { GatewayUnitMemo } from './unit';
import { parentKey } from './routes/parents';

export type AnyRoute = HTTPRoute | GRPCRoute | L4Route;

export type TranslatedRoute = HTTPLikeRouteContext | L4RouteContext;

/** A route translated on its own, before attachment; the same for every Gateway it names. */
export type RouteTranslation =
  | { ok: true; ctx: TranslatedRoute }
  | { ok: false; error: string; fallback: RouteContext };

const NO_REFS: readonly number[] = [];

export function routeKey(route: AnyRoute): string {
  return `${route.kind}/${route.metadata.namespace ?? ''}/${route.metadata.name}`;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function translateOne(route: AnyRoute, index: ResourceIndex): RouteTranslation {
  try {
    let ctx: TranslatedRoute;
    switch (route.kind) {
      case 'HTTPRoute': ctx = translateHTTPRoute(route, index); break;
      case 'GRPCRoute': ctx = translateGRPCRoute(route, index); break;
      default: ctx = translateL4Route(route, index);
    }
    ctx.backendPolicies = backendPoliciesOf(ctx, index);
    return { ok: true, ctx };
  } catch (err) {
    const fallback = route.kind === 'HTTPRoute' ? new HTTPRouteContext(route)
      : route.kind === 'GRPCRoute' ? new GRPCRouteContext(route) : new L4RouteContext(route);
    return { ok: false, error: errorMessage(err), fallback };
  }
}

/**
 * A copy of a translated route for one attachment: its rules are shared (never changed after
 * translation), its parents are its own.
 */
export function forAttachment<C extends TranslatedRoute>(ctx: C): C {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(ctx) as object) as C, ctx);
  copy.parents = [];
  return copy;
}

interface RouteEntry {
  source: AnyRoute;
  translation: RouteTranslation;
  reads: ReadSet;
  /** The index clock when the reads were last found current. */
  checkedAt: number;
}

export class TranslationMemo {
  /** By route key: the latest translation of each route (what keeps it alive). */
  private readonly routes = new Map<string, RouteEntry>();
  /** The same entries by route object, for the lookup made for every route of a Gateway. */
  private readonly byObject = new WeakMap<AnyRoute, RouteEntry>();
  /** Per route object: the Gateways its parentRefs name, each followed by the indexes naming it (flat, for memory). */
  private readonly refs = new WeakMap<AnyRoute, readonly (string | readonly number[])[]>();
  /** IR routes built from route table entries, by virtual host (see virtualhosts.ts). */
  readonly irRoutes: IRRouteCache = new WeakMap();
  /** What each Gateway's last translation can lend the next (see unit.ts). */
  private readonly units = new Map<string, GatewayUnitMemo>();

  unitMemo(gateway: string): GatewayUnitMemo {
    let memo = this.units.get(gateway);
    if (!memo) this.units.set(gateway, (memo = new GatewayUnitMemo()));
    return memo;
  }

  /** Forgets a Gateway that is gone (or no longer ours). */
  forgetGateway(gateway: string): void {
    this.units.delete(gateway);
  }

  /** The route's translation: cached while the route object and everything it read are unchanged. */
  translateRoute(route: AnyRoute, index: ResourceIndex): RouteTranslation {
    const cached = this.byObject.get(route);
    if (cached && (cached.checkedAt === index.clock || index.readsCurrent(cached.reads))) {
      cached.checkedAt = index.clock;
      return cached.translation;
    }
    const { value, reads } = index.withReads(() => translateOne(route, index));
    const entry = { source: route, translation: value, reads, checkedAt: index.clock };
    this.routes.set(routeKey(route), entry);
    this.byObject.set(route, entry);
    return value;
  }

  /**
   * Indexes of the route's parentRefs that name a parent (computed once per route object):
   * a Gateway key, or a ListenerSet's parent key (routes/parents.ts parentKey).
   */
  refsNaming(route: AnyRoute, parent: string): readonly number[] {
    let byGateway = this.refs.get(route);
    if (!byGateway) {
      const named = new Map<string, number[]>();
      for (const [i, ref] of (route.spec.parentRefs ?? []).entries()) {
        const key = parentKey(ref, route.metadata.namespace ?? '');
        if (key === undefined) continue;
        const list = named.get(key);
        if (list) list.push(i);
        else named.set(key, [i]);
      }
      byGateway = [...named].flat(1);
      this.refs.set(route, byGateway);
    }
    for (let i = 0; i < byGateway.length; i += 2) if (byGateway[i] === parent) return byGateway[i + 1] as readonly number[];
    return NO_REFS;
  }

  /** What the route's cached translation read. */
  readsOf(key: string): ReadSet | undefined {
    return this.routes.get(key)?.reads;
  }

  /** Forgets a route that is gone. */
  forgetRoute(key: string): void {
    this.routes.delete(key);
  }

  get routeCount(): number {
    return this.routes.size;
  }
}
