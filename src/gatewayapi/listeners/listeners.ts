/**
 * Step 1 of translation: a Gateway's parameters, addresses and listeners. Validates each listener
 * (unique name, supported protocol, port, TLS settings and certificates, route kinds, allowed
 * namespaces) and finds listeners that cannot be told apart (Conflicted).
 */
import { GATEWAY_GROUP, asksForDefaultAddress, specifiedAddresses, type Gateway, type Listener, type ListenerSet } from '../../apis/gateway';
import { resolveCertificateRefs } from './certificates';
import { resolveListenerFilters } from './listenerfilters';
import { frontendValidationFor, resolveClientValidation } from './clientvalidation';
import { GatewayReason, ListenerReason } from '../model/conditions';
import { GatewayContext, ListenerContext, type ListenerConflict } from '../model/contexts';
import { ListenerSetContext } from '../model/listenerset';
import { normalizeHostname } from './hostnames';
import { markTLSOverlaps } from './overlaps';
import { isProtocolSupported, protocolAdvice, protocolTraits, supportedRouteKinds } from './protocols';
import type { ResourceIndex } from '../resourceindex';
import { labelSelectorMatches, labelSelectorProblem } from './selectors';
import { verdict } from '../model/status';
import { resolveAddresses } from './addresses';
import { gatewayParameters } from '../parameters/proxyconfig';
import type { GatewayInfraState } from '../../ir/types';

export interface GatewayOptions {
  defaultAddress?: string;
  /** The infrastructure gives Gateways Service ClusterIPs (Kubernetes): spec.addresses may ask for routability Cluster. */
  clusterRoutability?: boolean;
  /** What the infrastructure reports for this Gateway: it decides bind and status addresses when present. */
  infra?: GatewayInfraState;
  /** Without infra, a Gateway without spec.addresses is not served until the infrastructure reports on it. */
  awaitInfra?: boolean;
  /** Without infra, a served Gateway is Pending with no status address (TranslateOptions.infraReports). */
  infraReports?: boolean;
}

export function buildGatewayContext(gateway: Gateway, index: ResourceIndex, options: GatewayOptions): GatewayContext {
  const ctx = new GatewayContext(gateway);
  resolveParameters(ctx, index);
  resolveBackendClientCertificate(ctx, index);
  // A Gateway that names addresses binds those; the others wait for the infrastructure's.
  ctx.awaitingInfra = options.awaitInfra === true && options.infra === undefined && specifiedAddresses(gateway).length === 0;
  resolveAddresses(ctx, options);
  ctx.infraReadiness = options.infra ? options.infra.programmed
    : options.infraReports ? { ok: false, reason: GatewayReason.Pending, message: 'waiting for the infrastructure to report on the Gateway\'s proxies' }
      : unassignedAddress(gateway, options);
  const listeners = gateway.spec?.listeners ?? [];
  for (const listener of listeners) ctx.listeners.push(new ListenerContext(listener, ctx));
  validateListeners(ctx.listeners, index);
  markConflicts(ctx.listeners.filter((l) => l.accepted.ok));
  addListenerSets(ctx, index);
  markTLSOverlaps(ctx.allListeners());
  ctx.seal();
  return ctx;
}

function validateListeners(listeners: readonly ListenerContext[], index: ResourceIndex): void {
  const nameCounts = new Map<string, number>();
  for (const l of listeners) nameCounts.set(l.listener.name, (nameCounts.get(l.listener.name) ?? 0) + 1);
  for (const l of listeners) validateListener(l, index, (nameCounts.get(l.listener.name) ?? 0) > 1);
}

/**
 * The ListenerSets naming this Gateway, in the spec's precedence (oldest first, then by
 * namespace and name). Those spec.allowedListeners takes add their listeners after the
 * Gateway's; a listener that cannot be told apart from one earlier in that order is Conflicted
 * (the earlier one keeps serving).
 */
function addListenerSets(ctx: GatewayContext, index: ResourceIndex): void {
  const sets = index.listenerSetsOf(ctx.key).sort(compareListenerSetPrecedence);
  const earlier = ctx.listeners.filter((l) => l.accepted.ok);
  for (const set of sets) {
    const setCtx = new ListenerSetContext(set, ctx);
    ctx.listenerSets.set(setCtx.key, setCtx);
    setCtx.notAllowed = listenerSetNotAllowed(ctx, setCtx.namespace, index);
    if (setCtx.notAllowed !== undefined) continue;
    for (const listener of set.spec?.listeners ?? []) setCtx.listeners.push(new ListenerContext(listener, ctx, setCtx));
    validateListeners(setCtx.listeners, index);
    for (const l of setCtx.listeners) {
      if (!l.accepted.ok) continue;
      markConflictWith(l, earlier);
      if (l.conflict === undefined) earlier.push(l);
    }
  }
}

