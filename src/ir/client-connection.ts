/**
 * ClientPolicy's connection settings of one HTTP listener in the IR (ClientSettings): TLS,
 * PROXY protocol, connection limit, header and path options, HTTP/1 and HTTP/2, timeouts.
 * Durations are milliseconds; every field absent means Pier's default.
 */

export type TLSProtocolVersion = 'TLSv1_0' | 'TLSv1_1' | 'TLSv1_2' | 'TLSv1_3';

/** HTTPS listeners only (a plain listener has no handshake). */
export interface ClientTLSSettings {
  minVersion?: TLSProtocolVersion;
  maxVersion?: TLSProtocolVersion;
  ciphers?: string[];
  alpnProtocols?: string[];
}

export interface ClientProxyProtocolSettings {
  /** Connections without a PROXY header are served too. */
  optional: boolean;
}

export interface ClientPathSettings {
  normalize?: boolean;
  mergeSlashes?: boolean;
  escapedSlashesAction?: 'KEEP_UNCHANGED' | 'REJECT_REQUEST' | 'UNESCAPE_AND_REDIRECT' | 'UNESCAPE_AND_FORWARD';
}

export interface ClientHTTP1Settings {
  acceptHTTP10?: boolean;
  defaultHostForHTTP10?: string;
  preserveHeaderCase?: boolean;
}

export interface ClientHTTP2Settings {
  maxConcurrentStreams?: number;
  initialStreamWindowSize?: number;
  initialConnectionWindowSize?: number;
}

export interface ClientTimeoutSettings {
  idleMs?: number;
  requestMs?: number;
  streamIdleMs?: number;
}

export interface ClientConnectionSettings {
  tls?: ClientTLSSettings;
  proxyProtocol?: ClientProxyProtocolSettings;
  maxConnections?: number;
  maxRequestHeadersKb?: number;
  path?: ClientPathSettings;
  http1?: ClientHTTP1Settings;
  http2?: ClientHTTP2Settings;
  timeouts?: ClientTimeoutSettings;
}
