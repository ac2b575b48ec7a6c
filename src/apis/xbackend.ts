/**
 * XBackend (gateway.networking.x-k8s.io/v1alpha1, experimental channel since Gateway API v1.7.0):
 * a backend a route's backendRef names directly (group gateway.networking.x-k8s.io, kind
 * XBackend, no port): an external hostname or a set of labelled endpoints, the port, the protocol
 * to speak and the TLS to originate. Field names and enums as in the vendored CRD.
 */
import type { BackendTLSPolicyValidation, PolicyStatus, SecretObjectReference } from './gateway';
import type { KubeObject } from './meta';

export type XBackendType = 'ExternalHostname' | 'EndpointSelector';
export type XBackendProtocol = 'TCP' | 'HTTP' | 'HTTP2' | 'HTTP11' | 'H2C' | 'MCP' | 'GRPC' | 'WSS';
export type XBackendTLSMode = 'None' | 'ServerOnly' | 'ClientAndServer';

export interface XBackendTLS {
  mode: XBackendTLSMode;
  /** Set exactly when mode is ClientAndServer. */
  clientCertificateRef?: SecretObjectReference;
  /** Set exactly when mode is not None; the same shape as BackendTLSPolicy's. */
  validation?: BackendTLSPolicyValidation;
}

export interface XBackend extends KubeObject {
  kind: 'XBackend';
  spec: {
    type: XBackendType;
    port: { number?: number };
    externalHostname?: { hostname: string };
    endpointSelector?: { matchLabels: Record<string, string> };
    /** Read but not implemented by Pier (reported on the XBackend's status). */
    sessionPersistence?: Record<string, unknown>;
    protocol?: XBackendProtocol;
    /** The CRD defaults it to {mode: None}. */
    tls?: XBackendTLS;
  };
  /** The same shape as a policy's: one entry per ancestor (Gateway). */
  status?: PolicyStatus;
}
