/**
 * XBackend (gateway.networking.x-k8s.io/v1alpha1) as a backendRef target: what the object itself
 * says (resolveXBackend: its Accepted verdict, the host, port and TLS to use) and what a route of a
 * given kind makes of it (xBackendDestination: the IR setting, or why the route cannot use it).
 *
 * - type ExternalHostname: the proxy resolves the hostname itself (a DNS cluster, like an
 *   ExternalName Service) on spec.port.number.
 * - type EndpointSelector: the endpoints are those of the EndpointSlices of the XBackend's
 *   namespace whose labels include endpointSelector.matchLabels, on their port numbered
 *   spec.port.number (the endpoint translator follows them, like a Service's). Pier watches no
 *   Pods: the labels are the slices' own (in Kubernetes, those of the slice's Service; in files,
 *   whatever the slice says).
 * - protocol: HTTP and HTTP11 speak HTTP/1.1 (HTTP: Pier's default; with TLS, ALPN offers
 *   http/1.1), HTTP2 (TLS, ALPN h2), H2C and GRPC speak HTTP/2, WSS is HTTP/1.1 over TLS with
 *   WebSocket upgrades allowed on the route, TCP carries TCPRoute/TLSRoute bytes. MCP is refused
 *   (Pier has no Model Context Protocol support). Unset: the route's own protocol.
 * - tls: the validation block is resolved by the BackendTLSPolicy code (resolveValidation);
 *   ClientAndServer presents clientCertificateRef (a kubernetes.io/tls Secret, another namespace
 *   with a ReferenceGrant from XBackends), which wins over the Gateway's spec.tls.backend one.
 * - sessionPersistence is not implemented here: Accepted=False, UnsupportedValue (it would plug in
 *   where the IR setting is made, as the session persistence of the backend's cluster).
 *
 * A route naming an XBackend that is not accepted keeps its weight as an invalid share (HTTP 500)
 * and its ResolvedRefs says so when the problem is the protocol (UnsupportedProtocol); the
 * XBackend's own status (one ancestor per Gateway whose routes use it) says why otherwise.
 */
import { GATEWAY_GROUP, type BackendObjectReference } from '../../apis/gateway';
import type { XBackend, XBackendProtocol } from '../../apis/xbackend';
import type { ObjectStatus } from '../../message/resources';
import type { BackendProtocol, DestinationSetting, RouteDestination, TLSCertificate, UpstreamTLS, VirtualHost, XdsIR } from '../../ir/types';
import { ConditionType, RouteReason } from '../model/conditions';
import { condition, verdict, type Verdict } from '../model/status';
import { resolveCertificateRefs } from '../listeners/certificates';
import { resolveValidation } from './backendtls';
import type { ResourceIndex } from '../resourceindex';

/** Reasons of the XBackend's Accepted condition: v1alpha1 defines Accepted; Pier says why not with the usual policy reasons. */
export const XBackendReason = {
  Accepted: 'Accepted',
  Invalid: 'Invalid',
  UnsupportedValue: 'UnsupportedValue',
} as const;

/** The key of an XBackend among the objects whose ancestors are tracked per Gateway (with BackendTLSPolicies). */
export function xBackendUseKey(namespace: string, name: string): string {
  return `XBackend:${namespace}/${name}`;
}

/** What an XBackend says on its own, whichever route uses it. */
export interface XBackendResolution {
  accepted: Verdict;
  /** Set when accepted: the hostname (ExternalHostname) or the labels (EndpointSelector). */
  hostname?: string;
  selector?: Record<string, string>;
  port?: number;
  protocol?: XBackendProtocol;
  tls?: UpstreamTLS;
}

const MAX_PORT = 65_535;

