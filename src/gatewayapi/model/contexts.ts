/**
 * Context structs (after Envoy Gateway's design): each wraps a Gateway API object and carries
 * what translation learns about it, so status is computed in one place per object.
 */
import { GATEWAY_GROUP, type Gateway, type GatewayAddress, type GatewayStatus, type Listener, type ListenerStatus, type ParentReference, type RouteGroupKind, type RouteKind, type RouteParentStatus } from '../../apis/gateway';
import type { Condition } from '../../apis/meta';
import type { ClientCertificateValidation, ListenerRequestFilter, ProxySettingsIR, TLSCertificate } from '../../ir/types';
import type { ListenerFilterRefProblem } from '../listeners/listenerfilters';
import type { CertificateProblem } from '../listeners/certificates';
import type { ListenerSetContext } from './listenerset';
import { allowsInsecureFallback, type CACertificateProblem } from '../listeners/clientvalidation';
import { ConditionType, GatewayReason, ListenerReason, RouteReason } from './conditions';
import { condition, joinMessages, problemCondition, verdict, type Verdict } from './status';
import { addressesAssignedVerdict, assignmentImpossible, type AddressAssignment } from '../listeners/addresses';

// ------------------------------------------------------------------ Gateway

export class GatewayContext {
  readonly key: string;
  /** The Gateway's own listeners (spec.listeners). */
  readonly listeners: ListenerContext[] = [];
  /** ListenerSets naming this Gateway as parent, in precedence order (attached or not), by "<namespace>/<name>". */
  readonly listenerSets = new Map<string, ListenerSetContext>();
  /** Where every listener binds. */
  bindAddress = '0.0.0.0';
  /** What status.addresses reports. */
  statusAddresses: GatewayAddress[] = [];
  /** Set when spec.addresses cannot be served; the Gateway is then not accepted. */
  addressProblem: Verdict | undefined;
  /** Set when spec.infrastructure.parametersRef cannot be resolved; the Gateway is then not accepted. */
  parametersProblem: Verdict | undefined;
  /** Which spec.addresses entries got which address (GEP-5093); undefined until the infrastructure has reported, or when the addresses are rejected. */
  addressAssignment: AddressAssignment | undefined;
  /** The proxies' settings from the class's and the Gateway's ProxyConfigs; undefined when neither names one. */
  proxySettings: ProxySettingsIR | undefined;
  /** Set when translating this Gateway failed unexpectedly. */
  internalError: string | undefined;
  /** The infrastructure's word on its proxies: not ok keeps Programmed False while the configuration is served. */
  infraReadiness: { ok: boolean; reason: string; message: string } | undefined;
  /** spec.tls.backend.clientCertificateRef, resolved: what the proxies present to TLS backends. */
  backendClientCertificate: TLSCertificate | undefined;
  /** Whether that reference resolved (ResolvedRefs); undefined when the Gateway has none. */
  backendRefsVerdict: Verdict | undefined;
  /** Set while the infrastructure has not assigned this Gateway its address: it is not served until then. */
  awaitingInfra = false;

  constructor(readonly gateway: Gateway) {
    this.key = `${gateway.metadata.namespace ?? ''}/${gateway.metadata.name}`;
  }

  get namespace(): string {
    return this.gateway.metadata.namespace ?? '';
  }

  get name(): string {
    return this.gateway.metadata.name;
  }

  get generation(): number | undefined {
    return this.gateway.metadata.generation;
  }

  /** Listeners a parentRef selects by sectionName (listener name) and port; all when neither is set. */
  listenersFor(ref: Pick<ParentReference, 'sectionName' | 'port'>): ListenerContext[] {
    return this.listeners.filter((l) =>
      (ref.sectionName === undefined || ref.sectionName === '' || l.listener.name === ref.sectionName)
      && (ref.port === undefined || l.listener.port === ref.port));
  }

  /** Listeners that must not be served, by name (first-seen order). */
  private invalidListenerNames(): string[] {
    return [...new Set(this.listeners.filter((l) => !l.valid).map((l) => l.listener.name))];
  }

  /** Set by seal(), once building is done: the verdicts, asked for once per route placed, are then kept. */
  private sealed: { accepted: Verdict; served: boolean } | undefined;

  /** Ends building: nothing about the Gateway and its listeners changes after this. */
  seal(): void {
    this.sealed = undefined;
    this.merged = undefined;
    this.merged = this.allListeners();
    const accepted = this.computeAccepted();
    this.sealed = { accepted, served: false };
    this.sealed.served = this.computeServed();
    for (const l of this.allListeners()) l.seal();
  }

