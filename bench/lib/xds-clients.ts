/**
 * Minimal xDS clients for the benchmarks: each is one ADS stream (Delta or SotW) that
 * subscribes like Envoy does, ACKs every response at once and reports what arrived. Nothing is
 * kept per response, so thousands of them can run for a long time.
 *
 * They speak gRPC over node's HTTP/2 directly and read only the fields they need, like a proxy
 * written in C++ would, rather than through grpc-js and full message decoding: the client
 * process shares the machine's cores with the server it measures, and every microsecond it
 * spends per message is one the server does not get (and adds to the time until the last of
 * thousands of streams has read its response).
 */
import * as http2 from 'node:http2';
import { Reader } from 'protobufjs/minimal';
import { loadXdsProtos } from '../../src/xds/proto';
import { ADS_SERVICE } from '../../src/xds/server/services';
import { TypeUrl } from '../../src/xds/types';

export type AdsProtocol = 'delta' | 'sotw';

/** One resource type the client asks for; an empty names list on LDS/CDS is the wildcard. */
export interface TypeSubscription {
  typeUrl: string;
  names: string[];
}

/** What one response carried, reduced to what the benchmarks check. */
export interface ResponseSummary {
  typeUrl: string;
  /** Delta: "name@version" per resource; SotW: the response's version_info. */
  tokens: string[];
  removed: string[];
  resources: number;
}

/** PEM files' contents, as node's TLS takes them. */
export interface ClientTls {
  ca: Buffer;
  key: Buffer;
  cert: Buffer;
}

export interface ClientOptions {
  address: string;
  protocol: AdsProtocol;
  /** node.cluster: the gateway key. */
  gateway: string;
  nodeId: string;
  subscriptions: readonly TypeSubscription[];
  /** One HTTP/2 connection per client, like one Envoy each (default); false shares one per target. */
  ownConnection?: boolean;
  /** Plaintext unless given; mTLS with this material (a proxy certificate of the gateway). */
  tls?: ClientTls;
  /**
   * Like Envoy: the EDS subscription follows the clusters (an EDS cluster's assignment has the
   * cluster's name here), so names come and go with CDS. Otherwise subscriptions stay as given.
   */
  followClusters?: boolean;
  onResponse?: (summary: ResponseSummary, client: AutoAckClient) => void;
  onEnd?: (detail: string, client: AutoAckClient) => void;
}

// Field numbers (envoy/service/discovery/v3/discovery.proto).
const SOTW_REQUEST = { versionInfo: 1, node: 2, resourceNames: 3, typeUrl: 4, responseNonce: 5 } as const;
const SOTW_RESPONSE = { versionInfo: 1, resources: 2, typeUrl: 4, nonce: 5 } as const;
const DELTA_REQUEST = { node: 1, typeUrl: 2, subscribe: 3, unsubscribe: 4, responseNonce: 6 } as const;
const DELTA_RESPONSE = { resources: 2, typeUrl: 4, nonce: 5, removed: 6 } as const;
const RESOURCE = { version: 1, name: 3 } as const;
const ANY_VALUE = 2;
const CLUSTER_NAME = 1;
const WIRE_LEN = 2;

function varint(value: number): number[] {
  const out: number[] = [];
  let v = value >>> 0;
  while (v > 127) {
    out.push((v & 127) | 128);
    v >>>= 7;
  }
  out.push(v);
  return out;
}

/** A length-delimited field (string or message bytes). */
function lenField(field: number, bytes: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([...varint((field << 3) | WIRE_LEN), ...varint(bytes.length)]), bytes]);
}

function stringField(field: number, value: string): Buffer {
  return value === '' ? Buffer.alloc(0) : lenField(field, Buffer.from(value, 'utf8'));
}

function stringsField(field: number, values: readonly string[]): Buffer {
  return Buffer.concat(values.map((v) => lenField(field, Buffer.from(v, 'utf8'))));
}

