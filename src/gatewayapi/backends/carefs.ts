/**
 * The CA bundle one caCertificateRef names, for Gateway frontend validation and BackendTLSPolicy
 * alike: a core ConfigMap (PEM under ca.crt, namespaced) or a certificates.k8s.io
 * ClusterTrustBundle (PEM in spec.trustBundle, cluster-scoped, so no namespace and no
 * ReferenceGrant: GEP-5075). Where the reference may point and which reasons a caller reports
 * stay with the caller; this reads one object and says what is wrong with it.
 */
import { CERTIFICATES_GROUP, type ClusterTrustBundle, type ConfigMap } from '../../apis/core';
import { CA_CERTIFICATE_KEY, pemCertificates } from './backendtls';

/** Where CA references are looked up. */
export interface CASource {
  configMap(namespace: string, name: string): ConfigMap | undefined;
  clusterTrustBundle(name: string): ClusterTrustBundle | undefined;
  /** Whether the cluster serves the kind (a Kubernetes cluster may not serve ClusterTrustBundles). */
  kindServed(kind: CARefKind): boolean;
}

export type CARefKind = 'ConfigMap' | 'ClusterTrustBundle';

/** The kind a reference names when Pier can read it; undefined for any other group/kind. */
export function caRefKind(ref: { group?: string; kind: string }): CARefKind | undefined {
  const group = ref.group ?? '';
  if (group === '' && ref.kind === 'ConfigMap') return 'ConfigMap';
  if (group === CERTIFICATES_GROUP && ref.kind === 'ClusterTrustBundle') return 'ClusterTrustBundle';
  return undefined;
}

/** unavailable: the cluster does not serve the kind at all (InvalidKind, GEP-5075), rather than this object being wrong. */
export type CARefRead = { ok: true; certificates: string[] } | { ok: false; message: string; unavailable?: boolean };

/** "ConfigMap ns/name" or "ClusterTrustBundle name". */
export function describeCARef(kind: CARefKind, namespace: string, name: string): string {
  return kind === 'ClusterTrustBundle' ? `ClusterTrustBundle ${name}` : `ConfigMap ${namespace}/${name}`;
}

/** Reads the certificates of one reference of a supported kind (namespace: where a ConfigMap is looked for). */
export function readCARef(kind: CARefKind, namespace: string, name: string, source: CASource): CARefRead {
  const what = describeCARef(kind, namespace, name);
  let text: string | undefined;
  if (!source.kindServed(kind)) {
    return { ok: false, unavailable: true, message: `${what}: the cluster does not serve ${CERTIFICATES_GROUP} ${kind}s (its feature gate and runtime-config are off)` };
  }
  if (kind === 'ClusterTrustBundle') {
    const bundle = source.clusterTrustBundle(name);
    if (!bundle) return { ok: false, message: `${what} not found` };
    text = bundle.spec?.trustBundle;
    if (!text) return { ok: false, message: `${what} has an empty spec.trustBundle` };
    const certificates = pemCertificates(text);
    return certificates ? { ok: true, certificates } : { ok: false, message: `${what}: spec.trustBundle is not a PEM certificate bundle` };
  }
  const map = source.configMap(namespace, name);
  if (!map) return { ok: false, message: `${what} not found` };
  text = map.data?.[CA_CERTIFICATE_KEY];
  if (text === undefined) return { ok: false, message: `${what} has no key ${CA_CERTIFICATE_KEY}` };
  const certificates = pemCertificates(text);
  return certificates ? { ok: true, certificates } : { ok: false, message: `${what}: ${CA_CERTIFICATE_KEY} is not a PEM certificate bundle` };
}