  /** Kept once sealed: allListeners is asked for once per route placed. */
  private merged: readonly ListenerContext[] | undefined;

  /** The merged listener list: the Gateway's own, then those of attached ListenerSets in precedence order. */
  allListeners(): readonly ListenerContext[] {
    if (this.merged) return this.merged;
    const out = [...this.listeners];
    for (const set of this.listenerSets.values()) out.push(...set.listeners);
    return out;
  }

  /** ListenerSets attached (allowed, and Accepted). */
  get attachedListenerSets(): number {
    let n = 0;
    for (const set of this.listenerSets.values()) if (set.accepted.ok) n += 1;
    return n;
  }

  /** Accepted=True as long as one listener is valid (reason ListenersNotValid when some are not). */
  get accepted(): Verdict {
    return this.sealed?.accepted ?? this.computeAccepted();
  }

  private computeAccepted(): Verdict {
    if (this.internalError !== undefined) return verdict(false, GatewayReason.Invalid, `internal error: ${this.internalError}`);
    if (this.parametersProblem) return this.parametersProblem;
    if (this.addressProblem) return this.addressProblem;
    if (this.listeners.length === 0) return verdict(false, GatewayReason.ListenersNotValid, 'Gateway has no listeners');
    const invalid = this.invalidListenerNames();
    const valid = this.listeners.some((l) => l.valid);
    if (invalid.length === 0) return verdict(true, GatewayReason.Accepted, 'Gateway is accepted');
    const message = `invalid listeners: ${invalid.join(', ')}`;
    return valid
      ? verdict(true, GatewayReason.ListenersNotValid, `${message}; the others are accepted`)
      : verdict(false, GatewayReason.ListenersNotValid, `${message}; no listener is valid`);
  }

  /** Whether this Gateway gets IR: accepted, with at least one listener that can be programmed. */
  get served(): boolean {
    return this.sealed?.served ?? this.computeServed();
  }

  private computeServed(): boolean {
    // A Gateway none of whose addresses can ever be given is not programmed (GEP-5093).
    const impossible = this.addressAssignment !== undefined && assignmentImpossible(this.addressAssignment);
    return !this.awaitingInfra && !impossible && this.accepted.ok && this.listeners.some((l) => l.programmable);
  }

  /** Programmed=False, AddressNotAssigned, when spec.addresses asked and no entry was given an address. */
  private unassigned(): Verdict | undefined {
    const a = this.addressAssignment;
    if (!a || a.requested === 0 || a.addresses.length > 0) return undefined;
    return verdict(false, GatewayReason.AddressNotAssigned, addressesAssignedVerdict(a).message);
  }

  get programmed(): Verdict {
    if (this.served) {
      const ready = this.infraReadiness;
      // The infrastructure's own reason (AddressNotUsable, Pending...) says more than the assignment's.
      if (ready && !ready.ok) return verdict(false, ready.reason, ready.message);
      return this.unassigned() ?? verdict(true, GatewayReason.Programmed, 'Gateway is programmed');
    }
    const accepted = this.accepted;
    const impossible = accepted.ok && this.addressAssignment !== undefined && assignmentImpossible(this.addressAssignment);
    const unassigned = impossible ? this.unassigned() : undefined;
    if (unassigned) return unassigned;
    if (accepted.ok && this.awaitingInfra) return verdict(false, GatewayReason.Pending, 'waiting for the infrastructure to assign the Gateway its address');
    return verdict(false, GatewayReason.Invalid, accepted.ok ? 'Gateway has no listener that can be programmed' : `Gateway is not accepted: ${accepted.message}`);
  }

