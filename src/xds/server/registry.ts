/**
 * Connected proxies, one record per xDS stream: who they are, what they were sent, what they
 * accepted and what they rejected. Read-only JSON for the admin API (/proxies).
 */
import { TYPE_ORDER } from '../types';
import type { StreamIdentity } from './admission';

export type StreamProtocol = 'sotw' | 'delta';
/** 'ads' for the aggregated service, otherwise the per-type service. */
export type StreamService = 'ads' | 'lds' | 'rds' | 'cds' | 'eds' | 'sds';

export interface NackRecord {
  /** The version the proxy rejected. */
  version: string;
  nonce: string;
  /** Envoy's error_detail.message. */
  message: string;
  code: number;
  at: string;
  /**
   * The resources the server takes as rejected and will not send again: for LDS/CDS those
   * Envoy's message names, else every new resource of the rejected response.
   */
  rejected: string[];
}

export interface ProxyTypeStatus {
  typeUrl: string;
  /** The last version sent, and whether the proxy has not answered it yet. */
  sentVersion?: string;
  sentNonce?: string;
  sentAt?: string;
  awaitingAck: boolean;
  ackedVersion?: string;
  ackedAt?: string;
  lastNack?: NackRecord;
}

export interface ProxyInfo {
  streamId: number;
  nodeId: string;
  /** node.cluster: the gateway key the proxy is served. */
  cluster: string;
  /** e.g. "envoy/1.36.2". */
  envoyVersion: string;
  connectedAt: string;
  protocol: StreamProtocol;
  service: StreamService;
  peer: string;
  /** How the peer was authenticated: its certificate's Gateway, or plaintext. */
  identity: StreamIdentity;
  types: ProxyTypeStatus[];
}

export interface ProxyRegistration {
  streamId: number;
  nodeId: string;
  cluster: string;
  envoyVersion: string;
  protocol: StreamProtocol;
  service: StreamService;
  peer: string;
  /** Plaintext when not given. */
  identity?: StreamIdentity;
  /** What the stream sent that the proxy holds (or rejected), per type: name → version (CSDS). */
  sentVersions?: () => ReadonlyMap<string, ReadonlyMap<string, string>>;
}

/** What a stream updates about its proxy. */
export interface ProxyHandle {
  /** resources: how many the response carried. */
  recordSent(typeUrl: string, version: string, nonce: string, resources?: number): void;
  recordAck(typeUrl: string, version: string): void;
  recordNack(typeUrl: string, version: string, nonce: string, message: string, code: number, rejected?: readonly string[]): void;
  remove(): void;
}

export interface ProxyRegistryOptions {
  /** Defaults to the system clock. */
  clock?: () => Date;
  /** Monotonic seconds for push-to-ACK latency; defaults to performance.now(). */
  monotonicSeconds?: () => number;
}

/** Who a proxy event concerns. */
export type ProxyRef = Readonly<Pick<ProxyInfo, 'streamId' | 'nodeId' | 'cluster' | 'protocol' | 'service'>>;

/**
 * Told of every change of a proxy's state as it happens (metrics, the event stream). Called
 * synchronously from the stream: observers must be quick and must not throw.
 */
export interface ProxyObserver {
  connected?(proxy: ProxyRef): void;
  disconnected?(proxy: ProxyRef): void;
  sent?(proxy: ProxyRef, typeUrl: string, version: string, resources: number): void;
  /** latencySeconds: since the response it answers was sent (undefined for a version held on reconnect). */
  acked?(proxy: ProxyRef, typeUrl: string, version: string, latencySeconds: number | undefined): void;
  nacked?(proxy: ProxyRef, typeUrl: string, nack: Readonly<NackRecord>): void;
}

/**
 * A type's status as streams update it, on every response and ACK: times are kept as numbers
 * and written as ISO strings only when someone lists the proxies.
 */
interface TypeRecord {
  typeUrl: string;
  awaitingAck: boolean;
  sentVersion?: string;
  sentNonce?: string;
  sentAtMs?: number;
  ackedVersion?: string;
  ackedAtMs?: number;
  lastNack?: NackRecord;
}

interface Record_ {
  info: Omit<ProxyInfo, 'types'>;
  sentVersions?: () => ReadonlyMap<string, ReadonlyMap<string, string>>;
  types: Map<string, TypeRecord>;
  /** typeUrl -> monotonic seconds the unanswered response was sent. */
  sentAtMonotonic: Map<string, number>;
}

export class ProxyRegistry {
  private readonly records = new Map<number, Record_>();
  private readonly nowMs: () => number;
  private readonly monotonic: () => number;
  private readonly observers = new Set<ProxyObserver>();

  constructor(options: ProxyRegistryOptions = {}) {
    const clock = options.clock;
    this.nowMs = clock ? () => clock().getTime() : Date.now;
    this.monotonic = options.monotonicSeconds ?? (() => performance.now() / 1000);
  }

