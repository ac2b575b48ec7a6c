/** A server on 127.0.0.1:0 fed by a cache, and raw grpc-js xDS clients with bounded waits. */
import * as grpc from '@grpc/grpc-js';
import type { Logger } from '../../../src/logging/logger';
import { silentLogger } from '../../../src/logging/logger';
import { SnapshotCache } from '../../../src/xds/cache';
import { ProxyRegistry, XdsServer, ADS_SERVICE, PER_TYPE_SERVICES, type XdsServerOptions } from '../../../src/xds/server';
import { loadXdsProtos } from '../../../src/xds/proto';
import { TypeUrl, type ResourceTypeUrl } from '../../../src/xds/types';
import type { Node } from '../../../src/generated/envoy/config/core/v3/Node';
import type { DiscoveryRequest } from '../../../src/generated/envoy/service/discovery/v3/DiscoveryRequest';
import type { DiscoveryResponse__Output } from '../../../src/generated/envoy/service/discovery/v3/DiscoveryResponse';
import type { DeltaDiscoveryRequest } from '../../../src/generated/envoy/service/discovery/v3/DeltaDiscoveryRequest';
import type { DeltaDiscoveryResponse__Output } from '../../../src/generated/envoy/service/discovery/v3/DeltaDiscoveryResponse';

export const WAIT_MS = 3000;
/** How long "nothing arrives" is watched for. */
export const QUIET_MS = 250;

export { TypeUrl };
export const LDS = TypeUrl.Listener;
export const RDS = TypeUrl.RouteConfiguration;
export const CDS = TypeUrl.Cluster;
export const EDS = TypeUrl.ClusterLoadAssignment;
export const SDS = TypeUrl.Secret;

export interface Harness {
  cache: SnapshotCache;
  registry: ProxyRegistry;
  server: XdsServer;
  port: number;
  address: string;
  clients: Array<{ close(): void }>;
  close(): Promise<void>;
}

export async function startHarness(options: { logger?: Logger; clock?: () => Date; cache?: SnapshotCache } & Pick<XdsServerOptions, 'tls' | 'limits' | 'grpcOptions'> = {}): Promise<Harness> {
  const logger = options.logger ?? silentLogger();
  const cache = options.cache ?? new SnapshotCache({ logger });
  const registry = new ProxyRegistry(options.clock ? { clock: options.clock } : {});
  const server = new XdsServer({ cache, registry, logger, tls: options.tls, limits: options.limits, grpcOptions: options.grpcOptions });
  const port = await server.listen('127.0.0.1:0');
  const clients: Array<{ close(): void }> = [];
  return {
    cache, registry, server, port, address: `127.0.0.1:${port}`, clients,
    async close() {
      for (const c of clients) c.close();
      await server.shutdown(500);
    },
  };
}

/** Collects stream messages; reads wait a bounded time. */
export class Inbox<T> {
  private readonly items: T[] = [];
  private waiter: (() => void) | null = null;
  ended: grpc.StatusObject | Error | null = null;

  push(item: T): void {
    this.items.push(item);
    this.waiter?.();
  }

  finish(status: grpc.StatusObject | Error): void {
    this.ended = status;
    this.waiter?.();
  }

  get size(): number {
    return this.items.length;
  }

  async next(timeoutMs = WAIT_MS): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    while (this.items.length === 0) {
      if (this.ended) throw new Error(`stream ended before a message arrived: ${describe(this.ended)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no message within ${timeoutMs}ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiter = () => { clearTimeout(t); resolve(); };
      });
      this.waiter = null;
    }
    return this.items.shift() as T;
  }

  /** Resolves when nothing arrived for ms; rejects with what did arrive. */
  async expectNone(ms = QUIET_MS, what = 'message'): Promise<void> {
    await new Promise((r) => setTimeout(r, ms));
    if (this.items.length > 0) throw new Error(`expected no ${what}, got ${this.items.length}: ${JSON.stringify(this.items[0], bufferReplacer).slice(0, 400)}`);
  }

  /** Waits for the stream's end status. */
  async status(timeoutMs = WAIT_MS): Promise<grpc.StatusObject | Error> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`stream did not end within ${timeoutMs}ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiter = () => { clearTimeout(t); resolve(); };
      });
      this.waiter = null;
    }
    return this.ended;
  }
}

function describe(s: grpc.StatusObject | Error): string {
  return 'code' in s ? `status ${String(s.code)} ${s.details ?? ''}` : s.message;
}

function bufferReplacer(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && (value as { type?: string }).type === 'Buffer') return '<bytes>';
  return value;
}

export function makeNode(cluster: string, id = 'envoy-1', extra: Partial<Node> = {}): Node {
  return { id, cluster, user_agent_name: 'envoy', user_agent_version: '1.36.2', ...extra };
}

export type ServiceName = 'ads' | 'lds' | 'rds' | 'cds' | 'eds' | 'sds';

export function clientFor(address: string, service: ServiceName, credentials = grpc.credentials.createInsecure()): grpc.Client & Record<string, (...args: unknown[]) => unknown> {
  const definition = loadXdsProtos().packageDefinition;
  const name = service === 'ads' ? ADS_SERVICE : (PER_TYPE_SERVICES.find((s) => s.service === service) as { name: string }).name;
  const Ctor = grpc.makeClientConstructor(definition[name] as grpc.ServiceDefinition, name);
  return new Ctor(address, credentials) as unknown as grpc.Client & Record<string, (...args: unknown[]) => unknown>;
}

