/**
 * ClientPolicy (gateway.pier.dev/v1alpha1): how a Gateway's listeners treat their clients.
 * Field names as in crds/pier/gateway.pier.dev_clientpolicies.yaml.
 */
import type { LocalPolicyTargetReferenceWithSectionName, PolicyStatus } from './gateway';
import type { KubeObject } from './meta';

/** The client is the address this many trusted proxies in front of the Gateway appended to X-Forwarded-For. */
export interface XForwardedForDetection {
  numTrustedHops: number;
}

/** The client address is a request header's value (a proxy in front of the Gateway sets it). */
export interface CustomHeaderDetection {
  name: string;
  /** Refuse a request whose header is missing or not an address (403), instead of falling back to the connection's address. */
  failClosed?: boolean;
}

/** Where the client address comes from; absent, the connection's peer. Exactly one is set. */
export interface ClientIPDetection {
  xForwardedFor?: XForwardedForDetection;
  customHeader?: CustomHeaderDetection;
}

export type TLSVersion = '1.0' | '1.1' | '1.2' | '1.3';

export interface ClientTLS {
  minVersion?: TLSVersion;
  maxVersion?: TLSVersion;
  /** TLS 1.2 (and older) cipher suites by their OpenSSL names, in order of preference. */
  ciphers?: string[];
  /** The protocols offered in ALPN, in order of preference. */
  alpnProtocols?: ('h2' | 'http/1.1')[];
}

export interface ClientProxyProtocol {
  /** Also accept connections without a PROXY header. */
  optional?: boolean;
}

export interface ClientConnection {
  /** Connections open at once on the listener (its port, for plain HTTP listeners); one more is closed. */
  maxConnections?: number;
}

export interface ClientHeaders {
  /** The largest request headers, in KiB; larger is refused with 431. */
  maxRequestHeadersKb?: number;
}

export type EscapedSlashesAction = 'KeepUnchanged' | 'RejectRequest' | 'UnescapeAndRedirect' | 'UnescapeAndForward';

export interface ClientPath {
  /** RFC 3986 normalization (dot segments, percent-encoded unreserved characters); default true. */
  normalize?: boolean;
  /** Merge adjacent slashes; default true. */
  mergeSlashes?: boolean;
  /** What to do with %2F and %5C in a path; default UnescapeAndRedirect. */
  escapedSlashesAction?: EscapedSlashesAction;
}

export interface ClientHTTP1 {
  /** Serve HTTP/1.0 requests (refused with 426 otherwise). */
  acceptHTTP10?: boolean;
  /** The Host for HTTP/1.0 requests that carry none (needs acceptHTTP10). */
  defaultHostForHTTP10?: string;
  /** Request header names reach HTTP/1 backends in the case the client wrote them (not lowercased). */
  preserveHeaderCase?: boolean;
}

export interface ClientHTTP2 {
  maxConcurrentStreams?: number;
  /** Bytes. */
  initialStreamWindowSize?: number;
  /** Bytes. */
  initialConnectionWindowSize?: number;
}

/** Gateway API durations ("10s", "1m30s"). */
export interface ClientTimeouts {
  /** A connection with no request in flight is closed after this long. */
  idle?: string;
  /** The whole request must be received within this (408 otherwise). */
  request?: string;
  /** A request that sends or receives nothing for this long is reset (408 before the response starts). */
  streamIdle?: string;
}

export interface ClientPolicySpec {
  targetRefs: LocalPolicyTargetReferenceWithSectionName[];
  clientIPDetection?: ClientIPDetection;
  /** TLS settings of HTTPS listeners (ignored on others). */
  tls?: ClientTLS;
  /** Accept (require, unless optional) a PROXY protocol header (v1 or v2) before each connection's bytes. */
  proxyProtocol?: ClientProxyProtocol;
  connection?: ClientConnection;
  headers?: ClientHeaders;
  path?: ClientPath;
  http1?: ClientHTTP1;
  http2?: ClientHTTP2;
  timeouts?: ClientTimeouts;
  compression?: Compression;
  /** HTTP/3 on the HTTPS listeners reached: a QUIC listener on the same port (UDP), advertised with alt-svc. */
  http3?: HTTP3;
}

export interface ClientPolicy extends KubeObject {
  apiVersion: 'gateway.pier.dev/v1alpha1';
  kind: 'ClientPolicy';
  spec: ClientPolicySpec;
  status?: PolicyStatus;
}

/** A response compression algorithm (Envoy's gzip, brotli and zstd compressor libraries). */
export type CompressionAlgorithm = 'Gzip' | 'Brotli' | 'Zstd';

/** Compress responses for clients that accept it (Accept-Encoding). */
export interface Compression {
  /** Each at most once; the first wins when the client's q-values tie with it (between the others, the client's order decides). */
  algorithms: CompressionAlgorithm[];
  /** Smallest response (bytes) worth compressing; default 30. */
  minContentLength?: number;
  /** The media types compressed; default Envoy's list of text, JSON, JavaScript, XML and SVG types. */
  contentTypes?: string[];
}

/** HTTP/3 is on where the policy applies (HTTPS listeners); no settings of its own yet. */
export type HTTP3 = Record<string, never>;
