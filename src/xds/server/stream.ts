/**
 * What SotW and Delta streams share: the proxy's identity (from the first request), the cache
 * subscription for its gateway, per-type subscription state, coalesced sending with
 * backpressure, and the make-before-break order of responses across types.
 */
import type * as grpc from '@grpc/grpc-js';
import { status as GrpcStatus } from '@grpc/grpc-js';
import type { Logger } from '../../logging/logger';
import type { Node__Output } from '../../generated/envoy/config/core/v3/Node';
import type { Status__Output } from '../../generated/google/rpc/Status';
import type { CacheRead, CacheSubscription, GatewaySnapshot, TypeSnapshot } from '../cache/snapshot';
import type { ResourceEntry } from '../cache/entry';
import type { SnapshotCache } from '../cache/cache';
import { TypeUrl, type ResourceTypeUrl } from '../types';
import type { ProxyHandle, ProxyRegistry, StreamProtocol, StreamService } from './registry';
import { rejectedByNack } from './nack';
import type { EncodedResponse, ResponseEncoder } from './responses';
import type { Admission, AuthenticatedCall } from './admission';
import { checkRequestNames, type NamedRequest, type XdsLimits } from './limits';

/** A NACK's log line lists at most this many rejected names (and how many there were). */
const MAX_LOGGED_NAMES = 20;
/** Unserved types are logged once each, for this many distinct types per stream (memory stays bounded). */
const MAX_IGNORED_TYPES = 16;

export interface StreamDeps {
  cache: SnapshotCache;
  registry: ProxyRegistry;
  logger: Logger;
  /** Whether the peer may have the Gateway it asks for (see admission.ts). */
  admit(call: AuthenticatedCall, gateway: string): Admission;
  limits: XdsLimits;
  /** Shared by the server's streams: a response owed to many is encoded once. */
  responses: ResponseEncoder;
}

export interface StreamScope {
  protocol: StreamProtocol;
  service: StreamService;
  /** The types this stream serves, in make-before-break order (TYPE_ORDER). */
  types: readonly ResourceTypeUrl[];
}

/** Types whose empty first request means "everything" (legacy wildcard). */
export function isLegacyWildcardType(typeUrl: ResourceTypeUrl): boolean {
  return typeUrl === TypeUrl.Listener || typeUrl === TypeUrl.Cluster;
}

/** A pending push of one type, as computed from what the client holds. */
export interface TypeWork {
  /** New or changed resources to send. */
  upserts: ResourceEntry[];
  /** Resources the client holds that must go; sent after everything else (break last). */
  removals: string[];
  /** Delta: explicitly subscribed names that do not exist, to tell the client so. */
  notices: string[];
  /** A first response is owed even though it carries nothing (the client waits for one). */
  owesInitial: boolean;
}

const NOTHING: readonly never[] = Object.freeze([]);

/** The work of a type with nothing to compare (no dirty names): at most the owed first response. */
export function idleWork(owesInitial: boolean): TypeWork {
  return { upserts: NOTHING as never[], removals: NOTHING as never[], notices: NOTHING as never[], owesInitial };
}

/** Whether a type has no names to compare: most types of most streams, on most pushes. */
export function nothingDirty(state: TypeState): boolean {
  return state.dirty !== 'all' && state.dirty.size === 0;
}

export function hasUpserts(work: TypeWork): boolean {
  return work.upserts.length > 0 || work.notices.length > 0 || work.owesInitial;
}

/** Per stream, per type: the subscription and the request/response bookkeeping. */
export abstract class TypeState {
  initialized = false;
  wildcard = false;
  names = new Set<string>();
  /** Names whose state may differ from what the client holds; 'all' compares everything. */
  dirty: Set<string> | 'all' = 'all';
  /** Nonce of the latest response ('' before the first). */
  lastNonce = '';
  /** A response is out and neither ACKed nor NACKed: the next one waits (flow control). */
  awaiting = false;
  /** Version carried by the latest response. */
  pendingVersion = '';
  everSent = false;
  /** During a push pass: this type has a push it could not send. */
  blocked = false;
  /** name → version of what the latest response brought new (what a NACK rejects). */
  inFlight = new Map<string, string>();
  /**
   * name → version the client rejected: never sent again, whatever asks for it, until the
   * name leaves the configuration (then a later return of it is a new configuration).
   */
  rejected = new Map<string, string>();