/** The gRPC frame of one message: not compressed, 4-byte big-endian length, the message. */
function grpcFrame(parts: readonly Buffer[]): Buffer {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const header = Buffer.allocUnsafe(5);
  header.writeUInt8(0, 0);
  header.writeUInt32BE(length, 1);
  return Buffer.concat([header, ...parts], length + 5);
}

/** The fields of a message that are strings (or bytes), by number; repeated ones collected. */
function readFields(bytes: Uint8Array, wanted: ReadonlySet<number>): Map<number, Uint8Array[]> {
  const out = new Map<number, Uint8Array[]>();
  const r = Reader.create(bytes);
  while (r.pos < r.len) {
    const tag = r.uint32();
    const field = tag >>> 3;
    if ((tag & 7) === WIRE_LEN && wanted.has(field)) {
      const value = r.bytes();
      const list = out.get(field);
      if (list) list.push(value);
      else out.set(field, [value]);
    } else {
      r.skipType(tag & 7);
    }
  }
  return out;
}

function text(bytes: Uint8Array | undefined): string {
  return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8') : '';
}

const SOTW_RESPONSE_FIELDS = new Set<number>([SOTW_RESPONSE.versionInfo, SOTW_RESPONSE.resources, SOTW_RESPONSE.typeUrl, SOTW_RESPONSE.nonce]);
const DELTA_RESPONSE_FIELDS = new Set<number>([DELTA_RESPONSE.resources, DELTA_RESPONSE.typeUrl, DELTA_RESPONSE.nonce, DELTA_RESPONSE.removed]);
const RESOURCE_FIELDS = new Set<number>([RESOURCE.version, RESOURCE.name]);
const ANY_FIELDS = new Set<number>([ANY_VALUE]);
const CLUSTER_FIELDS = new Set<number>([CLUSTER_NAME]);

/** Shared connections (ownConnection: false), per address, with how many clients use each. */
const sharedSessions = new Map<string, { session: http2.ClientHttp2Session; users: number }>();

function authorityOf(options: ClientOptions): string {
  return `${options.tls ? 'https' : 'http'}://${options.address}`;
}

export class AutoAckClient {
  /** Types that have been answered at least once. */
  readonly answered = new Set<string>();
  responses = 0;
  ended: string | null = null;
  /** Settles once the connection is up (or the client ended): for opening thousands a batch at a time. */
  readonly connected: Promise<void>;
  private readonly session: http2.ClientHttp2Session;
  private readonly stream: http2.ClientHttp2Stream;
  private readonly names = new Map<string, string[]>();
  /** SotW: the encoded resource_names of each type, which every ACK repeats. */
  private readonly encodedNames = new Map<string, Buffer>();
  /** SotW: the latest version and nonce per type, which every request of that type must echo. */
  private readonly latest = new Map<string, { version: string; nonce: string }>();
  private sentNode = false;
  private pending: Buffer = Buffer.alloc(0);
  private readonly detach: () => void;