  status(): GatewayStatus {
    const g = this.generation;
    const status: GatewayStatus = {};
    // Only a Gateway that is served has addresses.
    if (this.served && this.statusAddresses.length > 0) status.addresses = this.statusAddresses.map((a) => ({ ...a }));
    status.conditions = [
      condition(ConditionType.Accepted, this.accepted, g),
      condition(ConditionType.Programmed, this.programmed, g),
    ];
    // Once the assignment is reconciled, for a Gateway that is served or never can be (GEP-5093).
    const assignment = this.addressAssignment;
    if (assignment && this.accepted.ok && (this.served || assignmentImpossible(assignment))) {
      status.conditions.push(condition(ConditionType.AddressesAssigned, addressesAssignedVerdict(assignment), g));
    }
    // Only a Gateway with references of its own (spec.tls.backend) has ResolvedRefs.
    if (this.backendRefsVerdict) status.conditions.push(condition(ConditionType.ResolvedRefs, this.backendRefsVerdict, g));
    // Present only while some client certificate validation lets unverified clients in.
    if (allowsInsecureFallback(this.gateway)) {
      status.conditions.push(problemCondition(ConditionType.InsecureFrontendValidationMode, true, GatewayReason.ConfigurationChanged,
        'client certificate validation allows insecure fallback: clients without a valid certificate are let in', g));
    }
    // One status entry per listener name (the API keys listener status by name).
    const seen = new Set<string>();
    status.listeners = [];
    for (const l of this.listeners) {
      if (seen.has(l.listener.name)) continue;
      seen.add(l.listener.name);
      const sameName = this.listeners.filter((o) => o.listener.name === l.listener.name);
      status.listeners.push(l.status(sameName));
    }
    // Reported by Gateways that take ListenerSets (or are named by some).
    if (this.gateway.spec?.allowedListeners || this.listenerSets.size > 0) status.attachedListenerSets = this.attachedListenerSets;
    return status;
  }
}

// ------------------------------------------------------------------ Listener

export interface ListenerConflict {
  reason: typeof ListenerReason.HostnameConflict | typeof ListenerReason.ProtocolConflict;
  message: string;
}

/** How a listener handles TLS: HTTPS always terminates; TLS terminates or passes through. */
export type ListenerTLSMode = 'Terminate' | 'Passthrough';

export class ListenerContext {
  /** IR name: "<namespace>/<gateway>/<listener>". */
  readonly irName: string;
  /** Kinds that may attach, in status order. */
  supportedKinds: RouteGroupKind[] = [];
  /** allowedRoutes.kinds entries Pier cannot serve, as "group/kind". */
  invalidKinds: string[] = [];
  accepted: Verdict = verdict(true, ListenerReason.Accepted, 'Listener is accepted');
  conflict: ListenerConflict | undefined;
  /** Set when TLS settings overlap another listener's on the port: OverlappingTLSConfig=True. */
  tlsOverlap: { reason: typeof ListenerReason.OverlappingHostnames | typeof ListenerReason.OverlappingCertificates; message: string } | undefined;
  /** Set for HTTPS and TLS listeners. */
  tlsMode: ListenerTLSMode | undefined;
  /** Usable certificates (TLS termination). */
  certificates: TLSCertificate[] = [];
  /** certificateRefs that could not be used: ResolvedRefs=False. */
  certificateProblems: CertificateProblem[] = [];
  /** Client certificate validation (HTTPS, Gateway spec.tls.frontend), with the CAs that resolved. */
  clientValidation: ClientCertificateValidation | undefined;
  /** Set when validation is asked for and no CA reference resolved: the listener is not accepted. */
  clientValidationMissing = false;
  /** Validation caCertificateRefs that could not be used: ResolvedRefs=False. */
  caCertificateProblems: CACertificateProblem[] = [];
  /** Pre-routing filters (filters.requests, GEP-5224), resolved, in order: see listenerfilters.ts. */
  requestFilters: ListenerRequestFilter[] = [];
  /** filters.requests references that could not be resolved: ResolvedRefs=False, and every request is refused (fail closed). */
  filterRefProblems: ListenerFilterRefProblem[] = [];
  /** Decides whether routes of a namespace may attach (allowedRoutes.namespaces). */
  allowsNamespace: (namespace: string) => boolean = () => false;
  /**
   * Keys ("<kind>/<namespace>/<name>") of the routes attached here with Accepted=True, and of
   * those that lost the listener to a route of the other HTTP-like kind (routeconflicts.ts).
   */
  readonly attachedRoutes = new Set<string>();

  constructor(readonly listener: Listener, readonly gateway: GatewayContext, readonly owner?: ListenerSetContext) {
    // A ListenerSet's listener names are unique within the set only.
    this.irName = owner ? `${gateway.key}/${owner.key}/${listener.name}` : `${gateway.key}/${listener.name}`;
  }

  /** Where the listener was written: the Gateway, or its ListenerSet (namespace for Same, certificates and grants). */
  get namespace(): string {
    return this.owner?.namespace ?? this.gateway.namespace;
  }