  constructor(readonly typeUrl: ResourceTypeUrl) {}

  /** name → version of what the client holds from this stream. */
  protected abstract heldVersions(): Map<string, string>;

  /** name → version of what this stream sent: what the client holds, and what it rejected and does not hold. */
  sentVersions(): Map<string, string> {
    const out = this.heldVersions();
    for (const [name, version] of this.rejected) if (!out.has(name)) out.set(name, version);
    return out;
  }

  covers(name: string): boolean {
    return this.wildcard || this.names.has(name);
  }

  /** Whether this content may be sent: not a version the client rejected. */
  sendable(entry: ResourceEntry): boolean {
    return this.rejected.get(entry.name) !== entry.version;
  }

  markDirty(name: string): void {
    if (this.dirty !== 'all') this.dirty.add(name);
  }

  markAllDirty(): void {
    this.dirty = 'all';
  }

  markClean(names: Iterable<string>): void {
    if (this.dirty === 'all') return;
    for (const n of names) this.dirty.delete(n);
  }

  /** The names to compare: the dirty ones, or everything anyone knows of. */
  candidates(snapType: TypeSnapshot | undefined, clientNames: Iterable<string>): Iterable<string> {
    if (this.dirty !== 'all') return [...this.dirty];
    const all = new Set<string>(this.names);
    if (snapType) for (const n of snapType.entries.keys()) all.add(n);
    for (const n of clientNames) all.add(n);
    return all;
  }
}

let nextStreamId = 1;

type AnyCall = grpc.ServerDuplexStream<unknown, unknown>;

interface BaseRequest extends NamedRequest {
  node?: Node__Output;
  type_url?: string;
  response_nonce?: string;
  error_detail?: Status__Output;
}

export abstract class XdsStream<Req extends BaseRequest, S extends TypeState> {
  readonly id = nextStreamId++;
  protected node: Node__Output | undefined;
  protected gateway = '';
  protected snapshot: GatewaySnapshot | undefined;
  protected proxy: ProxyHandle | undefined;
  protected logger: Logger;
  /** Whether debug lines are wanted, asked once: hot paths skip building them (a child logger's level is fixed). */
  protected debugging: boolean;
  protected readonly types = new Map<ResourceTypeUrl, S>();
  private subscription: CacheSubscription | undefined;
  private pumpScheduled = false;
  private writeBlocked = false;
  private closed = false;
  /** The highest nonce sequence this stream sent: a shared response must be above it (see ResponseEncoder). */
  protected sentSeq = 0;
  private readonly ignoredTypes = new Set<string>();

  constructor(
    protected readonly call: grpc.ServerDuplexStream<Req, Buffer>,
    protected readonly deps: StreamDeps,
    protected readonly scope: StreamScope,
    private readonly onDone: (stream: XdsStream<Req, S>) => void,
  ) {
    this.logger = deps.logger.child({ stream: this.id, protocol: scope.protocol, service: scope.service });
    this.debugging = this.logger.isLevelEnabled('debug');
  }

  protected abstract newTypeState(typeUrl: ResourceTypeUrl): S;
  /** Applies one request for an initialized-or-not type (ACK/NACK, subscription changes). */
  protected abstract handleTypeRequest(state: S, request: Req): void;
  protected abstract plan(state: S, snapType: TypeSnapshot | undefined): TypeWork;
  protected abstract sendUpserts(state: S, work: TypeWork, snapType: TypeSnapshot | undefined): void;
  protected abstract sendRemovals(state: S, work: TypeWork, snapType: TypeSnapshot | undefined): void;

