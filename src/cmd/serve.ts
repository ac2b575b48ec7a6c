/**
 * The entry point that wires the stages: it creates the bus, hands each stage the maps it
 * publishes to and subscribes to, and owns their lifetimes. Nothing else holds global state.
 */
import { policiesView } from '../ir/policies-view';
import * as path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { Bus } from '../message/resources';
import { ConfigError, effectiveInfrastructure, type PierConfig } from '../config/config';
import type { XdsClientCertificates } from '../infra/kubernetes/controller';
import { componentLogger, type Logger } from '../logging/logger';
import { loadXdsProtos } from '../xds/proto';
import { GatewayAPITranslatorRunner } from '../gatewayapi/runner';
import { XdsTranslatorRunner } from '../xds/translator/runner';
import { EndpointRunner } from '../xds/translator/endpoints/endpoint-runner';
import { withEndpoints } from '../xds/types';
import { SnapshotCache } from '../xds/cache/cache';
import { XdsCacheRunner } from '../xds/cache/runner';
import { ProxyRegistry } from '../xds/server/registry';
import { XdsServer, type XdsServerOptions } from '../xds/server/server';
import { AdminServer, splitHostPort } from '../admin/server';
import { ConfigMapSink, FileSink, RateLimitConfigWriter } from '../ratelimit/configwriter';
import { FileStatusWriter } from '../status/writer';
import { HostInfrastructure } from '../infra/host/runner';
import { GatewayAddressPool } from '../infra/host/address-pool';
import { findEnvoy, ENVOY_INSTALL_HINT } from '../infra/host/envoy-binary';
import { EchoBackend } from '../demo/echo-backend';
import { redactIR, redactXdsResources } from '../security/redact';
import { issueGatewayCertificate } from '../security/pki';
import { readCertificateAuthorityFiles, type XdsTlsPaths } from '../security/tls-dir';
import type { ProxyCertificateIssuer } from '../infra/host/runner';
import { resolveXdsTransport } from './xds-transport';
import { Registry as MetricsRegistry } from 'prom-client';
import { PierMetrics } from '../metrics/metrics';
import { busEventCounts } from '../metrics/bus';
import { pierVersion } from './version';
import { EventPublisher } from '../admin/events';
import { ADMIN_SERVICE, adminServiceHandlers } from '../admin/subscribe';

export interface RunningPier {
  xdsPort: number;
  adminPort: number;
  metricsPort: number;
  bus: Bus;
  /** The directory of the xDS CA Pier generated itself (the default set-up), if it did. */
  xdsTlsGeneratedIn?: string;
  stop(): Promise<void>;
}

/** Where the package's own files are (examples/ ships with it). */
export const PACKAGE_ROOT = path.resolve(__dirname, '..', '..', '..');

/** A relative resources path is tried from the working directory, then from the package. */
export function resolveResourcesDir(dir: string): string {
  const candidates = path.isAbsolute(dir) ? [dir] : [path.resolve(dir), path.resolve(PACKAGE_ROOT, dir)];
  for (const c of candidates) if (existsSync(c) && statSync(c).isDirectory()) return c;
  throw new Error(`resources directory not found: ${dir} (looked in ${candidates.join(', ')})`);
}

