/**
 * Condition types and reasons of the Gateway API (sigs.k8s.io/gateway-api apis/v1,
 * gateway_types.go, gatewayclass_types.go and shared_types.go). Spelled once here so every
 * module uses the exact strings the spec and its conformance suite expect.
 */

export const ConditionType = {
  Accepted: 'Accepted',
  Programmed: 'Programmed',
  ResolvedRefs: 'ResolvedRefs',
  Conflicted: 'Conflicted',
  /** Routes only: some rules are invalid and were dropped (standard since v1.4; only ever True). */
  PartiallyInvalid: 'PartiallyInvalid',
  /** Listeners only: TLS settings overlapping another listener's on the port (only ever True). */
  OverlappingTLSConfig: 'OverlappingTLSConfig',
  /** Gateways only: some client certificate validation allows insecure fallback (only ever True). */
  InsecureFrontendValidationMode: 'InsecureFrontendValidationMode',
  /** Gateways only (GEP-5093): whether every spec.addresses entry (or default selection) was assigned an address. */
  AddressesAssigned: 'AddressesAssigned',
} as const;

export const GatewayClassReason = {
  Accepted: 'Accepted',
  InvalidParameters: 'InvalidParameters',
} as const;

export const GatewayReason = {
  Accepted: 'Accepted',
  ListenersNotValid: 'ListenersNotValid',
  UnsupportedAddress: 'UnsupportedAddress',
  InvalidParameters: 'InvalidParameters',
  Programmed: 'Programmed',
  Invalid: 'Invalid',
  AddressNotUsable: 'AddressNotUsable',
  AddressNotAssigned: 'AddressNotAssigned',
  Pending: 'Pending',
  // ResolvedRefs (spec.tls.backend.clientCertificateRef)
  ResolvedRefs: 'ResolvedRefs',
  InvalidClientCertificateRef: 'InvalidClientCertificateRef',
  RefNotPermitted: 'RefNotPermitted',
  // InsecureFrontendValidationMode
  ConfigurationChanged: 'ConfigurationChanged',
  // AddressesAssigned
  AddressesAssigned: 'AddressesAssigned',
  AddressesPartiallyAssigned: 'PartiallyAssigned',
  AddressesNotAssigned: 'NotAssigned',
} as const;

/** ListenerSet conditions (apis/v1 listenerset_types.go). */
export const ListenerSetReason = {
  Accepted: 'Accepted',
  NotAllowed: 'NotAllowed',
  ParentNotAccepted: 'ParentNotAccepted',
  ListenersNotValid: 'ListenersNotValid',
  Programmed: 'Programmed',
  Invalid: 'Invalid',
  Pending: 'Pending',
} as const;

export const ListenerReason = {
  // Accepted
  Accepted: 'Accepted',
  PortUnavailable: 'PortUnavailable',
  UnsupportedProtocol: 'UnsupportedProtocol',
  UnsupportedValue: 'UnsupportedValue',
  NoValidCACertificate: 'NoValidCACertificate',
  /** GEP-5224: a filters.requests entry Pier cannot make sense of (its settings are not valid). */
  InvalidListenerFilter: 'InvalidListenerFilter',
  // ResolvedRefs
  ResolvedRefs: 'ResolvedRefs',
  InvalidCACertificateRef: 'InvalidCACertificateRef',
  InvalidCACertificateKind: 'InvalidCACertificateKind',
  InvalidRouteKinds: 'InvalidRouteKinds',
  InvalidCertificateRef: 'InvalidCertificateRef',
  RefNotPermitted: 'RefNotPermitted',
  /** GEP-5224: a filters.requests entry's reference (ExternalAuth backendRef) cannot be resolved. */
  InvalidListenerFilterRef: 'InvalidListenerFilterRef',
  // Programmed (and Accepted for listeners that cannot be served, as the conformance suite expects)
  Programmed: 'Programmed',
  Invalid: 'Invalid',
  // Conflicted
  HostnameConflict: 'HostnameConflict',
  ProtocolConflict: 'ProtocolConflict',
  NoConflicts: 'NoConflicts',
  // OverlappingTLSConfig
  OverlappingHostnames: 'OverlappingHostnames',
  OverlappingCertificates: 'OverlappingCertificates',
} as const;

export const RouteReason = {
  // Accepted
  Accepted: 'Accepted',
  NotAllowedByListeners: 'NotAllowedByListeners',
  NoMatchingListenerHostname: 'NoMatchingListenerHostname',
  NoMatchingParent: 'NoMatchingParent',
  UnsupportedValue: 'UnsupportedValue',
  IncompatibleFilters: 'IncompatibleFilters',
  // ResolvedRefs
  ResolvedRefs: 'ResolvedRefs',
  RefNotPermitted: 'RefNotPermitted',
  InvalidKind: 'InvalidKind',
  BackendNotFound: 'BackendNotFound',
  UnsupportedProtocol: 'UnsupportedProtocol',
} as const;

export type RouteResolvedRefsReason =
  | typeof RouteReason.RefNotPermitted
  | typeof RouteReason.InvalidKind
  | typeof RouteReason.BackendNotFound
  | typeof RouteReason.UnsupportedProtocol;

/** Policy conditions (apis/v1 policy_types.go) and BackendTLSPolicy's own (backendtlspolicy_types.go). */
export const PolicyReason = {
  // Accepted
  Accepted: 'Accepted',
  Conflicted: 'Conflicted',
  Invalid: 'Invalid',
  TargetNotFound: 'TargetNotFound',
  NoValidCACertificate: 'NoValidCACertificate',
  /** GEP-5224: a filters.requests entry Pier cannot make sense of (its settings are not valid). */
  InvalidListenerFilter: 'InvalidListenerFilter',
  // ResolvedRefs
  ResolvedRefs: 'ResolvedRefs',
  InvalidCACertificateRef: 'InvalidCACertificateRef',
  InvalidKind: 'InvalidKind',
} as const;
