/**
 * The live event stream (pier.admin.v1.Admin/Subscribe), in the manner of Consul's event
 * streaming: a subscriber first gets a snapshot of the current statuses and proxies, framed by
 * new_snapshot_to_follow and end_of_snapshot, then every change as it happens. Nothing keeps
 * history: a subscriber whose transport is full queues at most maxBacklog events; past that its
 * backlog is dropped and, once it reads again, it gets a fresh snapshot instead.
 */
import { hasAncestors, type ObjectStatus } from '../message/resources';
import { handleSubscription, type Subscription, type WatchableMap } from '../message/watchable';
import { isProblemCondition, type Condition } from '../apis/meta';
import { syncState, type NackRecord, type ProxyInfo, type ProxyObserver, type ProxyRef } from '../xds/server';
import type { ProxyEvent } from '../generated/pier/admin/v1/ProxyEvent';
import type { StatusEvent } from '../generated/pier/admin/v1/StatusEvent';
import type { Struct } from '../generated/google/protobuf/Struct';
import type { Value } from '../generated/google/protobuf/Value';

/** One event's content; the subscription adds index and time. */
export type EventPayload =
  | { new_snapshot_to_follow: true }
  | { end_of_snapshot: true }
  | { status: StatusEvent }
  | { proxy: ProxyEvent };

/** What an event is about, for the Gateway filter. */
interface Scoped {
  payload: EventPayload;
  /** The Gateways ("namespace/name") the event concerns. */
  gateways: readonly string[];
}

export interface EventSink {
  /** Writes one event; false: the transport is full, wait for drain(). */
  write(payload: EventPayload): boolean;
  /** Calls back once when the transport can take more. */
  onDrain(callback: () => void): void;
  /** Ends the subscription cleanly (the publisher stops). */
  end(): void;
}

export interface EventPublisherOptions {
  statuses: WatchableMap<string, ObjectStatus>;
  proxies: () => readonly ProxyInfo[];
  /** Events queued per subscriber whose transport is full, before it is sent a fresh snapshot instead. */
  maxBacklog?: number;
}

export const DEFAULT_MAX_BACKLOG = 1000;

const TYPE_NAMES: Readonly<Record<string, string>> = {
  'type.googleapis.com/envoy.config.listener.v3.Listener': 'LDS',
  'type.googleapis.com/envoy.config.route.v3.RouteConfiguration': 'RDS',
  'type.googleapis.com/envoy.config.cluster.v3.Cluster': 'CDS',
  'type.googleapis.com/envoy.config.endpoint.v3.ClusterLoadAssignment': 'EDS',
  'type.googleapis.com/envoy.extensions.transport_sockets.tls.v3.Secret': 'SDS',
};

export class EventPublisher {
  private readonly statuses = new Map<string, ObjectStatus>();
  private readonly subscribers = new Set<Subscriber>();
  private subscription: Subscription<string, ObjectStatus> | null = null;
  private loop: Promise<void> | null = null;
  readonly maxBacklog: number;

  constructor(private readonly options: EventPublisherOptions) {
    this.maxBacklog = Math.max(1, options.maxBacklog ?? DEFAULT_MAX_BACKLOG);
  }

  start(): void {
    if (this.subscription) return;
    this.subscription = this.options.statuses.subscribe();
    this.loop = handleSubscription(this.subscription, (u) => {
      const before = this.statuses.get(u.key);
      if (u.deleted || !u.value) {
        this.statuses.delete(u.key);
        if (before && this.subscribers.size > 0) this.broadcast({ payload: { status: { ...statusIdentity(before), deleted: true } }, gateways: gatewaysOfStatus(before) });
        return;
      }
      this.statuses.set(u.key, u.value);
      // Events are built only for someone to read (at start, every object's status arrives here).
      if (this.subscribers.size === 0) return;
      // A route that leaves a Gateway is news to that Gateway's subscribers too.
      const gateways = [...new Set([...gatewaysOfStatus(u.value), ...(before ? gatewaysOfStatus(before) : [])])];
      this.broadcast({ payload: { status: statusEvent(u.value) }, gateways });
    });
  }

  async stop(): Promise<void> {
    this.subscription?.close();
    await this.loop;
    for (const s of [...this.subscribers]) s.end();
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** Events about proxies, from the xDS server's registry. */
  proxyObserver(): ProxyObserver {
    const send = (p: ProxyRef, change: ProxyEvent['change'], extra: Partial<ProxyEvent> = {}): void => {
      if (this.subscribers.size > 0) this.broadcast({ payload: { proxy: { ...proxyIdentity(p), change, ...extra } }, gateways: [p.cluster] });
    };
    return {
      connected: (p) => send(p, 'CONNECTED'),
      acked: (p, typeUrl, version) => send(p, 'ACKED', { type_url: typeUrl, version }),
      nacked: (p, typeUrl, nack: Readonly<NackRecord>) => send(p, 'NACKED', { type_url: typeUrl, version: nack.version, error_detail: nack.message }),
      disconnected: (p) => send(p, 'DISCONNECTED'),
    };
  }

  /** Starts a subscription (snapshot first); returns the function that ends it. */
  subscribe(gateway: string, sink: EventSink): () => void {
    const subscriber = new Subscriber(sink, gateway, () => this.snapshot(gateway), this.maxBacklog, (s) => this.subscribers.delete(s));
    this.subscribers.add(subscriber);
    subscriber.start();
    return () => subscriber.close();
  }

  /** The current state as events, for one Gateway or all ("" ). */
  private snapshot(gateway: string): EventPayload[] {
    const out: EventPayload[] = [];
    for (const key of [...this.statuses.keys()].sort()) {
      const s = this.statuses.get(key)!;
      if (!gateway || gatewaysOfStatus(s).includes(gateway)) out.push({ status: statusEvent(s) });
    }
    for (const p of this.options.proxies()) {
      if (gateway && p.cluster !== gateway) continue;
      const types: Record<string, string> = {};
      for (const t of p.types) types[TYPE_NAMES[t.typeUrl] ?? t.typeUrl] = syncState(t);
      out.push({ proxy: { ...proxyIdentity(p), change: 'CURRENT', types } });
    }
    return out;
  }

  private broadcast(event: Scoped): void {
    for (const s of this.subscribers) s.offer(event);
  }
}

class Subscriber {
  private backlog: EventPayload[] = [];
  private blocked = false;
  /** The backlog overflowed: what it held is gone, a fresh snapshot replaces it. */
  private resnapshot = false;
  private closed = false;

