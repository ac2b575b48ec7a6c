/** The Kubernetes core and discovery objects Pier reads. */
import type { KubeObject } from './meta';

export interface ServicePort {
  name?: string;
  protocol?: 'TCP' | 'UDP' | 'SCTP';
  port: number;
  targetPort?: number | string;
  appProtocol?: string;
}

export interface Service extends KubeObject {
  kind: 'Service';
  spec: {
    type?: 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName';
    ports?: ServicePort[];
    selector?: Record<string, string>;
    clusterIP?: string;
    clusterIPs?: string[];
    /** The address a LoadBalancer Service asks its load balancer for (deprecated upstream, still the portable way). */
    loadBalancerIP?: string;
    externalName?: string;
  };
  /** Read by Kubernetes infrastructure only (providers publish objects without status). */
  status?: { loadBalancer?: { ingress?: LoadBalancerIngress[] } };
}

export interface LoadBalancerIngress {
  ip?: string;
  hostname?: string;
}

export interface ServiceAccount extends KubeObject {
  kind: 'ServiceAccount';
  automountServiceAccountToken?: boolean;
}

export interface EndpointPort {
  name?: string;
  port?: number;
  protocol?: 'TCP' | 'UDP' | 'SCTP';
  appProtocol?: string;
}

export interface Endpoint {
  addresses: string[];
  conditions?: { ready?: boolean; serving?: boolean; terminating?: boolean };
  hostname?: string;
  nodeName?: string;
  zone?: string;
}

export interface EndpointSlice extends KubeObject {
  kind: 'EndpointSlice';
  addressType: 'IPv4' | 'IPv6' | 'FQDN';
  endpoints: Endpoint[];
  ports?: EndpointPort[];
}

export interface Namespace extends KubeObject {
  kind: 'Namespace';
}

export interface Secret extends KubeObject {
  kind: 'Secret';
  type?: string;
  /** base64 values */
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

/** Label that ties an EndpointSlice to its Service. */
export const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

/**
 * certificates.k8s.io ClusterTrustBundle (cluster-scoped): public CA certificates, PEM, that
 * Gateway API caCertificateRefs may name (GEP-5075). Served as v1beta1 by Kubernetes 1.33-1.36
 * behind the ClusterTrustBundle feature gate, v1 from 1.37.
 */
export interface ClusterTrustBundle extends KubeObject {
  kind: 'ClusterTrustBundle';
  spec: {
    signerName?: string;
    /** PEM CA certificates, concatenated. */
    trustBundle: string;
  };
}

export const CERTIFICATES_GROUP = 'certificates.k8s.io';

export interface ConfigMap extends KubeObject {
  kind: 'ConfigMap';
  data?: Record<string, string>;
  /** base64 values */
  binaryData?: Record<string, string>;
}
