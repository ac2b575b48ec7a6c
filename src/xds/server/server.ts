/**
 * The xDS gRPC server: ADS (SotW and Delta), the per-type discovery services, gRPC health and
 * server reflection, on one port.
 */
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { HealthImplementation } from 'grpc-health-check';
import type { Logger } from '../../logging/logger';
import { componentLogger } from '../../logging/logger';
import type { DiscoveryRequest__Output } from '../../generated/envoy/service/discovery/v3/DiscoveryRequest';
import type { DiscoveryResponse } from '../../generated/envoy/service/discovery/v3/DiscoveryResponse';
import type { DeltaDiscoveryRequest__Output } from '../../generated/envoy/service/discovery/v3/DeltaDiscoveryRequest';
import type { SnapshotCache } from '../cache/cache';
import { loadXdsProtos, type XdsProtos } from '../proto';
import { TYPE_ORDER, type ResourceTypeUrl } from '../types';
import { DeltaStream } from './delta';
import { fetchResources } from './fetch';
import type { ProxyRegistry, StreamService } from './registry';
import { ADS_SERVICE, HEALTH_SERVICE, PER_TYPE_SERVICES } from './services';
import { addReflection, descriptorIndex } from './reflection';
import { ResponseEncoder } from './responses';
import { SotwStream } from './sotw';
import type { StreamDeps } from './stream';
import { NameLists, withEncodedResponses, withSotwRequestNames } from './wire';

export interface XdsServerOptions {
  cache: SnapshotCache;
  registry: ProxyRegistry;
  logger: Logger;
  /** Defaults to loadXdsProtos(). */
  protos?: XdsProtos;
  /** Extra grpc-js server options (they override the defaults below). */
  grpcOptions?: grpc.ServerOptions;
}

/** Keepalive pings find proxies that vanished without closing, so the registry stays true. */
const DEFAULT_GRPC_OPTIONS: grpc.ServerOptions = {
  'grpc.keepalive_time_ms': 30_000,
  'grpc.keepalive_timeout_ms': 10_000,
};

interface Closable {
  end(): void;
}

export class XdsServer {
  private readonly server: grpc.Server;
  private readonly health: HealthImplementation;
  private readonly streams = new Set<Closable>();
  private readonly logger: Logger;
  private readonly deps: StreamDeps;
  private readonly servedServices: string[];
  private shuttingDown: Promise<void> | null = null;

  constructor(options: XdsServerOptions) {
    this.logger = componentLogger(options.logger, 'xds-server');
    const protos = options.protos ?? loadXdsProtos();
    this.deps = { cache: options.cache, registry: options.registry, logger: this.logger, responses: new ResponseEncoder(protos) };
    const definition = protos.packageDefinition;
    this.server = new grpc.Server({ ...DEFAULT_GRPC_OPTIONS, ...options.grpcOptions });
    // Streams write responses encoded once for all of them; SotW ACKs repeat names cheaply.
    const names = new NameLists();
    const streaming = (name: string, sotw: string, delta: string): grpc.ServiceDefinition =>
      withSotwRequestNames(withEncodedResponses(serviceDefinition(definition, name), [sotw, delta]), [sotw], names);

    this.server.addService(streaming(ADS_SERVICE, 'StreamAggregatedResources', 'DeltaAggregatedResources'), {
      StreamAggregatedResources: (call: grpc.ServerDuplexStream<DiscoveryRequest__Output, Buffer>) =>
        this.startSotw(call, 'ads', TYPE_ORDER),
      DeltaAggregatedResources: (call: grpc.ServerDuplexStream<DeltaDiscoveryRequest__Output, Buffer>) =>
        this.startDelta(call, 'ads', TYPE_ORDER),
    });
    for (const svc of PER_TYPE_SERVICES) {
      const types = [svc.typeUrl];
      this.server.addService(streaming(svc.name, svc.stream, svc.delta), {
        [svc.stream]: (call: grpc.ServerDuplexStream<DiscoveryRequest__Output, Buffer>) => this.startSotw(call, svc.service, types),
        [svc.delta]: (call: grpc.ServerDuplexStream<DeltaDiscoveryRequest__Output, Buffer>) => this.startDelta(call, svc.service, types),
        [svc.fetch]: (
          call: grpc.ServerUnaryCall<DiscoveryRequest__Output, DiscoveryResponse>,
          callback: grpc.sendUnaryData<DiscoveryResponse>,
        ) => fetchResources(options.cache, svc.typeUrl, call.request, callback),
      });
    }
    this.servedServices = [ADS_SERVICE, ...PER_TYPE_SERVICES.map((s) => s.name)];

    this.health = new HealthImplementation({ '': 'SERVING', ...Object.fromEntries(this.servedServices.map((s) => [s, 'SERVING' as const])) });
    this.health.addToServer(this.server);

    addReflection(this.server, descriptorIndex(), [...this.servedServices, HEALTH_SERVICE]);
  }