  start(): void {
    this.call.on('data', (request: Req) => this.onRequest(request));
    // The client half-closed: nothing more will be asked, end our side too.
    this.call.on('end', () => this.end());
    this.call.on('cancelled', () => this.finish('cancelled'));
    this.call.on('error', (err: unknown) => this.finish('error', err));
    this.call.on('close', () => this.finish('closed'));
  }

  /** Ends the stream cleanly (status OK), e.g. on shutdown. */
  end(): void {
    if (this.closed) return;
    this.finish('ended by server');
    try {
      this.call.end();
    } catch (err) {
      this.logger.debug({ err }, 'ending stream failed');
    }
  }

  private fail(code: grpc.status, details: string): void {
    if (this.closed) return;
    this.logger.warn({ code, details }, 'closing xDS stream with an error');
    this.finish('failed');
    (this.call as unknown as AnyCall).emit('error', { code, details });
  }

  private finish(reason: string, err?: unknown): void {
    if (this.closed) return;
    this.closed = true;
    this.subscription?.close();
    this.proxy?.remove();
    if (this.node) this.logger.info({ reason, ...(err ? { err } : {}) }, 'proxy disconnected');
    this.onDone(this);
  }

  private onRequest(request: Req): void {
    if (this.closed) return;
    try {
      if (!this.node && !this.identify(request)) return;
      const overLimit = checkRequestNames(request, this.deps.limits);
      if (overLimit) return this.fail(overLimit.code, overLimit.message);
      const typeUrl = this.typeOf(request);
      if (!typeUrl) return;
      let state = this.types.get(typeUrl);
      if (!state) this.types.set(typeUrl, (state = this.newTypeState(typeUrl)));
      this.handleTypeRequest(state, request);
      let subscribed = 0;
      let pumpDue = false;
      for (const t of this.types.values()) {
        subscribed += t.names.size;
        pumpDue ||= t.blocked || !nothingDirty(t);
      }
      if (subscribed > this.deps.limits.maxSubscribedNames) {
        return this.fail(GrpcStatus.RESOURCE_EXHAUSTED, `the stream is subscribed to ${subscribed} resource names; at most ${this.deps.limits.maxSubscribedNames}`);
      }
      // A pass only looks at dirty names and held-back pushes: a plain ACK with neither (most
      // ACKs of a push) needs none.
      if (pumpDue) this.schedulePump();
    } catch (err) {
      this.logger.error({ err }, 'xDS request handling failed');
      this.fail(GrpcStatus.INTERNAL, 'internal error handling the request');
    }
  }

  /** node is only guaranteed on the first request: take the proxy's identity from it. */
  private identify(request: Req): boolean {
    const node = request.node;
    const cluster = node?.cluster ?? '';
    if (!node || !cluster) {
      this.fail(GrpcStatus.INVALID_ARGUMENT, 'the first request must carry node.cluster naming the gateway ("<namespace>/<name>")');
      return false;
    }
    const admission = this.deps.admit(this.call, cluster);
    if (!('identity' in admission)) {
      this.logger = this.logger.child({ gateway: cluster, node: node.id ?? '' });
      this.fail(admission.code, admission.message);
      return false;
    }
    // What the stream keeps of the node: Envoy's extension list and metadata can be tens of KiB.
    this.node = { ...node, extensions: [], metadata: undefined, client_features: [] };
    this.gateway = cluster;
    const nodeId = node.id ?? '';
    this.logger = this.logger.child({ gateway: cluster, node: nodeId });
    this.proxy = this.deps.registry.register({
      identity: admission.identity,
      streamId: this.id,
      nodeId,
      cluster,
      envoyVersion: envoyVersionOf(node),
      protocol: this.scope.protocol,
      service: this.scope.service,
      peer: safePeer(this.call),
      sentVersions: () => new Map([...this.types].map(([typeUrl, state]) => [typeUrl, state.sentVersions()])),
    });
    this.subscription = this.deps.cache.subscribe(cluster, () => this.schedulePump());
    this.logger.info({ envoyVersion: envoyVersionOf(node) }, 'proxy connected');
    return true;
  }

