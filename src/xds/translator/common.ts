/** Small building blocks shared by the listener, route and cluster builders. */
import type { ConfigSource } from '../../generated/envoy/config/core/v3/ConfigSource';
import type { AccessLog } from '../../generated/envoy/config/accesslog/v3/AccessLog';
import type { Duration } from '../../generated/google/protobuf/Duration';
import type { StdoutAccessLog } from '../../generated/envoy/extensions/access_loggers/stream/v3/StdoutAccessLog';
import { typedConfig } from '../types';
import { FilterName, ProtoType } from './names';

/** Dynamic resources (RDS, EDS, SDS) come over the same ADS stream as listeners and clusters. */
export function adsConfigSource(): ConfigSource {
  return { ads: {}, resource_api_version: 'V3' };
}

/** Milliseconds as a protobuf Duration; 0 stays 0 (Envoy reads a zero timeout as "disabled"). */
export function durationFromMs(ms: number): Duration {
  const whole = Math.max(0, Math.floor(ms));
  const seconds = Math.floor(whole / 1000);
  const nanos = (whole % 1000) * 1_000_000;
  return nanos === 0 ? { seconds } : { seconds, nanos };
}

/** Envoy's default text access log on the proxy's stdout: where operators look first. */
export function stdoutAccessLog(): AccessLog[] {
  return [{ name: FilterName.stdoutAccessLog, typed_config: typedConfig<StdoutAccessLog>(ProtoType.stdoutAccessLog, {}) }];
}

/**
 * Per-connection buffer limit for listeners and clusters (Envoy's edge-proxy best practice):
 * bounds the memory one slow or hostile peer can pin.
 */
export const CONNECTION_BUFFER_LIMIT_BYTES = 32_768;
