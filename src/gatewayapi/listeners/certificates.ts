/**
 * Listener certificateRefs -> IR certificates. A reference must name a core Secret, be allowed
 * (same namespace as the Gateway, or a ReferenceGrant), exist, and hold a PEM certificate chain
 * (tls.crt) with its private key (tls.key), base64 in `data` as in a kubernetes.io/tls Secret.
 * Parsing is pure (node:crypto on in-memory bytes) and clock-free: expiry is not judged here.
 */
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { GATEWAY_GROUP, type SecretObjectReference } from '../../apis/gateway';
import { X_GATEWAY_GROUP } from '../../apis/xtelemetry';
import type { Secret } from '../../apis/core';
import type { TLSCertificate } from '../../ir/types';
import { ListenerReason } from '../model/conditions';
import { isReferenceAllowed } from '../backends/referencegrant';
import type { ResourceIndex } from '../resourceindex';

export const TLS_CERT_KEY = 'tls.crt';
export const TLS_PRIVATE_KEY_KEY = 'tls.key';

export interface CertificateProblem {
  reason: typeof ListenerReason.InvalidCertificateRef | typeof ListenerReason.RefNotPermitted;
  message: string;
}

export interface CertificateResolution {
  /** Usable certificates, in reference order, each once. */
  certificates: TLSCertificate[];
  problems: CertificateProblem[];
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function decoded(secret: Secret, key: string): string | undefined {
  const value = secret.data?.[key];
  if (value === undefined || value === '') return undefined;
  return Buffer.from(value, 'base64').toString('utf8');
}

/** Why a PEM certificate chain and private key cannot be served together, or undefined when they can. */
export function keyPairProblem(certificateChain: string, privateKey: string): string | undefined {
  const blocks = certificateChain.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) return `${TLS_CERT_KEY} holds no PEM certificate`;
  let leaf: X509Certificate | undefined;
  for (const [i, block] of blocks.entries()) {
    try {
      const cert = new X509Certificate(block);
      leaf ??= cert;
    } catch (err) {
      return `${TLS_CERT_KEY}: certificate ${i + 1} cannot be parsed: ${errorMessage(err)}`;
    }
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(privateKey);
  } catch (err) {
    return `${TLS_PRIVATE_KEY_KEY} is not a usable PEM private key: ${errorMessage(err)}`;
  }
  if (leaf && !leaf.checkPrivateKey(key)) return `${TLS_PRIVATE_KEY_KEY} does not match the certificate in ${TLS_CERT_KEY}`;
  return undefined;
}

function describeRef(group: string, kind: string, namespace: string, name: string): string {
  return `${kind}${group ? `.${group}` : ''} ${namespace}/${name}`;
}

/**
 * Resolves the certificateRefs of a listener written in gatewayNamespace: a Gateway's, or a
 * ListenerSet's (fromKind; ReferenceGrants name the kind that refers); also an XBackend's client
 * certificate.
 */
export function resolveCertificateRefs(
  refs: readonly SecretObjectReference[],
  gatewayNamespace: string,
  index: ResourceIndex,
  fromKind: 'Gateway' | 'ListenerSet' | 'XBackend' = 'Gateway',
): CertificateResolution {
  const certificates: TLSCertificate[] = [];
  const problems: CertificateProblem[] = [];
  const invalid = (message: string): void => { problems.push({ reason: ListenerReason.InvalidCertificateRef, message }); };
  for (const ref of refs) {
    const group = ref.group ?? '';
    const kind = ref.kind ?? 'Secret';
    const namespace = ref.namespace ?? gatewayNamespace;
    const what = describeRef(group, kind, namespace, ref.name);
    if (group !== '' || kind !== 'Secret') {
      invalid(`certificateRef ${what}: only Secrets (core group) are supported`);
      continue;
    }
    const from = { group: fromKind === 'XBackend' ? X_GATEWAY_GROUP : GATEWAY_GROUP, kind: fromKind, namespace: gatewayNamespace };
    if (!isReferenceAllowed(index, from, { group, kind, namespace, name: ref.name })) {
      problems.push({
        reason: ListenerReason.RefNotPermitted,
        message: `certificateRef ${what} is in another namespace and no ReferenceGrant allows it`,
      });
      continue;
    }
    const secret = index.secret(namespace, ref.name);
    if (!secret) {
      invalid(`certificateRef ${what} not found`);
      continue;
    }
    const chain = decoded(secret, TLS_CERT_KEY);
    const key = decoded(secret, TLS_PRIVATE_KEY_KEY);
    if (chain === undefined || key === undefined) {
      invalid(`certificateRef ${what} must hold ${TLS_CERT_KEY} and ${TLS_PRIVATE_KEY_KEY}`);
      continue;
    }
    const problem = keyPairProblem(chain, key);
    if (problem !== undefined) {
      invalid(`certificateRef ${what}: ${problem}`);
      continue;
    }
    const name = `${namespace}/${ref.name}`;
    if (!certificates.some((c) => c.name === name)) certificates.push({ name, certificateChain: chain, privateKey: key });
  }
  return { certificates, problems };
}