/** What serve needs of a provider: publish into the bus tables, set providerSynced, stop. */
interface Provider {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Loaded only in file mode: its schema and CEL validators take a good part of a second to load. */
async function fileProvider(directory: string, bus: Bus, logger: Logger): Promise<Provider> {
  const { FileProvider } = await import('../provider/file/provider');
  return new FileProvider({ directory, tables: bus.tables, synced: bus.providerSynced, errors: bus.providerErrors, logger });
}

export async function serve(config: PierConfig, logger: Logger): Promise<RunningPier> {
  const log = componentLogger(logger, 'serve');
  const resourcesDir = config.provider === 'file' ? resolveResourcesDir(config.resources) : '';
  loadXdsProtos(); // once, up front: a broken proto tree fails start-up, not the first proxy
  routeGrpcLogs(componentLogger(logger, 'grpc'));
  const bus = new Bus();
  const infrastructure = effectiveInfrastructure(config);
  // Host infrastructure checks the Gateways' own addresses; with a pool, every Gateway without
  // any waits for one of its own before it is served.
  const addressPool = infrastructure === 'host' ? new GatewayAddressPool({ bus, pool: config.gatewayAddressPool, logger }) : null;
  const registry = new ProxyRegistry();
  const cache = new SnapshotCache({ logger });
  const metrics = new PierMetrics({
    registry: new MetricsRegistry(),
    version: pierVersion(),
    sources: {
      proxies: () => registry.list(),
      encodedResources: () => cache.encodeCount,
      busEvents: () => busEventCounts(bus),
      providerErrors: () => [...bus.providerErrors.loadAll().values()].reduce((n, errors) => n + errors.length, 0),
    },
  });
  registry.observe(metrics.proxyObserver());
  const events = new EventPublisher({ statuses: bus.statuses, proxies: () => registry.list() });
  registry.observe(events.proxyObserver());
  // Loaded only in Kubernetes mode: @kubernetes/client-node alone doubles the CLI's start-up time.
  if (infrastructure === 'kubernetes' && config.provider !== 'kubernetes') {
    throw new ConfigError('infrastructure kubernetes needs the kubernetes provider (--provider kubernetes)');
  }
  if (config.rateLimitConfigMap && config.provider !== 'kubernetes') throw new ConfigError('rateLimitConfigMap needs the kubernetes provider (--provider kubernetes); standalone, use rateLimitConfigDir');
  const kube = config.provider === 'kubernetes' ? (await import('./kubernetes-mode')).kubernetesMode(config, bus, logger, metrics.registry) : null;

  let demo: EchoBackend | null = null;
  if (config.demoBackend) {
    const { host, port } = splitHostPort(config.demoBackend);
    demo = new EchoBackend({ service: 'demo', namespace: 'default', pod: 'demo-1' });
    await demo.listen(host, port);
    log.info({ address: config.demoBackend }, 'demo backend listening');
  }

  const provider: Provider = kube?.provider ?? (await fileProvider(resourcesDir, bus, logger));
  // Global rate limits: the service the proxies call, and (standalone) the file it reads its limits from.
  const rateLimitService = config.rateLimitService ? { ...splitHostPort(config.rateLimitService), domain: config.rateLimitDomain } : undefined;
  const rateLimitSink = config.rateLimitConfigMap && kube ? new ConfigMapSink(kube.client, kube.namespace, config.rateLimitConfigMap)
    : config.rateLimitConfigDir ? new FileSink(config.rateLimitConfigDir) : null;
  const rateLimitConfig = rateLimitSink ? new RateLimitConfigWriter({ xdsIR: bus.xdsIR, sink: rateLimitSink, domain: config.rateLimitDomain, logger }) : null;
  const gatewayApi = new GatewayAPITranslatorRunner({
    ...(rateLimitService ? { rateLimitService } : {}),
    bus, controllerName: config.controllerName, defaultAddress: config.defaultGatewayAddress, awaitGatewayInfra: addressPool !== null && config.gatewayAddressPool !== '',
    // Until the Gateway's Service and Deployment are seen, its address and readiness are unknown.
    infraReports: infrastructure === 'kubernetes',
    // Envoy in a pod binds no port below 1024: the Gateway's Service maps those ports (src/ir/ports.ts).
    unprivilegedPorts: infrastructure === 'kubernetes',
    // Kubernetes infrastructure puts spec.infrastructure's labels and annotations on every object it makes.
    infrastructurePropagation: infrastructure === 'kubernetes',
    // Each Gateway's Service has a ClusterIP: spec.addresses may ask for routability Cluster (GEP-5093).
    clusterRoutability: infrastructure === 'kubernetes',
    logger, onTranslated: metrics.gatewayApiTranslated,
  });
  const xdsTranslator = new XdsTranslatorRunner({ bus, logger, onTranslated: metrics.xdsTranslated });
  const endpoints = new EndpointRunner({ bus, logger, onTranslated: metrics.endpointsTranslated });
  const cacheRunner = new XdsCacheRunner({ bus, cache, logger });
  const transport = await resolveXdsTransport(config, log).catch(async (err: Error) => {
    await demo?.close();
    throw err;
  });
  const makeXdsServer = (tls: XdsServerOptions['tls']): XdsServer => {
    try {
      return new XdsServer({
        cache, registry, logger, tls,
        extraServices: [{ name: ADMIN_SERVICE, implementation: (scope) => adminServiceHandlers(events, scope) }],
      });
    } catch (err) {
      throw new Error(`xDS TLS: ${(err as Error).message}`);
    }
  };
  if (transport.kind === 'secret' && infrastructure === 'host' && config.envoy !== 'off' && findEnvoy(config.envoy === 'auto' ? undefined : config.envoy)) {
    await demo?.close();
    throw new ConfigError('the Envoys Pier launches read the xDS CA from a file: with the kubernetes provider and host infrastructure, give --xds-tls-dir (or --envoy off)');
  }
  // With the certificates in a Secret, the server is made once the Secret is there (below).
  let xdsServer: XdsServer | null = null;
  if (transport.kind !== 'secret') {
    try {
      xdsServer = makeXdsServer(transport.kind === 'mtls' ? transport.paths : undefined);
    } catch (err) {
      await demo?.close();
      throw err;
    }
  }
  const statusWriter = new FileStatusWriter({ bus, logger, onWritten: metrics.statusWritten });

  // What /readyz waits for; the admin API answers /healthz from the start.
  const readiness: Record<string, boolean> = { 'first configuration read': false, 'xDS server listening': false, 'not shutting down': true };
  const secretReadiness = transport.kind === 'secret' ? `xDS certificates in Secret ${kube?.namespace}/${transport.name}` : '';
  if (secretReadiness) readiness[secretReadiness] = false;
  let infra: HostInfrastructure | null = null;
  const readinessState = (): { ready: boolean; waitingFor: string[] } => {
    const waitingFor = Object.entries(readiness).filter(([, done]) => !done).map(([what]) => what);
    return { ready: waitingFor.length === 0, waitingFor };
  };
  const admin = new AdminServer({
    readiness: readinessState,
    views: {
      proxies: () => registry.list(),
      statuses: () => statusWriter.list(),
      errors: () => [...bus.providerErrors.loadAll().values()].flat(),
      // Private keys stay out of the admin API: only SDS carries them, to the Gateway's proxies.
      ir: (q) => mapValues(pick(bus.xdsIR.loadAll(), q.get('gateway')), redactIR),
      policies: (q) => policiesView(pick(bus.xdsIR.loadAll(), q.get('gateway'))),
      xds: (q) => mapValues(pick(new Map([...bus.xdsResources.loadAll()].map(([k, v]) => [k, withEndpoints(v, bus.xdsEndpoints.load(k))])), q.get('gateway')), redactXdsResources),
      infra: () => infra?.list() ?? [],
      config: () => (kube ? { ...config } : { ...config, resources: resourcesDir }),
      version: () => ({ version: pierVersion(), node: process.version }),
    },
    metrics: () => metrics.exposition(),
  }, logger);
  const adminPort = await admin.listen(config.adminAddress).catch(async (err: Error) => {
    await demo?.close();
    throw new Error(`admin server cannot listen on ${config.adminAddress}: ${err.message}`);
  });
  // Metrics and probes on a port of their own, so that Prometheus and the kubelet reach them
  // while the admin API stays on loopback.
  const metricsServer = new AdminServer({ readiness: readinessState, views: {}, metrics: () => metrics.exposition() }, logger, { component: 'metrics', index: false });
  const metricsPort = await metricsServer.listen(config.metricsAddress).catch(async (err: Error) => {
    await admin.close();
    await demo?.close();
    throw new Error(`metrics server cannot listen on ${config.metricsAddress} (--metrics-address): ${err.message}`);
  });

  // In this order: stop reading, stop the proxies, drain their streams, then the rest.
  const stoppers: (() => Promise<void> | void)[] = [
    () => provider.stop(),
    () => kube?.elector?.stop(),
    () => infra?.stop(),
    () => kube?.infrastructure?.stop(),
    () => addressPool?.stop(),
    () => events.stop(),
    () => xdsServer?.shutdown(config.shutdownGraceSeconds * 1000),
    () => kube?.xdsTls?.stop(),
    () => admin.close(),
    () => metricsServer.close(),
    () => gatewayApi.stop(),
    () => xdsTranslator.stop(),
    () => endpoints.stop(),
    () => cacheRunner.stop(),
    () => statusWriter.stop(),
    () => rateLimitConfig?.stop(),
    () => kube?.statusWriter.stop(),
    () => demo?.close(),
    () => bus.close(),
  ];

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      readiness['not shutting down'] = false;
      for (const s of stoppers) {
        try {
          await s();
        } catch (err) {
          log.error({ err }, 'error while stopping');
        }
      }
      log.info('pier stopped');
    })();
    return stopping;
  };

  let xdsPort = 0;
  try {
    // Downstream first, so the first provider snapshot flows straight through.
    statusWriter.start();
    kube?.statusWriter.start();
    rateLimitConfig?.start();
    kube?.elector?.start();
    // Started early: creating a CA overlaps reading the cluster.
    const secret = transport.kind === 'secret' ? kube!.startXdsTlsSecret(transport.name) : null;
    if (secret) log.info({ secret: kube!.xdsTls?.name }, 'xDS mTLS with the CA and serving certificate kept in a Secret in Pier\'s namespace');
    events.start();
    cacheRunner.start();
    endpoints.start();
    xdsTranslator.start();
    gatewayApi.start();
    addressPool?.start();
    await provider.start();
    readiness['first configuration read'] = true;
    if (secret) {
      // Every replica waits for the Secret (its watch says when), whoever creates it.
      await secret.ready();
      if (readiness['not shutting down'] === false) throw new Error('stopped while waiting for the xDS TLS Secret');
      xdsServer = makeXdsServer(secret.source());
      readiness[secretReadiness] = true;
    }
    xdsPort = await xdsServer!.listen(config.xdsAddress).catch((err: Error) => {
      throw new Error(`xDS server cannot listen on ${config.xdsAddress}: ${err.message}`);
    });
    readiness['xDS server listening'] = true;

    if (kube && infrastructure === 'kubernetes') {
      const certificates = transport.kind === 'mtls' ? xdsClientCertificates(transport.paths) : transport.kind === 'secret' ? kube.xdsTls!.clientCertificates() : undefined;
      kube.startInfrastructure({ xdsPort, certificates });
      log.info({ image: config.envoyImage, serviceType: config.gatewayServiceType }, 'running each Gateway\'s proxies as a Deployment and a Service');
    } else if (infrastructure === 'host' && config.envoy !== 'off') {
      const binary = findEnvoy(config.envoy === 'auto' ? undefined : config.envoy);
      if (binary) {
        infra = new HostInfrastructure({
          bus, envoyBinary: binary, xdsHost: config.envoyXdsHost, xdsPort,
          adsMode: config.adsMode, envoyLogLevel: config.envoyLogLevel, metricsPort: config.proxyMetricsPort, logger,
          certificates: transport.kind === 'mtls' ? proxyCertificateIssuer(transport.paths) : undefined,
        });
        infra.start();
        log.info({ envoy: binary, adsMode: config.adsMode }, 'launching one Envoy per Gateway');
      } else if (config.envoy === 'auto') {
        log.warn(ENVOY_INSTALL_HINT);
      } else {
        throw new Error(`envoy binary not found or not executable: ${config.envoy}`);
      }
    }
  } catch (err) {
    await stop();
    throw err;
  }

  log.info({ xds: config.xdsAddress, xdsPort, xdsTransport: transport.kind, admin: config.adminAddress, adminPort, metrics: config.metricsAddress, metricsPort, ...(kube ? { provider: 'kubernetes' } : { resources: resourcesDir }), controllerName: config.controllerName }, 'pier is serving');
  if (kube) log.info({ provider: 'kubernetes', namespaces: config.watchNamespaces || 'all', leaderElect: config.leaderElect }, 'following the cluster');

  return { xdsPort, adminPort, metricsPort, bus, xdsTlsGeneratedIn: transport.kind === 'mtls' ? transport.generatedIn : undefined, stop };
}