  constructor(private readonly options: ClientOptions) {
    const authority = authorityOf(options);
    const connect = (): http2.ClientHttp2Session => http2.connect(authority, options.tls ? { ...options.tls } : {});
    if (options.ownConnection !== false) {
      this.session = connect();
    } else {
      let shared = sharedSessions.get(authority);
      if (!shared || shared.session.destroyed || shared.session.closed) {
        // Each of its clients listens on it (and stops when it closes): no fixed bound applies.
        shared = { session: connect(), users: 0 };
        shared.session.setMaxListeners(0);
        sharedSessions.set(authority, shared);
      }
      shared.users += 1;
      this.session = shared.session;
    }
    const session = this.session;
    const onError = (err: Error): void => this.end(`connection: ${err.message}`);
    session.on('error', onError);
    let settle = (): void => {};
    this.connected = new Promise((resolve) => {
      settle = () => {
        session.off('connect', settle);
        session.off('close', settle);
        resolve();
      };
      if (!session.connecting) return resolve();
      session.once('connect', settle);
      session.once('close', settle);
    });
    // A shared connection outlives its clients: each takes its listeners away when it closes.
    // The last one keeps its error listener: an error while closing must not go unhandled.
    this.detach = () => {
      if (session.listenerCount('error') > 1) session.off('error', onError);
      settle();
    };
    const method = options.protocol === 'delta' ? 'DeltaAggregatedResources' : 'StreamAggregatedResources';
    this.stream = this.session.request({
      ':method': 'POST', ':path': `/${ADS_SERVICE}/${method}`, 'content-type': 'application/grpc', te: 'trailers',
    });
    this.stream.on('data', (chunk: Buffer) => this.onChunk(chunk));
    this.stream.on('trailers', (trailers: http2.IncomingHttpHeaders) => this.end(`status ${String(trailers['grpc-status'])} ${String(trailers['grpc-message'] ?? '')}`));
    this.stream.on('response', (headers: http2.IncomingHttpHeaders) => {
      // A trailers-only response: the call failed before any message.
      if (headers['grpc-status'] !== undefined) this.end(`status ${String(headers['grpc-status'])} ${String(headers['grpc-message'] ?? '')}`);
    });
    this.stream.on('error', (err: Error) => this.end(err.message));
    this.stream.on('close', () => this.end(`stream closed (code ${this.stream.rstCode ?? 0})`));
  }

  start(): void {
    for (const s of this.options.subscriptions) {
      this.setNames(s.typeUrl, s.names);
      if (this.options.protocol === 'delta') this.sendDelta(s.typeUrl, '', s.names, []);
      else this.sendSotw(s.typeUrl, '', '');
    }
  }

  close(): void {
    this.ended ??= 'closed';
    if (!this.stream.closed) this.stream.close(http2.constants.NGHTTP2_CANCEL);
    this.detach();
    if (this.options.ownConnection !== false) {
      this.session.close();
      return;
    }
    const authority = authorityOf(this.options);
    const shared = sharedSessions.get(authority);
    if (shared?.session === this.session && --shared.users <= 0) {
      sharedSessions.delete(authority);
      this.session.close();
    }
  }

  private end(detail: string): void {
    if (this.ended) return;
    this.ended = detail;
    this.options.onEnd?.(detail, this);
  }

  private setNames(typeUrl: string, names: string[]): void {
    this.names.set(typeUrl, names);
    if (this.options.protocol === 'sotw') this.encodedNames.set(typeUrl, stringsField(SOTW_REQUEST.resourceNames, names));
  }

  /** node is sent once, on the stream's first request. */
  private nodeField(field: number): Buffer {
    if (this.sentNode) return Buffer.alloc(0);
    this.sentNode = true;
    const protos = loadXdsProtos();
    const node = { id: this.options.nodeId, cluster: this.options.gateway, user_agent_name: 'envoy', user_agent_version: 'bench' };
    return lenField(field, protos.encode('envoy.config.core.v3.Node', node));
  }

  private write(parts: Buffer[]): void {
    if (this.ended && this.ended !== 'closed') return;
    if (!this.stream.closed && !this.stream.destroyed) this.stream.write(grpcFrame(parts));
  }

  private sendSotw(typeUrl: string, version: string, nonce: string): void {
    this.write([
      this.nodeField(SOTW_REQUEST.node), stringField(SOTW_REQUEST.versionInfo, version), this.encodedNames.get(typeUrl) ?? Buffer.alloc(0),
      stringField(SOTW_REQUEST.typeUrl, typeUrl), stringField(SOTW_REQUEST.responseNonce, nonce),
    ]);
  }

  private sendDelta(typeUrl: string, nonce: string, subscribe: readonly string[], unsubscribe: readonly string[]): void {
    this.write([
      this.nodeField(DELTA_REQUEST.node), stringField(DELTA_REQUEST.typeUrl, typeUrl), stringsField(DELTA_REQUEST.subscribe, subscribe),
      stringsField(DELTA_REQUEST.unsubscribe, unsubscribe), stringField(DELTA_REQUEST.responseNonce, nonce),
    ]);
  }

