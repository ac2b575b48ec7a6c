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
import { CSDS_SERVICE, clientStatusHandlers } from './csds';
import { ResponseEncoder } from './responses';
import { SotwStream } from './sotw';
import type { StreamDeps } from './stream';
import { NameLists, withEncodedResponses, withSotwRequestNames } from './wire';
import { admit, callerScope, type AuthenticatedCall } from './admission';
import { ReloadingServerCredentials, type ServingMaterialSource } from './credentials';
import { DEFAULT_XDS_LIMITS, type XdsLimits } from './limits';
import type { XdsTlsPaths } from '../../security/tls-dir';

export interface XdsServerOptions {
  cache: SnapshotCache;
  registry: ProxyRegistry;
  logger: Logger;
  /** Defaults to loadXdsProtos(). */
  protos?: XdsProtos;
  /** Extra grpc-js server options (they override those derived from the limits). */
  grpcOptions?: grpc.ServerOptions;
  /**
   * mTLS: the serving certificate, its key and the CA client certificates must chain to
   * (re-read when they change). Without it the server speaks plaintext and takes node.cluster
   * at its word: the entry point allows that only on loopback or when asked explicitly.
   */
  tls?: XdsTlsPaths | ServingMaterialSource;
  /** How often the TLS files are checked for changes. */
  tlsReloadIntervalMs?: number;
  /** Overrides of DEFAULT_XDS_LIMITS. */
  limits?: Partial<XdsLimits>;
  /** More services on the xDS port (their protos among the xDS protos), with health and reflection. */
  extraServices?: readonly ExtraService[];
}

/** A service another stage implements; scope tells it which Gateway a caller may inspect (see callerScope). */
export interface ExtraService {
  name: string;
  implementation(scope: (call: AuthenticatedCall) => string | undefined): grpc.UntypedServiceImplementation;
}

/**
 * Keepalive pings find proxies that vanished without closing, so the registry stays true; the
 * message and per-connection stream limits bound what one connection can make the server hold.
 */
function grpcOptionsFor(limits: XdsLimits): grpc.ServerOptions {
  return {
    'grpc.keepalive_time_ms': limits.keepaliveTimeMs,
    'grpc.keepalive_timeout_ms': limits.keepaliveTimeoutMs,
    'grpc.max_receive_message_length': limits.maxMessageBytes,
    'grpc.max_concurrent_streams': limits.maxStreamsPerConnection,
    // Pier serves no channelz service; its bookkeeping (a clock read per message sent and
    // received, per-call counters) would cost every stream of every push for nothing.
    'grpc.enable_channelz': 0,
  };
}

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
  private readonly limits: XdsLimits;
  private readonly credentials: ReloadingServerCredentials | null;

  constructor(options: XdsServerOptions) {
    this.logger = componentLogger(options.logger, 'xds-server');
    this.limits = { ...DEFAULT_XDS_LIMITS, ...options.limits };
    // Read the TLS files now: a broken set fails construction, not the first handshake.
    this.credentials = options.tls ? new ReloadingServerCredentials(options.tls, this.logger, options.tlsReloadIntervalMs) : null;
    const requireIdentity = this.credentials !== null;
    const protos = options.protos ?? loadXdsProtos();
    this.deps = {
      cache: options.cache, registry: options.registry, logger: this.logger, limits: this.limits,
      admit: (call, gateway) => admit(call, gateway, requireIdentity),
      responses: new ResponseEncoder(protos),
    };
    const definition = protos.packageDefinition;
    this.server = new grpc.Server({ ...grpcOptionsFor(this.limits), ...options.grpcOptions });
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
        ) => fetchResources(options.cache, svc.typeUrl, call, callback, this.deps),
      });
    }
    this.server.addService(serviceDefinition(definition, CSDS_SERVICE), clientStatusHandlers({ registry: options.registry, cache: options.cache, protos, requireIdentity }));
    const scope = (call: AuthenticatedCall) => callerScope(call, requireIdentity);
    for (const extra of options.extraServices ?? []) this.server.addService(serviceDefinition(definition, extra.name), extra.implementation(scope));
    this.servedServices = [ADS_SERVICE, ...PER_TYPE_SERVICES.map((s) => s.name), CSDS_SERVICE, ...(options.extraServices ?? []).map((s) => s.name)];

    this.health = new HealthImplementation({ '': 'SERVING', ...Object.fromEntries(this.servedServices.map((s) => [s, 'SERVING' as const])) });
    this.health.addToServer(this.server);

    addReflection(this.server, descriptorIndex(), [...this.servedServices, HEALTH_SERVICE]);
  }

  /** Connected xDS streams. */
  get streamCount(): number {
    return this.streams.size;
  }

  /** Whether clients must present a certificate (mTLS). */
  get secure(): boolean {
    return this.credentials !== null;
  }

  /** Re-reads the TLS files now if they changed (they are also checked periodically). */
  reloadCredentials(): boolean {
    return this.credentials?.checkForChanges() ?? false;
  }

  /** Binds "host:port" (port 0: any free port) and starts serving. Resolves with the bound port. */
  listen(address: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.bindAsync(address, this.credentials ?? grpc.ServerCredentials.createInsecure(), (err, port) => {
        if (err) {
          reject(err);
          return;
        }
        this.credentials?.start();
        this.logger.info({ address, port, transport: this.credentials ? 'mtls' : 'plaintext', limits: this.limits }, 'xDS server listening');
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
    this.credentials?.stop();
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
    if (this.shuttingDown) {
      call.emit('error', { code: grpc.status.UNAVAILABLE, details: 'xDS server is shutting down' });
      return true;
    }
    if (this.streams.size >= this.limits.maxStreams) {
      this.logger.warn({ streams: this.streams.size }, 'xDS stream refused: the server holds its maximum number of streams');
      call.emit('error', { code: grpc.status.RESOURCE_EXHAUSTED, details: `the xDS server holds its maximum of ${this.limits.maxStreams} streams` });
      return true;
    }
    return false;
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

