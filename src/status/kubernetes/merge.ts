/**
 * What Pier writes into an object's status on the API server, from what the translator computed
 * and what the object holds now. Pure: the writer reads the object, merges, and writes only when
 * the result differs.
 *
 * GatewayClass, Gateway and ListenerSet statuses are Pier's (the translator only has statuses for
 * classes and Gateways of its controller), except for conditions other controllers add: a
 * condition whose type is domain-prefixed ("example.com/Ready", as Kubernetes' condition type
 * format allows for types outside the API's own) and that Pier does not write is kept as it is,
 * on the object and on each listener that still exists (Gateway API v1.7.0,
 * GatewayPreserveForeignConditions). Route `status.parents` and policy
 * `status.ancestors` are shared: entries of other controllers are kept as they are, Pier's own
 * are replaced by the translator's (so a parent that went away loses its stale entry), and with
 * no status from the translator Pier's entries are removed.
 */
import { deepEqual } from 'fast-equals';
import type { ObjectStatus } from '../../message/resources';
import { PIER_POLICY_KINDS } from '../../apis/pier';
import { stampTransitions } from '../writer';

/** A status-bearing object as read from the API server. */
export interface LiveObject {
  apiVersion?: string;
  kind?: string;
  metadata: { name: string; namespace?: string; resourceVersion?: string; generation?: number };
  status?: Record<string, unknown>;
}

/** The status kinds: which of them share entries between controllers, and under which field. */
export type StatusKind = ObjectStatus['kind'];
const SHARED_FIELD: Partial<Record<StatusKind, 'parents' | 'ancestors'>> = {
  HTTPRoute: 'parents', GRPCRoute: 'parents', TLSRoute: 'parents', TCPRoute: 'parents', UDPRoute: 'parents', BackendTLSPolicy: 'ancestors',
  XTelemetryPolicy: 'ancestors',
  XBackendTrafficPolicy: 'ancestors',
  XBackend: 'ancestors',
  ...Object.fromEntries(PIER_POLICY_KINDS.map((k) => [k.kind, 'ancestors'])),
};

export function sharedField(kind: StatusKind): 'parents' | 'ancestors' | undefined {
  return SHARED_FIELD[kind];
}

interface ControllerEntry { controllerName?: string }

interface TypedCondition { type?: unknown }
interface NamedListener { name?: unknown; conditions?: unknown }

/** Another controller's condition: a domain-prefixed type (Gateway API's own types have no prefix). */
function isForeignConditionType(type: unknown): boolean {
  return typeof type === 'string' && type.includes('/');
}

/** next's conditions with the foreign ones of current appended (those next does not set itself). */
function withForeign(current: unknown, next: unknown): unknown {
  if (!Array.isArray(current)) return next;
  const foreign = (current as TypedCondition[]).filter((c) => isForeignConditionType(c.type));
  if (foreign.length === 0) return next;
  const own = Array.isArray(next) ? next as TypedCondition[] : [];
  const ownTypes = new Set(own.map((c) => c.type));
  return [...own, ...foreign.filter((c) => !ownTypes.has(c.type))];
}

/** Foreign conditions of the object and of each listener (by name) carried into next. */
function keepForeignConditions(current: Record<string, unknown>, next: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...next };
  const conditions = withForeign(current.conditions, next.conditions);
  if (conditions !== undefined) out.conditions = conditions;
  if (Array.isArray(current.listeners) && Array.isArray(next.listeners)) {
    const before = new Map((current.listeners as NamedListener[]).map((l) => [l.name, l]));
    out.listeners = (next.listeners as NamedListener[]).map((l) => {
      const old = before.get(l.name);
      return old ? { ...l, conditions: withForeign(old.conditions, l.conditions) } : l;
    });
  }
  return out;
}

/**
 * The status to write, or undefined when the object's status already is what it should be.
 * ours undefined: Pier has no status for the object (any entries of Pier's are removed).
 */
export function mergeStatus(kind: StatusKind, live: LiveObject, ours: ObjectStatus | undefined, controllerName: string, now: string): Record<string, unknown> | undefined {
  const current = live.status ?? {};
  const field = sharedField(kind);
  let next: Record<string, unknown>;
  if (!field) {
    if (!ours) return undefined;
    const previous = { ...ours, status: current } as unknown as ObjectStatus;
    next = keepForeignConditions(current, { ...current, ...(stampTransitions(ours, previous, now).status as unknown as Record<string, unknown>) });
  } else {
    const entries = (Array.isArray(current[field]) ? current[field] : []) as ControllerEntry[];
    const others = entries.filter((e) => e.controllerName !== controllerName);
    const mine = entries.filter((e) => e.controllerName === controllerName);
    let stamped: unknown[] = [];
    if (ours) {
      const previous = { ...ours, status: { [field]: mine } } as unknown as ObjectStatus;
      stamped = (stampTransitions(ours, previous, now).status as unknown as Record<string, unknown[]>)[field] ?? [];
    }
    next = { ...current, [field]: [...others, ...stamped] };
  }
  // In the form the API server keeps (no undefined fields), so an unchanged status compares equal.
  const wire = JSON.parse(JSON.stringify(next)) as Record<string, unknown>;
  return deepEqual(wire, current) ? undefined : wire;
}
