/**
 * Tracing in the HTTP connection manager: Envoy's OpenTelemetry tracer, exporting spans over
 * OTLP/gRPC to the exporter's cluster. Requests without a trace parent start a trace at the
 * random sampling rate; a request with a sampled trace parent (W3C traceparent) is traced as its
 * parent says.
 */
import type { Tracing } from '../../../ir/types';
import type { HttpConnectionManager } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpConnectionManager';
import type { OpenTelemetryConfig } from '../../../generated/envoy/config/trace/v3/OpenTelemetryConfig';
import type { CustomTag } from '../../../generated/envoy/type/tracing/v3/CustomTag';
import { typedConfig } from '../../types';
import { durationFromMs } from '../common';
import { FilterName, ProtoType } from '../names';

/** How long one export request may take. */
const EXPORT_TIMEOUT_MS = 5_000;

function customTag(attribute: Tracing['attributes'][number]): CustomTag {
  if (attribute.requestHeader !== undefined) return { tag: attribute.name, request_header: { name: attribute.requestHeader } };
  return { tag: attribute.name, literal: { value: attribute.literal ?? '' } };
}

export function hcmTracing(tracing: Tracing): NonNullable<HttpConnectionManager['tracing']> {
  const { exporter } = tracing;
  const grpcService: NonNullable<OpenTelemetryConfig['grpc_service']> = {
    envoy_grpc: { cluster_name: exporter.destination.clusterName },
    timeout: durationFromMs(EXPORT_TIMEOUT_MS),
  };
  if (exporter.headers.length > 0) grpcService.initial_metadata = exporter.headers.map((h) => ({ key: h.name, value: h.value }));
  const config: OpenTelemetryConfig = { grpc_service: grpcService, service_name: tracing.serviceName };
  const out: NonNullable<HttpConnectionManager['tracing']> = {
    random_sampling: { value: tracing.samplingPercent },
    provider: { name: FilterName.openTelemetryTracer, typed_config: typedConfig(ProtoType.openTelemetryConfig, config) },
  };
  if (tracing.attributes.length > 0) out.custom_tags = tracing.attributes.map(customTag);
  return out;
}