/** Launched Envoys get client certificates from the CA; without its key Pier cannot issue them. */
function proxyCertificateIssuer(paths: XdsTlsPaths): ProxyCertificateIssuer {
  const caKey = paths.caKey;
  if (!caKey) {
    throw new Error('the Envoys Pier launches need client certificates, and Pier has no CA key to issue them: ' +
      'put ca.key in --xds-tls-dir or give --xds-tls-ca-key (or run with --envoy off and issue certificates with pier certgen)');
  }
  return {
    caCertFile: paths.caCert,
    // The CA is read at each launch, so a rotated CA signs the next Envoy.
    issue: (gateway) => issueGatewayCertificate(readCertificateAuthorityFiles(paths.caCert, caKey), gateway),
  };
}

/** Kubernetes infrastructure's proxies get their client certificates from the CA, through a Secret per Gateway. */
function xdsClientCertificates(paths: XdsTlsPaths): XdsClientCertificates {
  if (!paths.caKey) {
    throw new Error('the Gateways\' proxy pods need client certificates, and Pier has no CA key to issue them: ' +
      'put ca.key in --xds-tls-dir or give --xds-tls-ca-key');
  }
  const issuer = proxyCertificateIssuer(paths);
  return { caPem: () => readFileSync(paths.caCert, 'utf8'), issue: (gateway) => issuer.issue(gateway) };
}

/** grpc-js logs to stderr on its own; send its messages through pino like everything else. */
function routeGrpcLogs(log: Logger): void {
  grpc.setLogger({
    error: (...args: unknown[]) => log.warn(args.map(String).join(' ')),
    info: (...args: unknown[]) => log.debug(args.map(String).join(' ')),
    debug: (...args: unknown[]) => log.debug(args.map(String).join(' ')),
  } as Partial<Console> as Console);
}

function mapValues<V>(record: Record<string, V>, f: (v: V) => V): Record<string, V> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)]));
}

function pick<V>(all: ReadonlyMap<string, V>, gateway: string | null): Record<string, V> {
  const out: Record<string, V> = {};
  for (const [k, v] of [...all].sort(([a], [b]) => a.localeCompare(b))) if (!gateway || k === gateway) out[k] = v;
  return out;
}
