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

export interface ClientPolicySpec {
  targetRefs: LocalPolicyTargetReferenceWithSectionName[];
  clientIPDetection?: ClientIPDetection;
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
