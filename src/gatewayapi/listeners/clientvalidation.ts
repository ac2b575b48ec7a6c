/**
 * Gateway spec.tls.frontend: client certificate validation of HTTPS listeners. A listener uses
 * the perPort entry for its port, else the default. The CA references must name core
 * ConfigMaps holding a PEM bundle under ca.crt, in the Gateway's namespace or allowed by a
 * ReferenceGrant, or ClusterTrustBundles (certificates.k8s.io, cluster-scoped: by name, no grant).
 * Each bad reference is a ResolvedRefs problem; with no usable CA at all the
 * listener is not accepted (NoValidCACertificate), since serving it would skip the checks asked for.
 */
import { GATEWAY_GROUP, type FrontendTLSValidation, type Gateway, type ObjectReference } from '../../apis/gateway';
import type { ClientCertificateValidation } from '../../ir/types';
import { CERTIFICATES_GROUP } from '../../apis/core';
import { caRefKind, readCARef } from '../backends/carefs';
import { isReferenceAllowed } from '../backends/referencegrant';
import { ListenerReason } from '../model/conditions';
import type { ResourceIndex } from '../resourceindex';

export interface CACertificateProblem {
  reason: typeof ListenerReason.InvalidCACertificateRef | typeof ListenerReason.InvalidCACertificateKind | typeof ListenerReason.RefNotPermitted;
  message: string;
}

export interface ClientValidationResolution {
  /** Undefined when no reference could be used. */
  validation: ClientCertificateValidation | undefined;
  problems: CACertificateProblem[];
}

/** The validation settings for HTTPS listeners on port: the perPort entry for it, else the default. */
export function frontendValidationFor(gateway: Gateway, port: number): FrontendTLSValidation | undefined {
  const frontend = gateway.spec?.tls?.frontend;
  if (!frontend) return undefined;
  const perPort = (frontend.perPort ?? []).find((p) => p.port === port);
  return perPort ? perPort.tls?.validation : frontend.default?.validation;
}

/** Whether any validation of the Gateway lets clients in without a valid certificate. */
export function allowsInsecureFallback(gateway: Gateway): boolean {
  const frontend = gateway.spec?.tls?.frontend;
  if (!frontend) return false;
  const settings = [frontend.default, ...(frontend.perPort ?? []).map((p) => p.tls)];
  return settings.some((s) => s?.validation?.mode === 'AllowInsecureFallback');
}

function describeRef(ref: ObjectReference, namespace: string): string {
  return `${ref.kind}${ref.group ? `.${ref.group}` : ''} ${namespace}/${ref.name}`;
}

/** Resolves the CA references of validation, for a listener of the Gateway in gatewayNamespace. */
export function resolveClientValidation(
  validation: FrontendTLSValidation,
  gatewayNamespace: string,
  index: ResourceIndex,
): ClientValidationResolution {
  const bundle: string[] = [];
  const problems: CACertificateProblem[] = [];
  const invalid = (message: string): void => { problems.push({ reason: ListenerReason.InvalidCACertificateRef, message }); };
  for (const ref of validation.caCertificateRefs ?? []) {
    const namespace = ref.namespace ?? gatewayNamespace;
    const what = `caCertificateRef ${describeRef(ref, namespace)}`;
    const kind = caRefKind(ref);
    if (!kind) {
      problems.push({ reason: ListenerReason.InvalidCACertificateKind, message: `${what}: only ConfigMaps (core group) and ClusterTrustBundles (${CERTIFICATES_GROUP}) are supported` });
      continue;
    }
    if (kind === 'ClusterTrustBundle' && ref.namespace !== undefined) {
      // Cluster-scoped: the CRD's rule refuses a namespace here; a file may still carry one.
      invalid(`caCertificateRef ClusterTrustBundle ${ref.name}: namespace must not be set (ClusterTrustBundles are cluster-scoped)`);
      continue;
    }
    // A ClusterTrustBundle belongs to no namespace, so no ReferenceGrant is asked for (GEP-5075).
    const from = { group: GATEWAY_GROUP, kind: 'Gateway', namespace: gatewayNamespace };
    if (kind === 'ConfigMap' && !isReferenceAllowed(index, from, { group: '', kind: 'ConfigMap', namespace, name: ref.name })) {
      problems.push({ reason: ListenerReason.RefNotPermitted, message: `${what} is in another namespace and no ReferenceGrant allows it` });
      continue;
    }
    const read = readCARef(kind, namespace, ref.name, index);
    if (!read.ok) {
      if (read.unavailable) problems.push({ reason: ListenerReason.InvalidCACertificateKind, message: `caCertificateRef ${read.message}` });
      else invalid(`caCertificateRef ${read.message}`);
      continue;
    }
    for (const c of read.certificates) if (!bundle.includes(c)) bundle.push(c);
  }
  const allowInsecureFallback = validation.mode === 'AllowInsecureFallback';
  return {
    validation: bundle.length > 0 ? { caCertificates: `${bundle.join('\n')}\n`, allowInsecureFallback } : undefined,
    problems,
  };
}