  /** The generation of the object the listener belongs to (its conditions' observedGeneration). */
  get generation(): number | undefined {
    return this.owner ? this.owner.generation : this.gateway.generation;
  }

  /** Accepted and not conflicted. */
  get valid(): boolean {
    return this.accepted.ok && this.conflict === undefined;
  }

  /** Whether it terminates TLS, and so needs at least one certificate. */
  get terminatesTLS(): boolean {
    return this.tlsMode === 'Terminate';
  }

  /** Valid, with what it needs to run (a certificate when it terminates TLS). */
  get programmable(): boolean {
    return this.valid && (!this.terminatesTLS || this.certificates.length > 0);
  }

  private sealedServed: boolean | undefined;

  /** See GatewayContext.seal. */
  seal(): void {
    this.sealedServed = undefined;
    this.sealedServed = this.served;
  }

  /** Programmable on an accepted Gateway (and, for a ListenerSet's, an accepted set): the listener goes into the IR. */
  get served(): boolean {
    return this.sealedServed ?? (this.programmable && this.gateway.accepted.ok && (this.owner?.accepted.ok ?? true));
  }

  allowsKind(group: string | undefined, kind: string): boolean {
    const g = group ?? GATEWAY_GROUP;
    return this.supportedKinds.some((k) => (k.group ?? GATEWAY_GROUP) === g && k.kind === kind);
  }

  /**
   * Certificate problems first (they can keep the listener from running), then route kinds.
   * allowedRoutes.kinds naming only kinds Pier cannot serve leaves supportedKinds empty and sets
   * ResolvedRefs=False InvalidRouteKinds (AllowedRoutes.Kinds, conformance GatewayInvalidRouteKind),
   * while the listener stays Accepted and Programmed: ListenerConditionAccepted counts a listener
   * that can generate data plane configuration, even with no route, as accepted, and Pier does
   * bind its port (answering 404).
   */
  get resolvedRefs(): Verdict {
    const problems: { reason: string; message: string }[] = [...this.certificateProblems, ...this.caCertificateProblems, ...this.filterRefProblems];
    if (this.invalidKinds.length > 0) problems.push({ reason: ListenerReason.InvalidRouteKinds, message: `unsupported route kinds: ${this.invalidKinds.join(', ')}` });
    if (problems.length === 0) return verdict(true, ListenerReason.ResolvedRefs, 'All references are resolved');
    return verdict(false, problems[0]!.reason, joinMessages(problems.map((p) => p.message)));
  }

  /** The Accepted verdict as reported: a conflicted listener is not accepted (reason: the conflict). */
  private get reportedAccepted(): Verdict {
    if (!this.accepted.ok) return this.accepted;
    if (this.conflict) return verdict(false, this.conflict.reason, `listener is conflicted: ${this.conflict.message}`);
    return this.accepted;
  }

  /**
   * A conflicted listener's Programmed reason is its conflict (ProtocolConflict, HostnameConflict),
   * not Invalid: ListenerConditionProgrammed lists Invalid and Pending but lets controllers use other
   * reasons, and the v1.7.0 conformance tests ListenerSetProtocolConflict and
   * ListenerSetHostnameConflict require the conflict reason on Accepted and Programmed.
   */
  private get programmed(): Verdict {
    if (this.served) return verdict(true, ListenerReason.Programmed, 'Listener is programmed');
    const accepted = this.reportedAccepted;
    if (!accepted.ok) return verdict(false, this.conflict && this.accepted.ok ? this.conflict.reason : ListenerReason.Invalid, `Listener is not programmed: ${accepted.message}`);
    if (!this.programmable) return verdict(false, ListenerReason.Invalid, 'Listener is not programmed: it terminates TLS and has no usable certificate');
    if (this.owner && !this.owner.accepted.ok) return verdict(false, ListenerReason.Invalid, 'Listener is not programmed: the ListenerSet is not accepted');
    return verdict(false, ListenerReason.Invalid, 'Listener is not programmed: the Gateway is not accepted');
  }

  conditions(): Condition[] {
    const g = this.generation;
    return [
      condition(ConditionType.Accepted, this.reportedAccepted, g),
      condition(ConditionType.ResolvedRefs, this.resolvedRefs, g),
      condition(ConditionType.Programmed, this.programmed, g),
      this.conflict
        ? problemCondition(ConditionType.Conflicted, true, this.conflict.reason, this.conflict.message, g)
        : problemCondition(ConditionType.Conflicted, false, ListenerReason.NoConflicts, 'No conflicts', g),
      // Negative polarity: present only when True.
      ...(this.tlsOverlap ? [problemCondition(ConditionType.OverlappingTLSConfig, true, this.tlsOverlap.reason, this.tlsOverlap.message, g)] : []),
    ];
  }

