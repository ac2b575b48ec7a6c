/**
 * The Kubernetes objects that run one Gateway's proxies, built from its InfraIR: a ServiceAccount,
 * a ConfigMap with Envoy's bootstrap, a Secret with the proxy's client certificate for mTLS to
 * Pier, a Deployment of Envoy and a Service in front of it. Pure: the controller (controller.ts)
 * compares them with what the API server holds and writes the difference.
 *
 * Every object is in the Gateway's namespace, owned by the Gateway (so the API server's garbage
 * collector deletes it with the Gateway), labelled for it, and carries the Gateway's
 * spec.infrastructure labels and annotations (the pod template too).
 */
import { createHash } from 'node:crypto';
import type { ConfigMap, Secret, Service, ServiceAccount, ServicePort } from '../../apis/core';
import type { ContainerPort, Deployment } from '../../apis/apps';
import type { ObjectMeta, OwnerReference } from '../../apis/meta';
import type { InfraIR } from '../../ir/types';
import { buildBootstrap, DEFAULT_PROXY_METRICS_PORT, ENVOY_FLAGS, PROXY_METRICS_PATH, type AdsMode } from '../bootstrap';
import type { AddressRange } from '../address-range';

/** The Gateway API's label naming a Gateway on the objects generated for it. */
export const GATEWAY_NAME_LABEL = 'gateway.networking.k8s.io/gateway-name';
export const GATEWAY_NAMESPACE_LABEL = 'gateway.pier.dev/namespace';
export const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';
export const MANAGED_BY = 'pier';
/** "<namespace>/<name>" of the Gateway, in full (label values are cut at 63 characters). */
export const GATEWAY_ANNOTATION = 'gateway.pier.dev/gateway';
/** A digest of what Pier wrote: an object whose digest matches needs no write. */
export const APPLIED_HASH_ANNOTATION = 'gateway.pier.dev/applied-hash';
/** On the pod template: pods restart when the bootstrap or the client certificate changes. */
export const BOOTSTRAP_HASH_ANNOTATION = 'gateway.pier.dev/bootstrap-hash';
export const CERTIFICATE_HASH_ANNOTATION = 'gateway.pier.dev/certificate-hash';

/** Selects every object Pier made for Gateways (the controller watches these). */
export const MANAGED_SELECTOR = `${MANAGED_BY_LABEL}=${MANAGED_BY},${GATEWAY_NAMESPACE_LABEL}`;

/** The Secret type of the proxies' client certificates (not kubernetes.io/tls: the provider does not read them). */
export const XDS_SECRET_TYPE = 'gateway.pier.dev/xds-client-tls';

export const BOOTSTRAP_KEY = 'envoy.json';
export const CONFIG_DIR = '/etc/envoy';
export const TLS_DIR = '/etc/pier/xds-tls';
/** Envoy's admin interface stays on the pod's loopback; the kubelet probes the readiness listener. */
export const ADMIN_PORT = 19000;
export const READINESS_PORT = 19001;
const CONTAINER = 'envoy';

export type GatewayServiceType = 'LoadBalancer' | 'ClusterIP' | 'NodePort';

/** What every Gateway's proxies share: Pier's settings. */
export interface ProxySettings {
  image: string;
  serviceType: GatewayServiceType;
  /** Envoy replicas in each Gateway's Deployment. */
  replicas: number;
  /** Where the pods reach Pier's xDS server (its Service). */
  xdsHost: string;
  xdsPort: number;
  adsMode: AdsMode;
  logLevel: string;
  /** The pods' metrics port (GET /stats/prometheus only); 0: none. A Gateway's ProxyConfig can say otherwise. */
  metricsPort?: number;
  /** mTLS to Pier: each Gateway gets a Secret with its client certificate. */
  tls: boolean;
  /**
   * The addresses the load balancer hands out (gatewayAddressPool): a Gateway asking for an
   * address outside it is Programmed=False, AddressNotUsable. Absent: the load balancer decides.
   */
  addressPool?: AddressRange;
}

/** The Gateway, as owner of the objects. */
export interface GatewayOwner {
  namespace: string;
  name: string;
  uid: string;
}