  private typeOf(request: Req): ResourceTypeUrl | undefined {
    const requested = request.type_url ?? '';
    // Per-type services may leave type_url empty: the service implies it.
    if (!requested && this.scope.types.length === 1) return this.scope.types[0];
    const served = this.scope.types.find((t) => t === requested);
    if (!served && !this.ignoredTypes.has(requested) && this.ignoredTypes.size < MAX_IGNORED_TYPES) {
      this.ignoredTypes.add(requested);
      this.logger.warn({ typeUrl: requested }, 'request for a resource type this stream does not serve: ignored');
    }
    return served;
  }

  protected schedulePump(): void {
    if (this.pumpScheduled || this.closed) return;
    this.pumpScheduled = true;
    // Coalesce: however many changes and requests arrive meanwhile, one pass reads the latest.
    setImmediate(() => {
      this.pumpScheduled = false;
      if (this.closed || this.writeBlocked) return;
      try {
        this.absorb(this.subscription?.read());
        this.pump();
      } catch (err) {
        this.logger.error({ err }, 'xDS push failed');
        this.fail(GrpcStatus.INTERNAL, 'internal error computing the response');
      }
    });
  }

  private absorb(read: CacheRead | undefined): void {
    if (!read) return;
    // The gateway coming into (or going out of) existence matters beyond the changed names:
    // e.g. subscribed names that do not exist are only reported for an existing gateway.
    const existenceChanged = (read.snapshot === undefined) !== (this.snapshot === undefined);
    this.snapshot = read.snapshot;
    for (const state of this.types.values()) {
      if (read.changes === 'full' || existenceChanged) state.markAllDirty();
      else for (const n of read.changes.get(state.typeUrl) ?? []) state.markDirty(n);
    }
  }

  /**
   * Make-before-break: new and changed resources go in type order (secrets, clusters,
   * endpoints, listeners, routes); a type whose push must wait holds back the types that
   * depend on it (see holdsBack). Removals go last, in reverse order, once nothing else is
   * pending: what referred to a resource stops doing so before the resource goes.
   */
  private pump(): void {
    const waiting: S[] = []; // types with an unanswered response or an unsent push
    let held = false;
    for (const typeUrl of this.scope.types) {
      const state = this.types.get(typeUrl);
      if (!state?.initialized) continue;
      const snapType = this.snapshot?.types.get(typeUrl);
      const work = this.plan(state, snapType);
      const pending = hasUpserts(work);
      if (pending && !state.awaiting && !waiting.some((w) => holdsBack(w, typeUrl))) {
        state.blocked = false;
        this.sendUpserts(state, work, snapType);
        if (this.writeBlocked || this.closed) return;
        waiting.push(state);
        continue;
      }
      if (pending) {
        held = true;
        state.blocked = true;
      } else {
        state.blocked = false;
      }
      if (state.awaiting || pending) waiting.push(state);
    }
    if (held) return;
    for (let i = this.scope.types.length - 1; i >= 0; i--) {
      const typeUrl = this.scope.types[i] as ResourceTypeUrl;
      const state = this.types.get(typeUrl);
      if (!state?.initialized) continue;
      const snapType = this.snapshot?.types.get(typeUrl);
      const work = this.plan(state, snapType);
      if (work.removals.length === 0) continue;
      if (state.awaiting) return;
      this.sendRemovals(state, work, snapType);
      if (this.writeBlocked || this.closed) return;
    }
  }

  /** Writes a response; when the transport buffer is full, further pushes wait for drain. */
  protected write(response: EncodedResponse): void {
    if (this.closed) return;
    this.sentSeq = response.seq;
    const flushed = this.call.write(response.bytes);
    if (!flushed) {
      this.writeBlocked = true;
      this.call.once('drain', () => {
        this.writeBlocked = false;
        this.schedulePump();
      });
    }
  }

  protected recordAck(state: S): void {
    this.proxy?.recordAck(state.typeUrl, state.pendingVersion);
    if (this.debugging) this.logger.debug({ typeUrl: state.typeUrl, version: state.pendingVersion }, 'ACK');
  }