/** The XBackend's verdict and settings; its TLS references are read from the index (recorded as reads). */
export function resolveXBackend(xb: XBackend, index: ResourceIndex): XBackendResolution {
  // Files are validated against the CRD, but a translator takes whatever it is given.
  const spec: Partial<XBackend['spec']> = xb.spec ?? {};
  const namespace = xb.metadata.namespace ?? '';
  const refused = (reason: string, message: string): XBackendResolution => ({ accepted: verdict(false, reason, message) });
  if (spec.protocol === 'MCP') {
    return refused(XBackendReason.UnsupportedValue, 'protocol MCP (Model Context Protocol) is not supported by Pier; use HTTP to proxy it as plain HTTP');
  }
  if (spec.sessionPersistence) {
    return refused(XBackendReason.UnsupportedValue, 'spec.sessionPersistence is not implemented by Pier for XBackend; remove it (XBackendTrafficPolicy or HTTPRoute rules[].sessionPersistence may offer it)');
  }
  const selector = spec.endpointSelector?.matchLabels;
  const hostname = spec.externalHostname?.hostname;
  if (spec.type === 'EndpointSelector') {
    if (!selector || Object.keys(selector).length === 0) return refused(XBackendReason.Invalid, 'spec.endpointSelector.matchLabels is required for type EndpointSelector');
  } else if (spec.type !== 'ExternalHostname' || !hostname) {
    return refused(XBackendReason.Invalid, 'spec.externalHostname.hostname is required for type ExternalHostname');
  }
  const target = spec.type === 'EndpointSelector' ? { selector: { ...selector } } : { hostname };
  const port = spec.port?.number;
  if (port === undefined || !Number.isInteger(port) || port < 1 || port > MAX_PORT) return refused(XBackendReason.Invalid, 'spec.port.number is required (1-65535)');
  const tls = spec.tls;
  const mode = tls?.mode ?? 'None';
  const needsTLS = spec.protocol === 'HTTP2' || spec.protocol === 'WSS';
  if (mode === 'None') {
    if (needsTLS) return refused(XBackendReason.Invalid, `protocol ${spec.protocol} needs spec.tls mode ServerOnly or ClientAndServer`);
    return { accepted: accepted(), ...target, port, ...(spec.protocol ? { protocol: spec.protocol } : {}) };
  }
  if (spec.protocol === 'H2C') return refused(XBackendReason.Invalid, 'protocol H2C is HTTP/2 without TLS: spec.tls mode must be None (use HTTP2 with TLS)');
  if (!tls?.validation) return refused(XBackendReason.Invalid, `spec.tls.validation is required for mode ${mode}`);
  const validation = resolveValidation(tls.validation, namespace, {
    configMap: (ns, name) => index.configMap(ns, name),
    clusterTrustBundle: (name) => index.clusterTrustBundle(name),
    kindServed: (kind) => index.kindServed(kind),
  });
  if (!validation.accepted.ok || !validation.tls) return refused(XBackendReason.Invalid, `spec.tls.validation: ${validation.accepted.message}`);
  const upstream: UpstreamTLS = { ...validation.tls };
  if (mode === 'ClientAndServer') {
    const ref = tls.clientCertificateRef;
    if (!ref) return refused(XBackendReason.Invalid, 'spec.tls.clientCertificateRef is required for mode ClientAndServer');
    const { certificates, problems } = resolveCertificateRefs([ref], namespace, index, 'XBackend');
    if (problems[0] || !certificates[0]) {
      return refused(XBackendReason.Invalid, `spec.tls.clientCertificateRef: ${(problems[0]?.message ?? 'not usable').replace(/^certificateRef /, '')}`);
    }
    upstream.clientCertificate = certificates[0].name;
  }
  // HTTP/1.1 over TLS says so (a backend offering h2 must not pick it); HTTP2 and GRPC offer h2 (the HTTP/2 cluster's default).
  if (spec.protocol === 'HTTP11' || spec.protocol === 'WSS' || spec.protocol === 'HTTP') upstream.alpnProtocols = ['http/1.1'];
  return { accepted: accepted(), ...target, port, ...(spec.protocol ? { protocol: spec.protocol } : {}), tls: upstream };
}

function accepted(): Verdict {
  return verdict(true, XBackendReason.Accepted, 'XBackend is accepted');
}

