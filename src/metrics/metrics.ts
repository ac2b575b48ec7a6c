/**
 * Pier's Prometheus metrics (prom-client). The entry point creates one registry and one
 * PierMetrics per process and hands the stages the hooks below; stages never import this
 * module. Labels carry Gateway keys and resource type names only, never resource content.
 */
import * as client from 'prom-client';
import type { ProxyObserver, ProxyRef, NackRecord } from '../xds/server';

/** Short, stable label values for the xDS type URLs. */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  'type.googleapis.com/envoy.config.listener.v3.Listener': 'listener',
  'type.googleapis.com/envoy.config.route.v3.RouteConfiguration': 'route',
  'type.googleapis.com/envoy.config.cluster.v3.Cluster': 'cluster',
  'type.googleapis.com/envoy.config.endpoint.v3.ClusterLoadAssignment': 'endpoint',
  'type.googleapis.com/envoy.extensions.transport_sockets.tls.v3.Secret': 'secret',
};

export function typeLabel(typeUrl: string): string {
  return TYPE_NAMES[typeUrl] ?? 'other';
}

/** Translation passes take from tens of microseconds (one route) to seconds (thousands of Gateways). */
const TRANSLATION_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Push to ACK: Envoy answers in milliseconds, unless it warms clusters first. */
const ACK_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** What the metrics read at scrape time: counts the stages keep anyway. */
export interface MetricSources {
  /** Connected xDS streams (gateway, protocol). */
  proxies(): readonly { cluster: string; protocol: string }[];
  /** Resources the snapshot cache encoded so far. */
  encodedResources(): number;
  /** Bus map name -> how many changes it carried so far. */
  busEvents(): Readonly<Record<string, number>>;
  /** Problems the providers currently report. */
  providerErrors(): number;
}

export interface PierMetricsOptions {
  registry: client.Registry;
  sources: MetricSources;
  version: string;
}

export class PierMetrics {
  readonly registry: client.Registry;
  private readonly pushes: client.Counter<'type'>;
  private readonly pushedResources: client.Counter<'type'>;
  private readonly acks: client.Counter<'type' | 'gateway'>;
  private readonly nacks: client.Counter<'type' | 'gateway'>;
  private readonly ackLatency: client.Histogram<'type'>;
  private readonly connections: client.Counter<'protocol'>;
  private readonly gatewayApiDuration: client.Histogram;
  private readonly xdsDuration: client.Histogram;
  private readonly endpointDuration: client.Histogram;
  private readonly statusWrites: client.Counter;