/** The proxy's client certificate material (PEM), as kept in its Secret. */
export interface XdsClientMaterial {
  caPem: string;
  certPem: string;
  keyPem: string;
}

export interface ProxyObjects {
  serviceAccount: ServiceAccount;
  configMap: ConfigMap;
  /** Absent when no listener is served: a Service needs a port. */
  service?: Service;
  deployment: Deployment;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Names must be DNS labels (Services): "pier-<gateway>", shortened with a digest when it would not be one. */
export function proxyObjectName(gatewayName: string): string {
  const plain = `pier-${gatewayName}`;
  if (plain.length <= 63 && !plain.includes('.')) return plain;
  const suffix = sha256(gatewayName).slice(0, 8);
  return `${plain.replace(/\./g, '-').slice(0, 63 - 9).replace(/-+$/, '')}-${suffix}`;
}

/** A label value (at most 63 characters, alphanumeric at both ends). */
function labelValue(value: string): string {
  if (value.length <= 63) return value;
  return `${value.slice(0, 54).replace(/[^a-zA-Z0-9]+$/, '')}-${sha256(value).slice(0, 8)}`;
}

/** The labels that tie a pod to its Gateway: the Deployment's selector and the Service's. */
export function selectorLabels(owner: Pick<GatewayOwner, 'namespace' | 'name'>): Record<string, string> {
  return { [GATEWAY_NAME_LABEL]: labelValue(owner.name), [GATEWAY_NAMESPACE_LABEL]: owner.namespace, [MANAGED_BY_LABEL]: MANAGED_BY };
}

/** The Gateway key an object was made for, from its annotation; undefined when it is not one of ours. */
export function gatewayOf(meta: Pick<ObjectMeta, 'annotations'>): string | undefined {
  return meta.annotations?.[GATEWAY_ANNOTATION];
}

function ownerReference(owner: GatewayOwner): OwnerReference {
  return { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', name: owner.name, uid: owner.uid, controller: true };
}

/** Metadata of every object: spec.infrastructure's labels and annotations, then Pier's own (which win). */
function metadataFor(infra: InfraIR, owner: GatewayOwner): ObjectMeta {
  return {
    name: proxyObjectName(owner.name),
    namespace: owner.namespace,
    labels: { ...infra.infrastructure?.labels, ...selectorLabels(owner), 'app.kubernetes.io/name': 'envoy', 'app.kubernetes.io/component': 'gateway-proxy' },
    annotations: { ...infra.infrastructure?.annotations, [GATEWAY_ANNOTATION]: `${owner.namespace}/${owner.name}` },
    ownerReferences: [ownerReference(owner)],
  };
}

type Transport = 'TCP' | 'UDP';

function transportOf(protocol: string): Transport {
  return protocol === 'UDP' ? 'UDP' : 'TCP';
}

interface PortMapping {
  port: number;
  bindPort: number;
  protocol: Transport;
}

/** One entry per distinct Gateway port and transport, by port then transport. */
export function portMappings(infra: InfraIR): PortMapping[] {
  const byKey = new Map<string, PortMapping>();
  for (const l of infra.listeners) {
    const protocol = transportOf(l.protocol);
    byKey.set(`${l.port}/${protocol}`, { port: l.port, bindPort: l.bindPort ?? l.port, protocol });
  }
  return [...byKey.values()].sort((a, b) => a.port - b.port || a.protocol.localeCompare(b.protocol));
}

/**
 * The type of a Gateway's Service: Pier's setting, except for a Gateway that asks only for
 * routability Cluster (GEP-5093): it is reached at its ClusterIP only, so no load balancer or node
 * port exposes it.
 */
export function gatewayServiceType(infra: Pick<InfraIR, 'clusterOnly'>, settings: Pick<ProxySettings, 'serviceType'>): GatewayServiceType {
  return infra.clusterOnly ? 'ClusterIP' : settings.serviceType;
}

/** The container port named by PodMonitors and ServiceMonitors. */
export const METRICS_PORT_NAME = 'metrics';

/** The port of the pods' metrics listener, or undefined when they have none. */
export function metricsPortOf(infra: InfraIR, settings: ProxySettings): number | undefined {
  const metrics = infra.proxy?.metrics;
  const port = metrics?.port ?? settings.metricsPort ?? DEFAULT_PROXY_METRICS_PORT;
  return metrics?.enabled === false || port === 0 ? undefined : port;
}

/** Envoy's bootstrap for the Gateway's pods (the node id is each pod's name, given on the command line). */
export function proxyBootstrap(infra: InfraIR, settings: ProxySettings): Record<string, unknown> {
  const metricsPort = metricsPortOf(infra, settings);
  return buildBootstrap({
    gateway: infra.gateway,
    nodeId: infra.gateway,
    xdsHost: settings.xdsHost,
    xdsPort: settings.xdsPort,
    adsMode: settings.adsMode,
    adminAddress: '127.0.0.1',
    adminPort: ADMIN_PORT,
    readinessPort: READINESS_PORT,
    ...(metricsPort !== undefined ? { metrics: { address: '0.0.0.0', port: metricsPort } } : {}),
    ...(infra.proxy?.stats ? { stats: infra.proxy.stats } : {}),
    tls: settings.tls ? { caCertFile: `${TLS_DIR}/ca.crt`, certFile: `${TLS_DIR}/tls.crt`, keyFile: `${TLS_DIR}/tls.key` } : undefined,
  });
}

/**
 * The objects for one Gateway. certificateHash: a digest of the client certificate in the
 * Gateway's Secret (so a renewed certificate restarts the pods); absent without mTLS.
 */
export function proxyObjects(infra: InfraIR, owner: GatewayOwner, settings: ProxySettings, certificateHash?: string): ProxyObjects {
  const name = proxyObjectName(owner.name);
  const meta = (): ObjectMeta => metadataFor(infra, owner);
  const bootstrap = `${JSON.stringify(proxyBootstrap(infra, settings), null, 2)}\n`;
  const ports = portMappings(infra);
  const metricsPort = metricsPortOf(infra, settings);
  const proxy = infra.proxy;

  const serviceAccount: ServiceAccount = {
    apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(),
    // Envoy never talks to the API server.
    automountServiceAccountToken: false,
  };
  const configMap: ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta(), data: { [BOOTSTRAP_KEY]: bootstrap } };

  const servicePorts: ServicePort[] = ports.map((p) => ({
    name: `${p.protocol.toLowerCase()}-${p.port}`, protocol: p.protocol, port: p.port, targetPort: p.bindPort,
  }));
  const serviceType = gatewayServiceType(infra, settings);
  const service: Service | undefined = servicePorts.length === 0 ? undefined : {
    apiVersion: 'v1', kind: 'Service', metadata: meta(),
    spec: {
      type: serviceType, selector: selectorLabels(owner), ports: servicePorts,
      // A Gateway's spec.addresses: its load balancer is asked for the first (a Service has one).
      ...(serviceType === 'LoadBalancer' && infra.requestedAddresses?.[0] ? { loadBalancerIP: infra.requestedAddresses[0] } : {}),
    },
  };

  const containerPorts = new Map<string, ContainerPort>();
  for (const p of ports) containerPorts.set(`${p.bindPort}/${p.protocol}`, { containerPort: p.bindPort, protocol: p.protocol });
  const podMeta = meta();
  const deployment: Deployment = {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: meta(),
    spec: {
      replicas: proxy?.replicas ?? settings.replicas,
      selector: { matchLabels: selectorLabels(owner) },
      template: {
        metadata: {
          labels: podMeta.labels,
          annotations: {
            ...podMeta.annotations,
            [BOOTSTRAP_HASH_ANNOTATION]: sha256(bootstrap).slice(0, 16),
            ...(certificateHash ? { [CERTIFICATE_HASH_ANNOTATION]: certificateHash } : {}),
            // What annotation-driven Prometheus configurations scrape; PodMonitors name the port.
            ...(metricsPort !== undefined ? { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(metricsPort), 'prometheus.io/path': PROXY_METRICS_PATH } : {}),
          },
        },
        spec: {
          serviceAccountName: name,
          automountServiceAccountToken: false,
          containers: [{
            name: CONTAINER,
            image: settings.image,
            command: ['envoy'],
            // Kubernetes expands $(POD_NAME): each pod is its own xDS node.
            args: ['-c', `${CONFIG_DIR}/${BOOTSTRAP_KEY}`, '--service-node', '$(POD_NAME)', '--log-level', proxy?.logLevel ?? settings.logLevel, '--disable-hot-restart',
              ...(proxy?.concurrency !== undefined ? ['--concurrency', String(proxy.concurrency)] : []), ...ENVOY_FLAGS],
            env: [
              { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
              { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
            ],
            ports: [...[...containerPorts.values()].sort((a, b) => a.containerPort - b.containerPort || (a.protocol ?? '').localeCompare(b.protocol ?? '')),
              { name: 'ready', containerPort: READINESS_PORT, protocol: 'TCP' },
              ...(metricsPort !== undefined ? [{ name: METRICS_PORT_NAME, containerPort: metricsPort, protocol: 'TCP' as const }] : [])],
            ...(proxy?.resources ? { resources: proxy.resources } : {}),
            readinessProbe: { httpGet: { path: '/ready', port: READINESS_PORT }, periodSeconds: 5, failureThreshold: 3 },
            volumeMounts: [
              { name: 'bootstrap', mountPath: CONFIG_DIR, readOnly: true },
              ...(settings.tls ? [{ name: 'xds-tls', mountPath: TLS_DIR, readOnly: true }] : []),
            ],
            securityContext: {
              runAsNonRoot: true, runAsUser: 65532, runAsGroup: 65532, allowPrivilegeEscalation: false,
              readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] },
            },
          }],
          volumes: [
            { name: 'bootstrap', configMap: { name } },
            ...(settings.tls ? [{ name: 'xds-tls', secret: { secretName: name } }] : []),
          ],
        },
      },
    },
  };
  return { serviceAccount, configMap, service, deployment };
}

/** The Secret with the proxy's client certificate (naming its Gateway), the CA, and the key. */
export function xdsSecret(infra: InfraIR, owner: GatewayOwner, material: XdsClientMaterial): Secret {
  const b64 = (s: string): string => Buffer.from(s).toString('base64');
  const metadata = metadataFor(infra, owner);
  const secret: Secret = {
    apiVersion: 'v1', kind: 'Secret', metadata, type: XDS_SECRET_TYPE,
    data: { 'ca.crt': b64(material.caPem), 'tls.crt': b64(material.certPem), 'tls.key': b64(material.keyPem) },
  };
  // The digest leaves the key out: it changes with the certificate anyway.
  return withAppliedHash(secret, { metadata, type: XDS_SECRET_TYPE, ca: material.caPem, cert: material.certPem });
}

/** The PEM material of a Secret made by xdsSecret, or undefined when a part is missing. */
export function xdsSecretMaterial(secret: Secret): XdsClientMaterial | undefined {
  const text = (key: string): string | undefined => {
    const v = secret.data?.[key];
    return v === undefined ? undefined : Buffer.from(v, 'base64').toString('utf8');
  };
  const caPem = text('ca.crt');
  const certPem = text('tls.crt');
  const keyPem = text('tls.key');
  return caPem && certPem && keyPem ? { caPem, certPem, keyPem } : undefined;
}

/** A short digest of a certificate, for the pod template annotation. */
export function certificateDigest(certPem: string): string {
  return sha256(certPem).slice(0, 16);
}

/**
 * The object with the digest of its content in an annotation. The digest covers what Pier sets
 * (not what the API server adds), so comparing it with the stored object's says whether a write
 * is needed. `content`: what to digest instead of the whole object (a Secret's without its key).
 */
export function withAppliedHash<T extends { metadata: ObjectMeta }>(obj: T, content: unknown = obj): T {
  const digest = sha256(JSON.stringify(content)).slice(0, 32);
  return { ...obj, metadata: { ...obj.metadata, annotations: { ...obj.metadata.annotations, [APPLIED_HASH_ANNOTATION]: digest } } };
}

/** Whether the stored object already holds what `desired` (from withAppliedHash) says. */
export function isApplied(stored: { metadata: ObjectMeta }, desired: { metadata: ObjectMeta }): boolean {
  const want = desired.metadata.annotations?.[APPLIED_HASH_ANNOTATION];
  return want !== undefined && stored.metadata.annotations?.[APPLIED_HASH_ANNOTATION] === want;
}