/** How a route kind may speak to an XBackend of a protocol: the IR protocol and WebSocket, or why not. */
function protocolFor(routeProtocol: BackendProtocol, protocol: XBackendProtocol | undefined): { protocol: BackendProtocol; websocket: boolean } | string {
  switch (routeProtocol) {
    case 'http':
      if (protocol === undefined || protocol === 'HTTP' || protocol === 'HTTP11') return { protocol: 'http', websocket: false };
      if (protocol === 'WSS') return { protocol: 'http', websocket: true };
      if (protocol === 'HTTP2' || protocol === 'H2C' || protocol === 'GRPC') return { protocol: 'h2c', websocket: false };
      return `protocol ${protocol} cannot carry HTTP requests`;
    case 'h2c':
      if (protocol === undefined || protocol === 'HTTP2' || protocol === 'H2C' || protocol === 'GRPC') return { protocol: 'h2c', websocket: false };
      return `protocol ${protocol} cannot carry gRPC (it needs HTTP/2: GRPC, HTTP2 or H2C)`;
    case 'tcp':
    case 'tls':
      if (protocol === undefined || protocol === 'TCP') return { protocol: 'tcp', websocket: false };
      return `protocol ${protocol} cannot carry a ${routeProtocol === 'tcp' ? 'TCPRoute' : 'TLSRoute'}'s connections (use TCP)`;
    case 'udp':
      return 'an XBackend cannot carry UDP';
  }
}

export interface XBackendDestination {
  setting: DestinationSetting;
  problem?: { reason: typeof RouteReason.UnsupportedProtocol | typeof RouteReason.BackendNotFound | typeof RouteReason.RefNotPermitted; message: string };
  websocket?: boolean;
  /** TLSRoute on a Terminate listener: TLS again to the backend (see ResolvedBackend.terminated). */
  terminated?: DestinationSetting;
}

/** The cluster of an XBackend as a route protocol uses it: "xbackend:<namespace>/<name>", "/h2c" or "/tcp" added for those. */
export function xBackendClusterName(namespace: string, name: string, protocol: BackendProtocol): string {
  const base = `xbackend:${namespace}/${name}`;
  return protocol === 'h2c' || protocol === 'tcp' ? `${base}/${protocol}` : base;
}

/**
 * The destination of a backendRef naming an XBackend (group/kind already checked; the caller
 * checks the ReferenceGrant).
 */
export function xBackendDestination(index: ResourceIndex, ref: BackendObjectReference, namespace: string, weight: number, routeProtocol: BackendProtocol): XBackendDestination {
  const name = ref.name;
  const what = `backendRef XBackend ${namespace}/${name}`;
  const xb = index.xBackend(namespace, name);
  const invalid = (protocol: BackendProtocol): DestinationSetting => ({ clusterName: xBackendClusterName(namespace, name, protocol), weight, protocol, invalid: true });
  if (!xb) return { setting: invalid(routeProtocol), problem: { reason: RouteReason.BackendNotFound, message: `${what} not found` } };
  if (xb.spec?.protocol === 'MCP') {
    return { setting: invalid(routeProtocol), problem: { reason: RouteReason.UnsupportedProtocol, message: `${what}: ${resolveXBackend(xb, index).accepted.message}` } };
  }
  const chosen = protocolFor(routeProtocol, xb.spec?.protocol);
  if (typeof chosen === 'string') return { setting: invalid(routeProtocol), problem: { reason: RouteReason.UnsupportedProtocol, message: `${what}: ${chosen}` } };
  const resolved = resolveXBackend(xb, index);
  // Not accepted: the share fails; the XBackend's status says why.
  if (!resolved.accepted.ok || resolved.port === undefined || (resolved.hostname === undefined && !resolved.selector)) return { setting: invalid(chosen.protocol) };
  const { protocol, websocket } = chosen;
  const base: DestinationSetting = { clusterName: xBackendClusterName(namespace, name, protocol), weight, protocol };
  if (resolved.selector) base.endpointsOf = { namespace, service: '', portName: '', selector: resolved.selector, port: resolved.port };
  else Object.assign(base, { dnsName: resolved.hostname, port: resolved.port });
  if (routeProtocol === 'tls') {
    // Passthrough: the client's TLS session goes through as is; a Terminate listener originates the XBackend's TLS.
    if (!resolved.tls) return { setting: base };
    return { setting: base, terminated: { ...base, clusterName: `${base.clusterName}/backend-tls`, tls: resolved.tls } };
  }
  const setting = resolved.tls ? { ...base, tls: resolved.tls } : base;
  return { setting, ...(websocket ? { websocket: true } : {}) };
}