  constructor(options: PierMetricsOptions) {
    const registers = [options.registry];
    const { sources } = options;
    this.registry = options.registry;
    client.collectDefaultMetrics({ register: options.registry, prefix: 'pier_' });

    new client.Gauge({
      name: 'pier_build_info', help: 'Pier\'s version; always 1.', labelNames: ['version'], registers,
      collect() { this.reset(); this.set({ version: options.version }, 1); },
    });
    new client.Gauge({
      name: 'pier_xds_connected_proxies', help: 'Connected xDS streams, by Gateway and protocol (sotw, delta).',
      labelNames: ['gateway', 'protocol'], registers,
      collect() {
        this.reset();
        const counts = new Map<string, { gateway: string; protocol: string; n: number }>();
        for (const p of sources.proxies()) {
          const key = `${p.cluster}\n${p.protocol}`;
          const c = counts.get(key) ?? { gateway: p.cluster, protocol: p.protocol, n: 0 };
          c.n += 1;
          counts.set(key, c);
        }
        for (const c of counts.values()) this.set({ gateway: c.gateway, protocol: c.protocol }, c.n);
      },
    });
    this.connections = new client.Counter({
      name: 'pier_xds_connections_total', help: 'xDS streams that identified themselves, by protocol.', labelNames: ['protocol'], registers,
    });
    this.pushes = new client.Counter({
      name: 'pier_xds_pushes_total', help: 'xDS responses sent to proxies, by resource type.', labelNames: ['type'], registers,
    });
    this.pushedResources = new client.Counter({
      name: 'pier_xds_pushed_resources_total', help: 'New or changed resources carried by xDS responses, by resource type.', labelNames: ['type'], registers,
    });
    this.acks = new client.Counter({
      name: 'pier_xds_acks_total', help: 'Responses proxies accepted (ACK), by resource type and Gateway.', labelNames: ['type', 'gateway'], registers,
    });
    this.nacks = new client.Counter({
      name: 'pier_xds_nacks_total', help: 'Responses proxies rejected (NACK), by resource type and Gateway.', labelNames: ['type', 'gateway'], registers,
    });
    this.ackLatency = new client.Histogram({
      name: 'pier_xds_push_ack_latency_seconds', help: 'Time from sending an xDS response to its ACK, by resource type.',
      labelNames: ['type'], buckets: ACK_BUCKETS, registers,
    });
    let encodedSeen = 0;
    new client.Counter({
      name: 'pier_xds_resources_encoded_total', help: 'Resources encoded to protobuf by the snapshot cache (once per content version).', registers,
      collect() {
        const now = sources.encodedResources();
        if (now > encodedSeen) this.inc(now - encodedSeen);
        encodedSeen = now;
      },
    });
    this.gatewayApiDuration = new client.Histogram({
      name: 'pier_gatewayapi_translation_duration_seconds', help: 'Gateway API translation passes (resources to IR and statuses).',
      buckets: TRANSLATION_BUCKETS, registers,
    });
    this.xdsDuration = new client.Histogram({
      name: 'pier_xds_translation_duration_seconds', help: 'xDS translation of one Gateway\'s IR to Envoy resources.',
      buckets: TRANSLATION_BUCKETS, registers,
    });
    this.endpointDuration = new client.Histogram({
      name: 'pier_endpoint_translation_duration_seconds', help: 'Endpoint fast path passes (EndpointSlices to ClusterLoadAssignments).',
      buckets: TRANSLATION_BUCKETS, registers,
    });
    const busSeen = new Map<string, number>();
    new client.Counter({
      name: 'pier_bus_events_total', help: 'Changes published on the internal bus, by map.', labelNames: ['map'], registers,
      collect() {
        for (const [map, now] of Object.entries(sources.busEvents())) {
          const before = busSeen.get(map) ?? 0;
          // Zero-valued series appear too, so every map is visible from the first scrape.
          this.inc({ map }, Math.max(0, now - before));
          busSeen.set(map, now);
        }
      },
    });
    new client.Gauge({
      name: 'pier_provider_errors', help: 'Problems the providers currently report in their input (invalid files or objects).', registers,
      collect() { this.set(sources.providerErrors()); },
    });
    this.statusWrites = new client.Counter({
      name: 'pier_status_writes_total', help: 'Gateway API statuses written (changed).', registers,
    });
  }

  /** Observer for the xDS server's proxy registry. */
  proxyObserver(): ProxyObserver {
    return {
      connected: (p: ProxyRef) => this.connections.inc({ protocol: p.protocol }),
      sent: (_p: ProxyRef, typeUrl: string, _version: string, resources: number) => {
        const type = typeLabel(typeUrl);
        this.pushes.inc({ type });
        this.pushedResources.inc({ type }, resources);
      },
      acked: (p: ProxyRef, typeUrl: string, _version: string, latency: number | undefined) => {
        const type = typeLabel(typeUrl);
        this.acks.inc({ type, gateway: p.cluster });
        if (latency !== undefined) this.ackLatency.observe({ type }, latency);
      },
      nacked: (p: ProxyRef, typeUrl: string, _nack: Readonly<NackRecord>) => this.nacks.inc({ type: typeLabel(typeUrl), gateway: p.cluster }),
    };
  }

  readonly gatewayApiTranslated = (seconds: number): void => this.gatewayApiDuration.observe(seconds);
  readonly xdsTranslated = (seconds: number): void => this.xdsDuration.observe(seconds);
  readonly endpointsTranslated = (seconds: number): void => this.endpointDuration.observe(seconds);
  readonly statusWritten = (): void => this.statusWrites.inc();

  /** The exposition text and its content type, for GET /metrics. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