  /** Status for this listener's name; sameName holds every listener sharing it (normally just this). */
  status(sameName: readonly ListenerContext[]): ListenerStatus {
    let attached = this.attachedRoutes.size;
    // Listeners sharing a name count a route once (a union only when there are several).
    if (sameName.length > 1) {
      const union = new Set<string>();
      for (const l of sameName) for (const r of l.attachedRoutes) union.add(r);
      attached = union.size;
    }
    return {
      name: this.listener.name,
      supportedKinds: this.supportedKinds.map((k) => ({ ...k })),
      attachedRoutes: attached,
      conditions: this.conditions(),
    };
  }
}

// ------------------------------------------------------------------ Routes

/** What every route kind offers the shared attachment logic. */
export interface RouteContext {
  readonly kind: RouteKind;
  readonly namespace: string;
  readonly name: string;
  /** "<kind>/<namespace>/<name>": unique across kinds. */
  readonly key: string;
  readonly generation: number | undefined;
  readonly creationTimestamp: string | undefined;
  /** The hostnames the route asks for (empty: any). */
  hostnames(): string[];
  parentRefs(): ParentReference[];
}

/** One listener a parentRef attached the route to, with the hostnames it serves there. */
export interface ListenerAttachment {
  listener: ListenerContext;
  hostnames: string[];
}

/** What a route's own content says about it, whatever its parents. */
export interface RouteVerdicts {
  /** Set when the route cannot be accepted at all (e.g. every rule invalid): Accepted=False. */
  problem?: Verdict;
  /** Set when some rules are invalid and were dropped: PartiallyInvalid=True (with Accepted=True). */
  partiallyInvalid?: Verdict;
  resolvedRefs: Verdict;
}

/** The parentRef as written, with the API defaults for group and kind filled in. */
export function defaultedParentRef(ref: ParentReference): ParentReference {
  return { ...ref, group: ref.group ?? GATEWAY_GROUP, kind: ref.kind ?? 'Gateway' };
}

/** The route as seen by one of its parentRefs. */
export class RouteParentContext {
  /** Set by attachment: whether the parent accepted the route (before rule problems). */
  attachment: Verdict = verdict(false, RouteReason.NoMatchingParent, 'not processed');
  attachments: ListenerAttachment[] = [];
  /**
   * Listeners the route attached to (allowedRoutes and parentRef select it) but lost to a route
   * of the other HTTP-like kind on the same hostnames: not served, yet counted in attachedRoutes,
   * which the spec says route status does not change.
   */
  readonly conflictLosses: ListenerContext[] = [];

  constructor(
    readonly parentRef: ParentReference,
    readonly gateway: GatewayContext | undefined,
    /** Position of parentRef in the route's spec.parentRefs. */
    readonly refIndex: number,
  ) {}

  /** The final Accepted verdict, given the route's own problems. */
  accepted(routeProblem: Verdict | undefined): Verdict {
    if (!this.attachment.ok) return this.attachment;
    return routeProblem ?? this.attachment;
  }

  status(controllerName: string, generation: number | undefined, verdicts: RouteVerdicts): RouteParentStatus {
    const accepted = this.accepted(verdicts.problem);
    const conditions = [
      condition(ConditionType.Accepted, accepted, generation),
      condition(ConditionType.ResolvedRefs, verdicts.resolvedRefs, generation),
    ];
    // Only ever True, and never on a route that is not accepted.
    if (accepted.ok && verdicts.partiallyInvalid) {
      conditions.push(problemCondition(ConditionType.PartiallyInvalid, true, verdicts.partiallyInvalid.reason, verdicts.partiallyInvalid.message, generation));
    }
    return { parentRef: defaultedParentRef(this.parentRef), controllerName, conditions };
  }
}

/** A ResolvedRefs verdict from the problems found while resolving references. */
export function resolvedRefsVerdict(problems: readonly { reason: string; message: string }[]): Verdict {
  if (problems.length === 0) return verdict(true, RouteReason.ResolvedRefs, 'All references are resolved');
  return verdict(false, problems[0]!.reason, joinMessages(problems.map((p) => p.message)));
}
