/**
 * Minimal xDS clients for the benchmarks: each is one ADS stream (Delta or SotW) that
 * subscribes like Envoy does, ACKs every response at once and reports what arrived. Nothing is
 * kept per response, so thousands of them can run for a long time.
 */
import * as grpc from '@grpc/grpc-js';
import type { DeltaDiscoveryRequest } from '../../src/generated/envoy/service/discovery/v3/DeltaDiscoveryRequest';
import type { DeltaDiscoveryResponse__Output } from '../../src/generated/envoy/service/discovery/v3/DeltaDiscoveryResponse';
import type { DiscoveryRequest } from '../../src/generated/envoy/service/discovery/v3/DiscoveryRequest';
import type { DiscoveryResponse__Output } from '../../src/generated/envoy/service/discovery/v3/DiscoveryResponse';
import type { Node } from '../../src/generated/envoy/config/core/v3/Node';
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

export interface ClientOptions {
  address: string;
  protocol: AdsProtocol;
  /** node.cluster: the gateway key. */
  gateway: string;
  nodeId: string;
  subscriptions: readonly TypeSubscription[];
  /** One HTTP/2 connection per client, like one Envoy each (default); false shares one per target. */
  ownConnection?: boolean;
  /** Plaintext unless given (mTLS: a proxy certificate of the gateway). */
  credentials?: grpc.ChannelCredentials;
  /**
   * Like Envoy: the EDS subscription follows the clusters (an EDS cluster's assignment has the
   * cluster's name here), so names come and go with CDS. Otherwise subscriptions stay as given.
   */
  followClusters?: boolean;
  onResponse?: (summary: ResponseSummary, client: AutoAckClient) => void;
  onEnd?: (detail: string, client: AutoAckClient) => void;
}

type Duplex = grpc.ClientDuplexStream<DeltaDiscoveryRequest | DiscoveryRequest, DeltaDiscoveryResponse__Output | DiscoveryResponse__Output>;
type AdsClientCtor = new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ChannelOptions) => grpc.Client;

let adsClientCtor: AdsClientCtor | undefined;

function adsClient(): AdsClientCtor {
  adsClientCtor ??= grpc.makeClientConstructor(loadXdsProtos().packageDefinition[ADS_SERVICE] as grpc.ServiceDefinition, ADS_SERVICE) as unknown as AdsClientCtor;
  return adsClientCtor;
}

export class AutoAckClient {
  /** Types that have been answered at least once. */
  readonly answered = new Set<string>();
  responses = 0;
  ended: string | null = null;
  private readonly client: grpc.Client;
  private readonly call: Duplex;
  private readonly names = new Map<string, string[]>();
  /** SotW: the latest version and nonce per type, which every request of that type must echo. */
  private readonly latest = new Map<string, { version: string; nonce: string }>();
  private sentNode = false;

  constructor(private readonly options: ClientOptions) {
    const channelOptions: grpc.ChannelOptions = { 'grpc.max_receive_message_length': -1 };
    if (options.ownConnection !== false) channelOptions['grpc.use_local_subchannel_pool'] = 1;
    this.client = new (adsClient())(options.address, options.credentials ?? grpc.credentials.createInsecure(), channelOptions);
    const method = options.protocol === 'delta' ? 'DeltaAggregatedResources' : 'StreamAggregatedResources';
    this.call = (this.client as unknown as Record<string, () => Duplex>)[method]!.call(this.client);
    this.call.on('data', (response: DeltaDiscoveryResponse__Output | DiscoveryResponse__Output) => this.onData(response));
    this.call.on('error', (err: Error) => this.end(err.message));
    this.call.on('status', (s: grpc.StatusObject) => this.end(`status ${s.code} ${s.details}`));
  }

  start(): void {
    for (const s of this.options.subscriptions) {
      this.names.set(s.typeUrl, s.names);
      if (this.options.protocol === 'delta') this.send({ type_url: s.typeUrl, resource_names_subscribe: s.names });
      else this.send({ type_url: s.typeUrl, resource_names: s.names });
    }
  }

  close(): void {
    this.ended ??= 'closed';
    this.call.cancel();
    this.client.close();
  }

  private end(detail: string): void {
    if (this.ended) return;
    this.ended = detail;
    this.options.onEnd?.(detail, this);
  }

  private send(request: DeltaDiscoveryRequest | DiscoveryRequest): void {
    const withNode = this.sentNode ? request : {
      ...request,
      node: { id: this.options.nodeId, cluster: this.options.gateway, user_agent_name: 'envoy', user_agent_version: 'bench' } satisfies Node,
    };
    this.sentNode = true;
    this.call.write(withNode);
  }

  private onData(response: DeltaDiscoveryResponse__Output | DiscoveryResponse__Output): void {
    this.responses += 1;
    const typeUrl = response.type_url ?? '';
    this.answered.add(typeUrl);
    let summary: ResponseSummary;
    if (this.options.protocol === 'delta') {
      const r = response as DeltaDiscoveryResponse__Output;
      summary = { typeUrl, tokens: (r.resources ?? []).map((x) => `${x.name}@${x.version}`), removed: r.removed_resources ?? [], resources: r.resources?.length ?? 0 };
      if (this.options.followClusters && typeUrl === TypeUrl.Cluster) this.followDelta((r.resources ?? []).map((x) => x.name ?? ''), r.removed_resources ?? []);
      this.send({ type_url: typeUrl, response_nonce: r.nonce });
    } else {
      const r = response as DiscoveryResponse__Output;
      summary = { typeUrl, tokens: [r.version_info ?? ''], removed: [], resources: r.resources?.length ?? 0 };
      this.latest.set(typeUrl, { version: r.version_info ?? '', nonce: r.nonce ?? '' });
      if (this.options.followClusters && typeUrl === TypeUrl.Cluster) this.followSotw(r);
      this.send({ type_url: typeUrl, version_info: r.version_info, response_nonce: r.nonce, resource_names: this.names.get(typeUrl) ?? [] });
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
    this.names.set(TypeUrl.ClusterLoadAssignment, [...current]);
    this.send({ type_url: TypeUrl.ClusterLoadAssignment, resource_names_subscribe: subscribe, resource_names_unsubscribe: unsubscribe });
  }

  /** A SotW CDS response is the whole set: EDS is asked for exactly its clusters, echoing the latest EDS nonce. */
  private followSotw(response: DiscoveryResponse__Output): void {
    const protos = loadXdsProtos();
    const clusters = (response.resources ?? []).map((any) => String(protos.decode(any.type_url ?? '', any.value ?? Buffer.alloc(0)).name ?? '')).sort();
    const current = this.names.get(TypeUrl.ClusterLoadAssignment) ?? [];
    if (clusters.join('\n') === [...current].sort().join('\n')) return;
    this.names.set(TypeUrl.ClusterLoadAssignment, clusters);
    const latest = this.latest.get(TypeUrl.ClusterLoadAssignment);
    this.send({ type_url: TypeUrl.ClusterLoadAssignment, resource_names: clusters, version_info: latest?.version ?? '', response_nonce: latest?.nonce ?? '' });
  }
}