function compareListenerSetPrecedence(a: ListenerSet, b: ListenerSet): number {
  const ta = a.metadata.creationTimestamp ?? '';
  const tb = b.metadata.creationTimestamp ?? '';
  // RFC 3339 timestamps in UTC sort as strings; a ListenerSet without one (file mode) comes last.
  if (ta !== tb) return ta === '' ? 1 : tb === '' ? -1 : ta < tb ? -1 : 1;
  const ka = `${a.metadata.namespace ?? ''}/${a.metadata.name}`;
  const kb = `${b.metadata.namespace ?? ''}/${b.metadata.name}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Why spec.allowedListeners does not take ListenerSets of this namespace; undefined when it does. */
function listenerSetNotAllowed(ctx: GatewayContext, namespace: string, index: ResourceIndex): string | undefined {
  const allowed = ctx.gateway.spec?.allowedListeners?.namespaces;
  const from = allowed?.from ?? 'None';
  const refused = `Gateway ${ctx.key} does not allow ListenerSets from namespace ${namespace} (allowedListeners.namespaces.from: ${from})`;
  switch (from) {
    case 'All':
      return undefined;
    case 'Same':
      return namespace === ctx.namespace ? undefined : refused;
    case 'Selector': {
      const selector = allowed?.selector;
      if (!selector || labelSelectorProblem(selector) !== undefined) return `${refused}: the selector is not valid`;
      return labelSelectorMatches(selector, index.namespaceLabelsOf(namespace)) ? undefined : refused;
    }
    default:
      return refused;
  }
}

/**
 * The ProxyConfigs of the Gateway's class and of spec.infrastructure.parametersRef: the proxy
 * settings, or Accepted=False, InvalidParameters when a reference cannot be resolved (the spec
 * says to reject the Gateway rather than serve it without the configuration it asked for).
 */
function resolveParameters(ctx: GatewayContext, index: ResourceIndex): void {
  const resolved = gatewayParameters(ctx.gateway, index);
  if ('problem' in resolved) ctx.parametersProblem = verdict(false, GatewayReason.InvalidParameters, resolved.problem);
  else ctx.proxySettings = resolved.settings;
}

/**
 * spec.tls.backend.clientCertificateRef: a kubernetes.io/tls Secret (another namespace with a
 * ReferenceGrant) the proxies present when they originate TLS to backends. A bad reference is
 * reported on the Gateway's ResolvedRefs; the Gateway stays accepted and connects without it.
 */
function resolveBackendClientCertificate(ctx: GatewayContext, index: ResourceIndex): void {
  const ref = ctx.gateway.spec?.tls?.backend?.clientCertificateRef;
  if (!ref) return;
  const { certificates, problems } = resolveCertificateRefs([ref], ctx.namespace, index);
  const problem = problems[0];
  if (problem) {
    const reason = problem.reason === ListenerReason.RefNotPermitted ? GatewayReason.RefNotPermitted : GatewayReason.InvalidClientCertificateRef;
    ctx.backendRefsVerdict = verdict(false, reason, `spec.tls.backend.clientCertificateRef: ${problem.message.replace(/^certificateRef /, '')}`);
    return;
  }
  ctx.backendClientCertificate = certificates[0];
  ctx.backendRefsVerdict = verdict(true, GatewayReason.ResolvedRefs, 'All references are resolved');
}

/**
 * A Gateway whose spec.addresses only ask for an address (entries without a value) gets one from
 * the infrastructure. With no infrastructure that assigns addresses (offline translation, no
 * report) it is not programmed, as the API asks of an implementation that cannot assign one.
 */
function unassignedAddress(gateway: Gateway, options: GatewayOptions): GatewayContext['infraReadiness'] {
  if (options.infra || options.awaitInfra === true || !asksForDefaultAddress(gateway) || specifiedAddresses(gateway).length > 0) return undefined;
  return { ok: false, reason: GatewayReason.AddressNotAssigned, message: 'spec.addresses asks for an address to be assigned, and no infrastructure assigns one' };
}

function validateListener(l: ListenerContext, index: ResourceIndex, duplicateName: boolean): void {
  const { listener } = l;
  if (duplicateName) {
    l.accepted = verdict(false, ListenerReason.Invalid, `listener name "${listener.name}" is not unique within the Gateway`);
  } else if (!isProtocolSupported(listener.protocol)) {
    const known = protocolTraits(listener.protocol) !== undefined;
    const advice = protocolAdvice(listener.protocol);
    l.accepted = verdict(false, ListenerReason.UnsupportedProtocol,
      known ? `protocol ${listener.protocol} is not supported yet` : `unknown protocol "${listener.protocol}"${advice ? ` (${advice})` : ''}`);
    return; // no kinds are supported for a protocol Pier cannot serve
  } else if (!Number.isInteger(listener.port) || listener.port < 1 || listener.port > 65535) {
    l.accepted = verdict(false, ListenerReason.PortUnavailable, `port ${String(listener.port)} is not a valid port`);
  }
  const tlsProblem = resolveTLS(l, index);
  if (tlsProblem !== undefined && l.accepted.ok) l.accepted = verdict(false, ListenerReason.UnsupportedValue, tlsProblem);
  const filters = resolveListenerFilters(l, index);
  if (filters.problem && l.accepted.ok) l.accepted = filters.problem;
  l.requestFilters = filters.filters;
  l.filterRefProblems = filters.refProblems;
  if (l.clientValidationMissing && l.accepted.ok) {
    l.accepted = verdict(false, ListenerReason.NoValidCACertificate, 'client certificate validation has no usable CA certificate');
  }
  resolveKinds(l);
  const namespaceProblem = resolveNamespaces(l, index);
  if (namespaceProblem !== undefined && l.accepted.ok) {
    l.accepted = verdict(false, ListenerReason.UnsupportedValue, namespaceProblem);
  }
}

/**
 * The listener's TLS settings: HTTPS terminates TLS; TLS terminates or passes through
 * (tls.mode); HTTP, TCP and UDP take no TLS settings. Certificates of a terminating listener
 * are resolved (problems go to ResolvedRefs). Returns a problem that makes the listener
 * unacceptable. tls.options are implementation-specific; Pier defines none and ignores them.
 */
function resolveTLS(l: ListenerContext, index: ResourceIndex): string | undefined {
  const { protocol, tls } = l.listener;
  switch (protocol) {
    case 'HTTPS':
      if ((tls?.mode ?? 'Terminate') !== 'Terminate') return `tls.mode ${String(tls?.mode)} is not valid for protocol HTTPS (only Terminate)`;
      l.tlsMode = 'Terminate';
      resolveFrontendValidation(l, index);
      break;
    case 'TLS':
      if (!tls?.mode) return 'tls.mode is required for protocol TLS';
      if (tls.mode !== 'Terminate' && tls.mode !== 'Passthrough') return `tls.mode "${String(tls.mode)}" is not supported`;
      l.tlsMode = tls.mode;
      break;
    default:
      return tls ? `tls must not be set for protocol ${protocol}` : undefined;
  }
  if (l.tlsMode !== 'Terminate') return undefined; // Passthrough ignores certificateRefs
  const refs = tls?.certificateRefs ?? [];
  if (refs.length === 0) {
    l.certificateProblems = [{ reason: ListenerReason.InvalidCertificateRef, message: 'TLS termination needs at least one certificateRef' }];
    return undefined;
  }
  const resolved = resolveCertificateRefs(refs, l.namespace, index, l.owner ? 'ListenerSet' : 'Gateway');
  l.certificates = resolved.certificates;
  l.certificateProblems = resolved.problems;
  return undefined;
}

/**
 * An HTTPS listener's client certificate validation (Gateway spec.tls.frontend). Serving
 * without the checks asked for would let anyone in, so no usable CA leaves it unaccepted.
 */
function resolveFrontendValidation(l: ListenerContext, index: ResourceIndex): void {
  const requested = frontendValidationFor(l.gateway.gateway, l.listener.port);
  if (!requested) return;
  const resolved = resolveClientValidation(requested, l.gateway.namespace, index);
  l.clientValidation = resolved.validation;
  l.caCertificateProblems = resolved.problems;
  l.clientValidationMissing = resolved.validation === undefined;
}

/** allowedRoutes.kinds -> supportedKinds (kept) and invalidKinds (reported). */
function resolveKinds(l: ListenerContext): void {
  const protocolKinds = supportedRouteKinds(l.listener.protocol);
  const requested = l.listener.allowedRoutes?.kinds;
  if (!requested || requested.length === 0) {
    l.supportedKinds = protocolKinds;
    return;
  }
  for (const kind of requested) {
    const group = kind.group ?? GATEWAY_GROUP;
    const supported = protocolKinds.some((k) => k.group === group && k.kind === kind.kind);
    if (!supported) {
      l.invalidKinds.push(`${group}/${kind.kind}`);
    } else if (!l.supportedKinds.some((k) => k.group === group && k.kind === kind.kind)) {
      l.supportedKinds.push({ group, kind: kind.kind });
    }
  }
}

/** Sets the namespace filter; returns a problem when allowedRoutes.namespaces is unusable. */
function resolveNamespaces(l: ListenerContext, index: ResourceIndex): string | undefined {
  const namespaces = l.listener.allowedRoutes?.namespaces;
  const from = namespaces?.from ?? 'Same';
  // Same: the namespace the listener was written in (a ListenerSet's own).
  const gatewayNamespace = l.namespace;
  switch (from) {
    case 'Same':
      l.allowsNamespace = (ns) => ns === gatewayNamespace;
      return undefined;
    case 'All':
      l.allowsNamespace = () => true;
      return undefined;
    case 'Selector': {
      const selector = namespaces?.selector;
      if (!selector) {
        l.allowsNamespace = () => false;
        return 'allowedRoutes.namespaces.selector is required when from is Selector';
      }
      const problem = labelSelectorProblem(selector);
      if (problem !== undefined) {
        l.allowsNamespace = () => false;
        return `allowedRoutes.namespaces.selector: ${problem}`;
      }
      l.allowsNamespace = (ns) => labelSelectorMatches(selector, index.namespaceLabelsOf(ns));
      return undefined;
    }
    default:
      l.allowsNamespace = () => false;
      return `allowedRoutes.namespaces.from "${String(from)}" is not supported`;
  }
}

/** A listener as conflict messages name it: a ListenerSet's carries the set's name. */
function listenerLabel(l: ListenerContext): string {
  return l.owner ? `${l.listener.name} (ListenerSet ${l.owner.key})` : l.listener.name;
}

function hostnameKey(listener: Listener): string {
  return listener.hostname ? normalizeHostname(listener.hostname) : '';
}

/** How two listeners on the same port conflict, if they do. */
export function conflictBetween(a: Listener, b: Listener): ListenerConflict['reason'] | undefined {
  const ta = protocolTraits(a.protocol);
  const tb = protocolTraits(b.protocol);
  if (!ta || !tb) return ListenerReason.ProtocolConflict;
  if (ta.transport !== tb.transport) return undefined;
  const sameHostname = hostnameKey(a) === hostnameKey(b);
  if (a.protocol === b.protocol) {
    return !ta.usesHostname || sameHostname ? ListenerReason.HostnameConflict : undefined;
  }
  if (ta.sniFamily && tb.sniFamily) return sameHostname ? ListenerReason.ProtocolConflict : undefined;
  return ListenerReason.ProtocolConflict;
}

/**
 * Listeners are distinct when their port, protocol and (for hostname-aware protocols)
 * hostname tell them apart. Every listener of an indistinct set is conflicted; none wins.
 */
function markConflicts(listeners: readonly ListenerContext[]): void {
  for (const l of listeners) markConflictWith(l, listeners);
}

/** Marks l Conflicted when some of others (l itself skipped) cannot be told apart from it. */
function markConflictWith(l: ListenerContext, others: readonly ListenerContext[]): void {
  const protocolWith: string[] = [];
  const hostnameWith: string[] = [];
  for (const other of others) {
    if (other === l || other.listener.port !== l.listener.port) continue;
    const reason = conflictBetween(l.listener, other.listener);
    if (reason === ListenerReason.ProtocolConflict) protocolWith.push(listenerLabel(other));
    else if (reason === ListenerReason.HostnameConflict) hostnameWith.push(listenerLabel(other));
  }
  if (protocolWith.length > 0) {
    l.conflict = {
      reason: ListenerReason.ProtocolConflict,
      message: `port ${l.listener.port} is also used with another protocol by listener(s) ${[...protocolWith].sort().join(', ')}`,
    };
  } else if (hostnameWith.length > 0) {
    l.conflict = {
      reason: ListenerReason.HostnameConflict,
      message: `port ${l.listener.port}, protocol ${l.listener.protocol} and hostname "${l.listener.hostname ?? ''}" are also used by listener(s) ${[...hostnameWith].sort().join(', ')}`,
    };
  }
}