  constructor(
    private readonly sink: EventSink,
    private readonly gateway: string,
    private readonly snapshot: () => EventPayload[],
    private readonly maxBacklog: number,
    private readonly onClose: (s: Subscriber) => void,
  ) {}

  start(): void {
    this.sendSnapshot();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.backlog = [];
    this.onClose(this);
  }

  end(): void {
    this.close();
    this.sink.end();
  }

  offer(event: Scoped): void {
    if (this.closed || this.resnapshot) return;
    if (this.gateway && !event.gateways.includes(this.gateway)) return;
    if (!this.blocked) {
      this.write(event.payload);
      return;
    }
    this.backlog.push(event.payload);
    if (this.backlog.length > this.maxBacklog) {
      this.backlog = [];
      this.resnapshot = true;
    }
  }

  /** The snapshot is bounded by the current state, not by history: it is written whole. */
  private sendSnapshot(): void {
    this.write({ new_snapshot_to_follow: true });
    for (const payload of this.snapshot()) this.write(payload);
    this.write({ end_of_snapshot: true });
  }

  private write(payload: EventPayload): void {
    if (this.closed) return;
    if (this.sink.write(payload) || this.blocked) return;
    this.blocked = true;
    this.sink.onDrain(() => this.drained());
  }

  private drained(): void {
    if (this.closed) return;
    this.blocked = false;
    if (this.resnapshot) {
      this.resnapshot = false;
      this.sendSnapshot();
    }
    while (!this.blocked && this.backlog.length > 0) this.write(this.backlog.shift()!);
  }
}

function proxyIdentity(p: ProxyRef): ProxyEvent {
  return { gateway: p.cluster, node_id: p.nodeId, protocol: `${p.protocol}/${p.service}`, stream_id: String(p.streamId) };
}

function statusIdentity(s: ObjectStatus): StatusEvent {
  return { kind: s.kind, namespace: s.namespace ?? '', name: s.name };
}

function statusEvent(s: ObjectStatus): StatusEvent {
  return { ...statusIdentity(s), deleted: false, status: toStruct(s.status as unknown as Record<string, unknown>), problems: problemsOf(s) };
}

/** The Gateways an object's status is about. */
function gatewaysOfStatus(s: ObjectStatus): string[] {
  if (hasAncestors(s)) return s.status.ancestors.map((a) => `${a.ancestorRef.namespace ?? s.namespace}/${a.ancestorRef.name}`);
  switch (s.kind) {
    case 'GatewayClass': return [];
    case 'Gateway': return [`${s.namespace}/${s.name}`];
    case 'ListenerSet': return [];
    default: return s.status.parents.map((p) => `${p.parentRef.namespace ?? s.namespace}/${p.parentRef.name}`);
  }
}

function problemsOf(s: ObjectStatus): string[] {
  const groups: Condition[][] = [];
  if (hasAncestors(s)) groups.push(...s.status.ancestors.map((a) => a.conditions));
  else switch (s.kind) {
    case 'GatewayClass': groups.push(s.status.conditions ?? []); break;
    case 'Gateway':
    case 'ListenerSet': groups.push(s.status.conditions ?? [], ...(s.status.listeners ?? []).map((l) => l.conditions ?? [])); break;
    default: groups.push(...s.status.parents.map((p) => p.conditions));
  }
  return groups.flat().filter(isProblemCondition).map((c) => `${c.type}=${c.status} ${c.reason}: ${c.message}`);
}

/** JSON as a google.protobuf.Struct (protobufjs has no JSON mapping for it). */
export function toStruct(json: Record<string, unknown>): Struct {
  const fields: Record<string, Value> = {};
  for (const [k, v] of Object.entries(json)) if (v !== undefined) fields[k] = toValue(v);
  return { fields };
}

function toValue(v: unknown): Value {
  if (v === null) return { nullValue: 'NULL_VALUE' };
  if (typeof v === 'number') return { numberValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (typeof v === 'boolean') return { boolValue: v };
  if (Array.isArray(v)) return { listValue: { values: v.map(toValue) } };
  if (typeof v === 'object') return { structValue: toStruct(v as Record<string, unknown>) };
  return { stringValue: String(v) };
}