  private onChunk(chunk: Buffer): void {
    let buffer = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    while (buffer.length >= 5) {
      const length = buffer.readUInt32BE(1);
      if (buffer.length < 5 + length) break;
      if (buffer[0] !== 0) {
        this.end('compressed message');
        this.close();
        return;
      }
      this.onMessage(buffer.subarray(5, 5 + length));
      buffer = buffer.subarray(5 + length);
    }
    this.pending = buffer;
  }

  private onMessage(message: Buffer): void {
    this.responses += 1;
    let summary: ResponseSummary;
    if (this.options.protocol === 'delta') {
      const f = readFields(message, DELTA_RESPONSE_FIELDS);
      const typeUrl = text(f.get(DELTA_RESPONSE.typeUrl)?.[0]);
      this.answered.add(typeUrl);
      const resources = (f.get(DELTA_RESPONSE.resources) ?? []).map((r) => readFields(r, RESOURCE_FIELDS));
      const upserted = resources.map((r) => text(r.get(RESOURCE.name)?.[0]));
      const removed = (f.get(DELTA_RESPONSE.removed) ?? []).map(text);
      summary = { typeUrl, tokens: resources.map((r, i) => `${upserted[i] ?? ''}@${text(r.get(RESOURCE.version)?.[0])}`), removed, resources: resources.length };
      if (this.options.followClusters && typeUrl === TypeUrl.Cluster) this.followDelta(upserted, removed);
      this.sendDelta(typeUrl, text(f.get(DELTA_RESPONSE.nonce)?.[0]), [], []);
    } else {
      const f = readFields(message, SOTW_RESPONSE_FIELDS);
      const typeUrl = text(f.get(SOTW_RESPONSE.typeUrl)?.[0]);
      this.answered.add(typeUrl);
      const version = text(f.get(SOTW_RESPONSE.versionInfo)?.[0]);
      const nonce = text(f.get(SOTW_RESPONSE.nonce)?.[0]);
      const resources = f.get(SOTW_RESPONSE.resources) ?? [];
      summary = { typeUrl, tokens: [version], removed: [], resources: resources.length };
      this.latest.set(typeUrl, { version, nonce });
      if (this.options.followClusters && typeUrl === TypeUrl.Cluster) this.followSotw(resources);
      this.sendSotw(typeUrl, version, nonce);
    }
    this.options.onResponse?.(summary, this);
  }

  private followDelta(upserted: readonly string[], removed: readonly string[]): void {
    const current = new Set(this.names.get(TypeUrl.ClusterLoadAssignment) ?? []);
    const subscribe = upserted.filter((n) => !current.has(n));
    const unsubscribe = removed.filter((n) => current.has(n));
    if (subscribe.length === 0 && unsubscribe.length === 0) return;
    for (const n of subscribe) current.add(n);
    for (const n of unsubscribe) current.delete(n);
    this.setNames(TypeUrl.ClusterLoadAssignment, [...current]);
    this.sendDelta(TypeUrl.ClusterLoadAssignment, '', subscribe, unsubscribe);
  }

  /** A SotW CDS response is the whole set: EDS is asked for exactly its clusters, echoing the latest EDS nonce. */
  private followSotw(anys: readonly Uint8Array[]): void {
    const clusters = anys.map((any) => text(readFields(readFields(any, ANY_FIELDS).get(ANY_VALUE)?.[0] ?? new Uint8Array(), CLUSTER_FIELDS).get(CLUSTER_NAME)?.[0])).sort();
    const current = this.names.get(TypeUrl.ClusterLoadAssignment) ?? [];
    if (clusters.join('\n') === [...current].sort().join('\n')) return;
    this.setNames(TypeUrl.ClusterLoadAssignment, clusters);
    const latest = this.latest.get(TypeUrl.ClusterLoadAssignment);
    this.sendSotw(TypeUrl.ClusterLoadAssignment, latest?.version ?? '', latest?.nonce ?? '');
  }
}