  /** Connected xDS streams. */
  get streamCount(): number {
    return this.streams.size;
  }

  /** Binds "host:port" (port 0: any free port) and starts serving. Resolves with the bound port. */
  listen(address: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (err, port) => {
        if (err) {
          reject(err);
          return;
        }
        this.logger.info({ address, port }, 'xDS server listening');
        resolve(port);
      });
    });
  }

  /**
   * Stops accepting streams, ends the open ones cleanly (status OK, proxies reconnect
   * elsewhere), and forces the rest closed after graceMs.
   */
  shutdown(graceMs: number): Promise<void> {
    if (this.shuttingDown) return this.shuttingDown;
    this.shuttingDown = new Promise<void>((resolve) => {
      this.health.setStatus('', 'NOT_SERVING');
      for (const s of this.servedServices) this.health.setStatus(s, 'NOT_SERVING');
      const timer = setTimeout(() => {
        this.logger.warn({ streams: this.streams.size }, 'xDS server forced shutdown after grace period');
        this.server.forceShutdown();
        resolve();
      }, Math.max(0, graceMs));
      timer.unref();
      this.server.tryShutdown(() => {
        clearTimeout(timer);
        this.logger.info('xDS server stopped');
        resolve();
      });
      for (const stream of [...this.streams]) stream.end();
    });
    return this.shuttingDown;
  }

  private startSotw(call: grpc.ServerDuplexStream<DiscoveryRequest__Output, Buffer>, service: StreamService, types: readonly ResourceTypeUrl[]): void {
    if (this.refuseDuringShutdown(call)) return;
    const stream = new SotwStream(call, this.deps, { protocol: 'sotw', service, types }, (s) => this.streams.delete(s));
    this.streams.add(stream);
    stream.start();
  }

  private startDelta(call: grpc.ServerDuplexStream<DeltaDiscoveryRequest__Output, Buffer>, service: StreamService, types: readonly ResourceTypeUrl[]): void {
    if (this.refuseDuringShutdown(call)) return;
    const stream = new DeltaStream(call, this.deps, { protocol: 'delta', service, types }, (s) => this.streams.delete(s));
    this.streams.add(stream);
    stream.start();
  }

  private refuseDuringShutdown(call: NodeJS.EventEmitter): boolean {
    if (!this.shuttingDown) return false;
    call.emit('error', { code: grpc.status.UNAVAILABLE, details: 'xDS server is shutting down' });
    return true;
  }
}

function serviceDefinition(definition: protoLoader.PackageDefinition, name: string): grpc.ServiceDefinition {
  const service = definition[name];
  if (!service || !isServiceDefinition(service)) throw new Error(`service ${name} is missing from the xDS protos`);
  return service as grpc.ServiceDefinition;
}

function isServiceDefinition(value: unknown): boolean {
  // Message and enum definitions carry a "format" field; service definitions are maps of methods.
  return typeof value === 'object' && value !== null && !('format' in value);
}

