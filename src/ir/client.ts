/** ClientPolicy settings of one HTTP listener in the IR (PolicySettings.client). */
import type { PolicySource } from './types';
import type { ClientConnectionSettings } from './client-connection';
import type { CompressionSettings } from './client-compression';

/** Where the client address comes from (absent: the connection's peer). Exactly one is set. */
export interface ClientIPDetectionSettings {
  /** Trusted proxies in front of the Gateway: the client is this many addresses from the right of X-Forwarded-For. */
  xffNumTrustedHops?: number;
  /** A request header carrying the client address; failClosed: refuse (403) a request without a valid one. */
  customHeader?: { name: string; failClosed: boolean };
}

/**
 * What a ClientPolicy sets on a listener. All but TLS and HTTP/3 (HTTPS listeners only) lives on
 * the connection manager and its
 * filter chain, which plain HTTP listeners sharing a port share, and the PROXY protocol on the
 * socket, which every listener of a port shares: they must agree (gatewayapi/policies/clientpolicy.ts).
 */
export interface ClientSettings {
  source: PolicySource;
  /** The policy at its target ("<policy key>@<target key>"). */
  id: string;
  clientIPDetection?: ClientIPDetectionSettings;
  /** TLS, PROXY protocol, limits, header/path, HTTP/1 and 2, timeouts (client-connection.ts). */
  connection?: ClientConnectionSettings;
  compression?: CompressionSettings;
  /** HTTP/3 (a QUIC listener and alt-svc) on an HTTPS listener; plain HTTP listeners ignore it. */
  http3?: boolean;
}