  /** The client said it holds this version (reconnect): recorded as if it had ACKed it. */
  protected recordHeld(state: S, version: string): void {
    this.proxy?.recordAck(state.typeUrl, version);
    this.logger.debug({ typeUrl: state.typeUrl, version }, 'client already holds the current version');
  }

  /**
   * Records a NACK and returns what it rejected (name → version): for LDS/CDS the resources
   * Envoy's message names, else every new resource of the response (see rejectedByNack).
   * The rejected content is never sent again.
   */
  protected recordNack(state: S, nonce: string, detail: Status__Output): ReadonlyMap<string, string> {
    const message = detail.message ?? '';
    const code = detail.code ?? 0;
    const { rejected, identified } = rejectedByNack(state.typeUrl, message, state.inFlight);
    for (const [name, version] of rejected) state.rejected.set(name, version);
    const names = [...rejected.keys()];
    this.proxy?.recordNack(state.typeUrl, state.pendingVersion, nonce, message, code, names);
    this.logger.warn(
      {
        gateway: this.gateway, node: this.node?.id ?? '', typeUrl: state.typeUrl, version: state.pendingVersion, nonce, code, message,
        rejected: names.slice(0, MAX_LOGGED_NAMES), rejectedCount: names.length, identified,
      },
      'proxy rejected configuration (NACK); waiting for a newer version',
    );
    return rejected;
  }

  protected recordSent(state: S, version: string, nonce: string, resources: readonly ResourceEntry[]): void {
    // A loop, not new Map(resources.map(...)): this runs for every stream of every push.
    const inFlight = new Map<string, string>();
    const anyRejected = state.rejected.size > 0;
    for (const e of resources) {
      inFlight.set(e.name, e.version);
      if (anyRejected && state.rejected.get(e.name) !== e.version) state.rejected.delete(e.name);
    }
    state.inFlight = inFlight;
    state.lastNonce = nonce;
    state.awaiting = true;
    state.pendingVersion = version;
    state.everSent = true;
    this.proxy?.recordSent(state.typeUrl, version, nonce, resources.length);
  }

  /** Envoy needs an EDS cluster's assignment again after the cluster changed (it warms on it). */
  protected endpointsToResend(clusters: readonly ResourceEntry[], previousVersion: (name: string) => string | undefined): string[] {
    const out: string[] = [];
    for (const c of clusters) {
      const before = previousVersion(c.name);
      if (before !== undefined && before !== c.version && c.edsServiceName) out.push(c.edsServiceName);
    }
    return out;
  }
}

/**
 * Whether an earlier type's state holds back a push of a later type.
 * - Listeners and routes wait while a CDS response is unanswered: Envoy ACKs CDS only once
 *   new clusters have warmed (received their endpoints), so routes never point at a cluster
 *   that cannot serve yet.
 * - Endpoints never wait for clusters: warming clusters need them before Envoy ACKs CDS.
 * - Routes do not wait for listeners: a new listener warms until its routes arrive.
 * - Otherwise an unsent push of an earlier type holds back the later types.
 */
function holdsBack(earlier: TypeState, later: ResourceTypeUrl): boolean {
  if (earlier.typeUrl === TypeUrl.Cluster && later === TypeUrl.ClusterLoadAssignment) return false;
  if (earlier.typeUrl === TypeUrl.Listener && later === TypeUrl.RouteConfiguration) return false;
  if (earlier.blocked) return true;
  return earlier.typeUrl === TypeUrl.Cluster && earlier.awaiting && (later === TypeUrl.Listener || later === TypeUrl.RouteConfiguration);
}

export function envoyVersionOf(node: Node__Output): string {
  const agent = node.user_agent_name ?? '';
  let version = node.user_agent_version ?? '';
  const build = node.user_agent_build_version?.version;
  if (!version && build) version = `${build.major_number ?? 0}.${build.minor_number ?? 0}.${build.patch ?? 0}`;
  if (agent && version) return `${agent}/${version}`;
  return agent || version;
}

function safePeer(call: { getPeer(): string }): string {
  try {
    return call.getPeer();
  } catch {
    return '';
  }
}