function methodFor(service: ServiceName, protocol: 'sotw' | 'delta'): string {
  if (service === 'ads') return protocol === 'sotw' ? 'StreamAggregatedResources' : 'DeltaAggregatedResources';
  const svc = PER_TYPE_SERVICES.find((s) => s.service === service) as { stream: string; delta: string };
  return protocol === 'sotw' ? svc.stream : svc.delta;
}

type Duplex<Req, Res> = grpc.ClientDuplexStream<Req, Res>;

abstract class BaseClient<Req, Res> {
  readonly inbox = new Inbox<Res>();
  protected readonly call: Duplex<Req, Res>;
  private readonly client: grpc.Client;
  private sentNode = false;

  constructor(address: string, service: ServiceName, protocol: 'sotw' | 'delta', protected readonly node: Node | undefined, credentials?: grpc.ChannelCredentials) {
    this.client = clientFor(address, service, credentials);
    const method = (this.client as unknown as Record<string, () => Duplex<Req, Res>>)[methodFor(service, protocol)] as () => Duplex<Req, Res>;
    this.call = method.call(this.client);
    this.call.on('data', (m: Res) => this.inbox.push(m));
    this.call.on('status', (s: grpc.StatusObject) => this.inbox.finish(s));
    this.call.on('error', (e: Error) => { if (!this.inbox.ended) this.inbox.finish(e); });
  }

  send(request: Req): void {
    const withNode = !this.sentNode && this.node ? { ...request, node: this.node } : request;
    this.sentNode = true;
    this.call.write(withNode);
  }

  next(timeoutMs?: number): Promise<Res> {
    return this.inbox.next(timeoutMs);
  }

  expectNone(ms?: number): Promise<void> {
    return this.inbox.expectNone(ms);
  }

  close(): void {
    this.call.cancel();
    this.client.close();
  }
}

export class SotwClient extends BaseClient<DiscoveryRequest, DiscoveryResponse__Output> {
  constructor(address: string, node: Node | undefined, service: ServiceName = 'ads', credentials?: grpc.ChannelCredentials) {
    super(address, service, 'sotw', node, credentials);
  }

  request(typeUrl: string, names: string[] = [], extra: Partial<DiscoveryRequest> = {}): void {
    this.send({ type_url: typeUrl, resource_names: names, ...extra });
  }

  ack(response: DiscoveryResponse__Output, names: string[] = []): void {
    this.send({ type_url: response.type_url, resource_names: names, version_info: response.version_info, response_nonce: response.nonce });
  }

  nack(response: DiscoveryResponse__Output, message: string, acceptedVersion = '', names: string[] = []): void {
    this.send({
      type_url: response.type_url, resource_names: names, version_info: acceptedVersion, response_nonce: response.nonce,
      error_detail: { code: 3, message },
    });
  }
}

export class DeltaClient extends BaseClient<DeltaDiscoveryRequest, DeltaDiscoveryResponse__Output> {
  constructor(address: string, node: Node | undefined, service: ServiceName = 'ads', credentials?: grpc.ChannelCredentials) {
    super(address, service, 'delta', node, credentials);
  }

  subscribe(typeUrl: string, names: string[] = [], extra: Partial<DeltaDiscoveryRequest> = {}): void {
    this.send({ type_url: typeUrl, resource_names_subscribe: names, ...extra });
  }

  unsubscribe(typeUrl: string, names: string[]): void {
    this.send({ type_url: typeUrl, resource_names_unsubscribe: names });
  }

  ack(response: DeltaDiscoveryResponse__Output): void {
    this.send({ type_url: response.type_url, response_nonce: response.nonce });
  }

  nack(response: DeltaDiscoveryResponse__Output, message: string): void {
    this.send({ type_url: response.type_url, response_nonce: response.nonce, error_detail: { code: 3, message } });
  }
}

/** Names of the resources in a SotW response, decoded from the Any bytes. */
export function namesOf(response: DiscoveryResponse__Output): string[] {
  return (response.resources ?? []).map(nameOfAny).sort();
}

/** Names of the resources in a delta response, decoded from the Any bytes (and checked against Resource.name). */
export function deltaNamesOf(response: DeltaDiscoveryResponse__Output): string[] {
  return (response.resources ?? []).map((r) => {
    const decoded = nameOfAny(r.resource);
    if (decoded !== r.name) throw new Error(`Resource.name ${String(r.name)} differs from the encoded name ${decoded}`);
    return decoded;
  }).sort();
}

export function removedOf(response: DeltaDiscoveryResponse__Output): string[] {
  return [...(response.removed_resources ?? [])].sort();
}

function nameOfAny(any: { type_url?: string; value?: Buffer } | undefined): string {
  if (!any?.type_url || !any.value) throw new Error('resource without type_url/value');
  const decoded = loadXdsProtos().decode(any.type_url, any.value);
  return String(decoded.name ?? decoded.cluster_name ?? '');
}

/** The decoded resources of a response, by name. */
export function decodedOf(response: DiscoveryResponse__Output): Map<string, Record<string, unknown>> {
  const protos = loadXdsProtos();
  const out = new Map<string, Record<string, unknown>>();
  for (const any of response.resources ?? []) {
    const decoded = protos.decode(any.type_url ?? '', any.value ?? Buffer.alloc(0));
    out.set(String(decoded.name ?? decoded.cluster_name ?? ''), decoded);
  }
  return out;
}

export function shortType(typeUrl: string | undefined): string {
  return (typeUrl ?? '').slice((typeUrl ?? '').lastIndexOf('.') + 1);
}

export type { ResourceTypeUrl };

/** Polls cond until true or the time is up. */
export async function eventually(cond: () => boolean, timeoutMs = WAIT_MS, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
