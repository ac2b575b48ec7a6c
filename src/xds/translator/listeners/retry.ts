/**
 * A route's timeouts and retries as Envoy's route timeout and retry policy.
 *
 * Gateway API: timeouts.request bounds the whole request, retries included (Envoy's route
 * timeout); timeouts.backendRequest bounds each try at a backend (Envoy's per-try timeout);
 * retry.attempts counts retries after the first try (num_retries); retry.codes are the response
 * codes retried (retriable-status-codes). Connection errors are retried whenever a retry is
 * configured, as the API asks: a refused or failed connection (connect-failure), an HTTP/2
 * REFUSED_STREAM (refused-stream), and a backend that resets, disconnects or does not answer
 * within the per-try timeout (reset).
 */
import type { HTTPRoute, RetryPolicy } from '../../../ir/types';
import type { RouteAction } from '../../../generated/envoy/config/route/v3/RouteAction';
import type { RetryPolicy as EnvoyRetryPolicy } from '../../../generated/envoy/config/route/v3/RetryPolicy';
import { durationFromMs } from '../common';

/** Envoy's retry conditions for connection errors (see the router filter's x-envoy-retry-on). */
const CONNECTION_ERRORS = ['connect-failure', 'refused-stream', 'reset'];

function envoyRetryPolicy(retry: RetryPolicy, perTryMs: number | undefined): EnvoyRetryPolicy {
  const retryOn = retry.codes.length > 0 ? [...CONNECTION_ERRORS, 'retriable-status-codes'] : CONNECTION_ERRORS;
  const out: EnvoyRetryPolicy = { retry_on: retryOn.join(',') };
  if (retry.codes.length > 0) out.retriable_status_codes = [...retry.codes];
  if (retry.attempts !== undefined) out.num_retries = { value: retry.attempts };
  // 0 disables the per-try timeout: each try may then last as long as the request.
  if (perTryMs !== undefined && perTryMs > 0) out.per_try_timeout = durationFromMs(perTryMs);
  // Envoy needs a positive base interval; a zero back-off keeps Envoy's default (25 ms).
  if (retry.backoffMs !== undefined && retry.backoffMs > 0) out.retry_back_off = { base_interval: durationFromMs(retry.backoffMs) };
  return out;
}

/**
 * Without retries, backendRequestTimeoutMs alone bounds the one try (route timeout); with a
 * request timeout too it is the per-try timeout of a policy that does not retry. With retries and
 * a per-try timeout but no request timeout, the route timeout is disabled: the tries, each
 * bounded, bound the request, and Envoy's 15 s default would cut the retries short.
 */
export function timeoutsAndRetries(route: HTTPRoute): Pick<RouteAction, 'timeout' | 'retry_policy'> {
  const { requestTimeoutMs: request, backendRequestTimeoutMs: backend, retry } = route;
  if (retry) {
    const policy = envoyRetryPolicy(retry, backend);
    const timeout = request ?? (backend !== undefined ? 0 : undefined);
    return timeout === undefined ? { retry_policy: policy } : { timeout: durationFromMs(timeout), retry_policy: policy };
  }
  if (request === undefined && backend === undefined) return {};
  if (request === undefined) return { timeout: durationFromMs(backend ?? 0) };
  if (backend === undefined) return { timeout: durationFromMs(request) };
  return { timeout: durationFromMs(request), retry_policy: { num_retries: { value: 0 }, per_try_timeout: durationFromMs(backend) } };
}
