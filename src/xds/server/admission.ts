/**
 * Who may open an xDS stream for which Gateway. Over mTLS the client certificate names exactly
 * one Gateway (URI SAN spiffe://pier.dev/gateway/<namespace>/<name>) and a stream may ask only
 * for that one (node.cluster); in plaintext (loopback or --xds-insecure) there is no identity
 * and node.cluster is taken at its word.
 */
import { status as GrpcStatus, type ServerDuplexStream } from '@grpc/grpc-js';
import { gatewayOfCertificate } from '../../security/identity';

/** What the registry shows about a stream's peer. */
export interface StreamIdentity {
  transport: 'mtls' | 'plaintext';
  /** The Gateway the client certificate names. */
  gateway?: string;
  /** The certificate's URI SANs, serial number and expiry. */
  uris?: string[];
  serialNumber?: string;
  notAfter?: string;
}

export type Admission = { identity: StreamIdentity } | { code: GrpcStatus; message: string };

type AuthContext = NonNullable<ReturnType<ServerDuplexStream<unknown, unknown>['getAuthContext']>>;

export interface AuthenticatedCall {
  getAuthContext(): AuthContext | null;
}

/**
 * Admits a stream (or Fetch) asking for `gateway`. requireIdentity: the server runs mTLS, so a
 * call without a verified certificate is refused (grpc-js reports none when the handshake did
 * not verify it).
 */
export function admit(call: AuthenticatedCall, gateway: string, requireIdentity: boolean): Admission {
  let auth: AuthContext | null = null;
  try {
    auth = call.getAuthContext();
  } catch {
    auth = null;
  }
  const cert = auth?.sslPeerCertificate;
  if (!cert) {
    if (requireIdentity) return { code: GrpcStatus.UNAUTHENTICATED, message: 'a client certificate signed by Pier\'s CA is required' };
    return { identity: { transport: 'plaintext' } };
  }
  const { gateway: named, uris } = gatewayOfCertificate(cert.subjectaltname);
  const identity: StreamIdentity = {
    transport: 'mtls', uris, serialNumber: cert.serialNumber, notAfter: new Date(cert.valid_to).toISOString(),
    ...(named ? { gateway: named } : {}),
  };
  if (!named) {
    return {
      code: GrpcStatus.PERMISSION_DENIED,
      message: `the client certificate (serial ${cert.serialNumber}) names no Gateway: a proxy certificate has one URI SAN ` +
        'spiffe://pier.dev/gateway/<namespace>/<name> (pier certgen --gateway NS/NAME)',
    };
  }
  if (named !== gateway) {
    return {
      code: GrpcStatus.PERMISSION_DENIED,
      message: `node.cluster "${gateway}" is not the Gateway of this proxy's certificate ("${named}"): a proxy gets only its own Gateway's configuration`,
    };
  }
  return { identity };
}