  /** Adds an observer of proxy events; returns the function that removes it. */
  observe(observer: ProxyObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  private notify(event: (o: ProxyObserver) => void): void {
    for (const o of this.observers) event(o);
  }

  get size(): number {
    return this.records.size;
  }

  register(registration: ProxyRegistration): ProxyHandle {
    const { sentVersions, ...info } = registration;
    const record: Record_ = {
      info: { ...info, identity: registration.identity ?? { transport: 'plaintext' }, connectedAt: this.now() },
      ...(sentVersions ? { sentVersions } : {}),
      types: new Map(),
      sentAtMonotonic: new Map(),
    };
    this.records.set(registration.streamId, record);
    const ref: ProxyRef = Object.freeze({
      streamId: registration.streamId, nodeId: registration.nodeId, cluster: registration.cluster,
      protocol: registration.protocol, service: registration.service,
    });
    this.notify((o) => o.connected?.(ref));
    const status = (typeUrl: string): TypeRecord => {
      let s = record.types.get(typeUrl);
      if (!s) record.types.set(typeUrl, (s = { typeUrl, awaitingAck: false }));
      return s;
    };
    return {
      recordSent: (typeUrl, version, nonce, resources = 0) => {
        const s = status(typeUrl);
        s.sentVersion = version;
        s.sentNonce = nonce;
        s.sentAtMs = this.nowMs();
        s.awaitingAck = true;
        record.sentAtMonotonic.set(typeUrl, this.monotonic());
        if (this.observers.size > 0) this.notify((o) => o.sent?.(ref, typeUrl, version, resources));
      },
      recordAck: (typeUrl, version) => {
        const s = status(typeUrl);
        s.ackedVersion = version;
        s.ackedAtMs = this.nowMs();
        s.awaitingAck = false;
        const sentAt = record.sentAtMonotonic.get(typeUrl);
        record.sentAtMonotonic.delete(typeUrl);
        if (this.observers.size === 0) return;
        const latency = sentAt === undefined ? undefined : Math.max(0, this.monotonic() - sentAt);
        this.notify((o) => o.acked?.(ref, typeUrl, version, latency));
      },
      recordNack: (typeUrl, version, nonce, message, code, rejected = []) => {
        const s = status(typeUrl);
        const lastNack: NackRecord = { version, nonce, message, code, at: this.now(), rejected: [...rejected].sort() };
        s.lastNack = lastNack;
        s.awaitingAck = false;
        record.sentAtMonotonic.delete(typeUrl);
        this.notify((o) => o.nacked?.(ref, typeUrl, lastNack));
      },
      remove: () => {
        if (this.records.get(registration.streamId) !== record) return;
        this.records.delete(registration.streamId);
        this.notify((o) => o.disconnected?.(ref));
      },
    };
  }

  /** A copy of every connected proxy, by connection order; types in make-before-break order. */
  list(): ProxyInfo[] {
    return [...this.records.values()].map((r) => ({
      ...r.info,
      identity: { ...r.info.identity, ...(r.info.identity.uris ? { uris: [...r.info.identity.uris] } : {}) },
      types: [...r.types.values()].sort((a, b) => typeRank(a.typeUrl) - typeRank(b.typeUrl)).map(typeStatus),
    }));
  }

  /** Per type, name → version of what a stream sent its proxy (empty for an unknown stream). */
  sentVersions(streamId: number): ReadonlyMap<string, ReadonlyMap<string, string>> {
    return this.records.get(streamId)?.sentVersions?.() ?? new Map();
  }

  private now(): string {
    return new Date(this.nowMs()).toISOString();
  }
}

function typeStatus(t: TypeRecord): ProxyTypeStatus {
  const { sentAtMs, ackedAtMs, lastNack, ...rest } = t;
  return {
    ...rest,
    ...(sentAtMs !== undefined ? { sentAt: new Date(sentAtMs).toISOString() } : {}),
    ...(ackedAtMs !== undefined ? { ackedAt: new Date(ackedAtMs).toISOString() } : {}),
    ...(lastNack ? { lastNack: { ...lastNack, rejected: [...lastNack.rejected] } } : {}),
  };
}

function typeRank(typeUrl: string): number {
  const i = (TYPE_ORDER as readonly string[]).indexOf(typeUrl);
  return i < 0 ? TYPE_ORDER.length : i;
}

/** How in step a proxy is for one type, as `pier proxies` and the event stream show it. */
export type SyncState = 'SYNCED' | 'STALE' | 'NACKED';

/** The proxy's latest answer decides: a NACK later than any ACK is NACKED; a response awaiting its answer is STALE. */
export function syncState(t: ProxyTypeStatus): SyncState {
  if (t.lastNack && (!t.ackedAt || t.lastNack.at >= t.ackedAt) && !t.awaitingAck) return 'NACKED';
  if (t.awaitingAck || t.ackedVersion === undefined) return 'STALE';
  return 'SYNCED';
}