/**
 * Statuses of the XBackends used through at least one Gateway of ours (ancestorsOf: the
 * Gateways, "<namespace>/<name>", by xBackendUseKey), sorted by namespace and name.
 */
export function xBackendStatuses(
  index: ResourceIndex,
  ancestorsOf: (use: string) => ReadonlySet<string> | undefined,
  controllerName: string,
): ObjectStatus[] {
  const out: ObjectStatus[] = [];
  for (const xb of index.allXBackends()) {
    const namespace = xb.metadata.namespace ?? '';
    const gateways = ancestorsOf(xBackendUseKey(namespace, xb.metadata.name));
    if (!gateways || gateways.size === 0) continue;
    const accepted = condition(ConditionType.Accepted, resolveXBackend(xb, index).accepted, xb.metadata.generation);
    const ancestors = [...gateways].sort().map((gw) => {
      const slash = gw.indexOf('/');
      return {
        ancestorRef: { group: GATEWAY_GROUP, kind: 'Gateway', namespace: gw.slice(0, slash), name: gw.slice(slash + 1) },
        controllerName,
        conditions: [{ ...accepted }],
      };
    });
    out.push({ kind: 'XBackend', namespace, name: xb.metadata.name, status: { ancestors } });
  }
  return out.sort((a, b) => (a.namespace! < b.namespace! ? -1 : a.namespace! > b.namespace! ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Frozen virtual hosts are kept as they are across route edits elsewhere in the Gateway, so their
 * routes are walked once each, not on every edit.
 */
const VHOST_CERTIFICATE_NAMES = new WeakMap<VirtualHost, readonly string[]>();

function virtualHostCertificateNames(vhost: VirtualHost): readonly string[] {
  let names = VHOST_CERTIFICATE_NAMES.get(vhost);
  if (names) return names;
  const found = new Set<string>();
  const add = (destination: RouteDestination | undefined): void => {
    for (const s of destination?.settings ?? []) if (s.tls?.clientCertificate) found.add(s.tls.clientCertificate);
  };
  for (const r of vhost.routes) {
    add(r.destination);
    for (const m of r.mirrors ?? []) add(m);
    if (r.externalAuth) add({ settings: [r.externalAuth.service] });
  }
  names = [...found];
  if (Object.isFrozen(vhost) && Object.isFrozen(vhost.routes)) VHOST_CERTIFICATE_NAMES.set(vhost, names);
  return names;
}

/** Every client certificate name the IR's backends present (UpstreamTLS.clientCertificate), sorted. */
function clientCertificateNames(ir: XdsIR): string[] {
  const names = new Set<string>();
  const add = (destination: RouteDestination | undefined): void => {
    for (const s of destination?.settings ?? []) if (s.tls?.clientCertificate) names.add(s.tls.clientCertificate);
  };
  for (const l of ir.http) {
    for (const f of l.requestFilters ?? []) add({ settings: [f.externalAuth.service] });
    for (const v of l.virtualHosts) for (const n of virtualHostCertificateNames(v)) names.add(n);
  }
  for (const l of ir.tcp) for (const r of l.routes) add(r.destination);
  return [...names].sort();
}

/**
 * The IR with backendCertificates: the certificates its backends name (as SDS names
 * "<namespace>/<secret>", resolved when the XBackend was), so the xDS translator sends them as
 * secrets. The same IR object when nothing changes.
 */
export function withBackendCertificates(ir: XdsIR, index: ResourceIndex): XdsIR {
  const names = clientCertificateNames(ir);
  const certificates = names.flatMap((n): TLSCertificate[] => {
    const slash = n.indexOf('/');
    const namespace = n.slice(0, slash);
    return resolveCertificateRefs([{ name: n.slice(slash + 1), namespace }], namespace, index, 'XBackend').certificates;
  });
  if (certificates.length === 0) {
    if (!ir.backendCertificates) return ir;
    const { backendCertificates: _, ...rest } = ir;
    return rest;
  }
  return { ...ir, backendCertificates: certificates };
}
