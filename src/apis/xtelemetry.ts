/**
 * XTelemetryPolicy (gateway.networking.x-k8s.io/v1alpha1, experimental channel since Gateway API
 * v1.7.0): a Direct Attached Policy configuring a Gateway's telemetry, so far distributed tracing
 * exported over OTLP. Field names and enums as in the vendored CRD.
 */
import type { BackendObjectReference, HTTPHeader, LocalObjectReference, PolicyStatus } from './gateway';
import type { KubeObject } from './meta';

export { X_GATEWAY_GROUP } from './gateway';

export type TracingMode = 'Enabled' | 'Disabled' | 'ImplementationDefault';
export type ParentBasedSamplingMode = 'Enabled' | 'Disabled' | 'ImplementationDefault';
export type AttributeSourceType = 'Header' | 'Literal' | 'Attribute';

/** numerator/denominator; the CRD defaults denominator to 100 and requires numerator <= denominator. */
export interface Fraction {
  numerator: number;
  denominator?: number;
}

export interface TracingProvider {
  backendRef: BackendObjectReference;
  /** Sent with every export request (gRPC metadata). */
  headers?: HTTPHeader[];
}

export interface ParentBasedSampling {
  mode?: ParentBasedSamplingMode;
  samplingRate?: Fraction;
}

export interface TelemetryAttribute {
  name: string;
  sourceType: AttributeSourceType;
  headerName?: string;
  literalValue?: string;
  /** An OpenTelemetry semantic-convention key, such as "http.request.method". */
  attributeKey?: string;
}

export interface TracingConfig {
  mode?: TracingMode;
  provider?: TracingProvider;
  samplingRate?: Fraction;
  parentBasedSampling?: ParentBasedSampling;
  serviceName?: string;
  spanName?: string;
  attributes?: TelemetryAttribute[];
}

export interface XTelemetryPolicy extends KubeObject {
  kind: 'XTelemetryPolicy';
  spec: {
    targetRefs: LocalObjectReference[];
    tracing?: TracingConfig;
  };
  status?: PolicyStatus;
}
