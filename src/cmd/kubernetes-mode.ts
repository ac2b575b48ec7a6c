/**
 * Kubernetes mode's stages, wired for serve.ts: the provider (list+watch into the bus tables),
 * the API server status writer, and the Lease leader election that turns its writes on and off.
 * A module of its own so that file mode never loads @kubernetes/client-node.
 */
import * as os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Registry } from 'prom-client';
import type { Bus } from '../message/resources';
import type { PierConfig } from '../config/config';
import type { Logger } from '../logging/logger';
import { KubernetesStatusWriter } from '../status/kubernetes/writer';
import { KubernetesProvider } from '../provider/kubernetes/provider';
import { loadKubeConnection } from '../kubeclient/config';
import { KubeRestClient } from '../kubeclient/rest';
import { LeaseElector } from '../leader/lease';
import { parseAddressPool } from '../infra/address-range';
import { KubernetesInfrastructure, type XdsClientCertificates } from '../infra/kubernetes/controller';
import type { ProxySettings } from '../infra/kubernetes/objects';
import { XdsTlsSecret } from '../security/xds-secret';

/** Kubernetes mode's parts: the provider, and the status writer with its leader election. */
export interface KubernetesMode {
  provider: KubernetesProvider;
  statusWriter: KubernetesStatusWriter;
  elector: LeaseElector | null;
  /** Kubernetes infrastructure, created by startInfrastructure (once the xDS port is known). */
  infrastructure: KubernetesInfrastructure | null;
  startInfrastructure(o: { xdsPort: number; certificates?: XdsClientCertificates }): KubernetesInfrastructure;
  /** The namespace Pier runs in (pierNamespace). */
  namespace: string;
  /** The API server client (objects Pier keeps itself: the rate limit service's ConfigMap). */
  client: KubeRestClient;
  /** The xDS CA and serving certificate kept in a Secret, created by startXdsTlsSecret. */
  xdsTls: XdsTlsSecret | null;
  /** Starts following (and creating, renewing) the Secret named `name` in Pier's namespace. */
  startXdsTlsSecret(name: string): XdsTlsSecret;
}

/** The namespace Pier runs in: $POD_NAMESPACE, else the Lease's, else default. */
export function pierNamespace(config: PierConfig): string {
  return process.env.POD_NAMESPACE || config.leaderElectionNamespace || 'default';
}

/** The Service proxies reach Pier's xDS server at: proxyXdsHost, else pier.<namespace>.svc. */
export function xdsServiceHost(config: PierConfig): string {
  return config.proxyXdsHost || `pier.${pierNamespace(config)}.svc`;
}

/** The names Pier's serving certificate carries besides the defaults: the Service's (and proxyXdsHost when set). */
export function xdsServerSans(config: PierConfig): string[] {
  const namespace = pierNamespace(config);
  return [...new Set([xdsServiceHost(config), `pier.${namespace}.svc`, `pier.${namespace}.svc.cluster.local`, 'pier'])];
}

/** Kubernetes infrastructure's proxy settings from the config. */
export function proxySettings(config: PierConfig, xdsPort: number, tls: boolean): ProxySettings {
  return {
    image: config.envoyImage,
    serviceType: config.gatewayServiceType,
    replicas: config.gatewayReplicas,
    xdsHost: xdsServiceHost(config),
    xdsPort,
    adsMode: config.adsMode,
    logLevel: config.envoyLogLevel,
    metricsPort: config.proxyMetricsPort,
    tls,
    ...(config.gatewayAddressPool ? { addressPool: parseAddressPool(config.gatewayAddressPool) } : {}),
  };
}

/** registry: where the watch and status-write metrics go (the one /metrics serves). */
export function kubernetesMode(config: PierConfig, bus: Bus, logger: Logger, registry: Registry): KubernetesMode {
  const connection = loadKubeConnection(config.kubeconfig);
  const client = new KubeRestClient(connection);
  const namespaces = config.watchNamespaces.split(',').map((n) => n.trim()).filter(Boolean);
  const provider = new KubernetesProvider({
    connection, namespaces, tables: bus.tables, synced: bus.providerSynced, errors: bus.providerErrors, observedStatuses: bus.observedStatuses, unservedKinds: bus.unservedKinds, registry, logger,
  });
  const statusWriter = new KubernetesStatusWriter({
    bus, client, controllerName: config.controllerName, registry, logger, leading: !config.leaderElect, observed: bus.observedStatuses,
  });
  const elector = config.leaderElect ? new LeaseElector({
    client,
    namespace: config.leaderElectionNamespace || process.env.POD_NAMESPACE || 'default',
    name: config.leaderElectionName,
    identity: `${os.hostname()}_${process.pid}_${randomBytes(3).toString('hex')}`,
    logger,
    onLeading: (leading) => {
      statusWriter.setLeading(leading);
      mode.infrastructure?.setLeading(leading);
      mode.xdsTls?.setLeading(leading);
    },
  }) : null;
  const mode: KubernetesMode = {
    provider, statusWriter, elector, infrastructure: null, xdsTls: null, namespace: pierNamespace(config), client,
    startXdsTlsSecret: (name) => {
      const xdsTls = new XdsTlsSecret({
        connection, client, namespace: mode.namespace, name, sans: xdsServerSans(config),
        lifetimes: { caMs: config.xdsTlsCaValiditySeconds * 1000, serverMs: config.xdsTlsServerValiditySeconds * 1000 },
        logger, registry, leading: elector ? elector.isLeader : true,
      });
      mode.xdsTls = xdsTls;
      xdsTls.start();
      return xdsTls;
    },
    startInfrastructure: ({ xdsPort, certificates }) => {
      const infrastructure = new KubernetesInfrastructure({
        bus, client, connection, namespaces, controllerName: config.controllerName,
        settings: proxySettings(config, xdsPort, certificates !== undefined),
        certificates, registry, logger, leading: elector ? elector.isLeader : true,
      });
      mode.infrastructure = infrastructure;
      infrastructure.start();
      return infrastructure;
    },
  };
  return mode;
}
