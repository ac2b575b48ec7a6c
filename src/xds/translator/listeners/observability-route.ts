/**
 * A route rule's ObservabilityPolicy in Envoy (HTTPRoute.policies.observability). Its sampling
 * rate is the route's own `tracing.random_sampling` (Envoy's per-route override of the connection
 * manager's rate; the tracer itself is the connection manager's). Envoy has no per-route access
 * log: the route carries the policy's id in its metadata (ROUTE_METADATA_KEY), and the connection
 * manager writes each route policy's logs behind a CEL filter on that id, the listener's logs
 * behind a filter that skips such routes (accesslog.ts).
 */
import type { AccessLogFilter } from '../../../generated/envoy/config/accesslog/v3/AccessLogFilter';
import type { ExpressionFilter } from '../../../generated/envoy/extensions/access_loggers/filters/cel/v3/ExpressionFilter';
import type { Route } from '../../../generated/envoy/config/route/v3/Route';
import { typedConfig } from '../../types';
import { FilterName, ProtoType } from '../names';
import type { FractionalPercent } from '../../../generated/envoy/type/v3/FractionalPercent';
import type { HTTPRoute } from '../../../ir/types';

/** A percentage as a fraction of a million (Envoy's finest denominator). */
export function fractionalPercent(percent: number): FractionalPercent {
  return { numerator: Math.round(percent * 10_000), denominator: 'MILLION' };
}

/** The route metadata namespace naming the route's ObservabilityPolicy (its settings id). */
export const ROUTE_METADATA_KEY = 'pier.dev/observability';

/** The route fields of the rule's ObservabilityPolicy: none without one. */
export function routeObservability(route: HTTPRoute): Pick<Route, 'tracing' | 'metadata'> {
  const own = route.policies?.observability;
  if (!own) return {};
  // Marked only when the route has access logs of its own: else the listener's write its requests.
  const out: Pick<Route, 'tracing' | 'metadata'> = own.accessLogs ? { metadata: { filter_metadata: { [ROUTE_METADATA_KEY]: { fields: { policy: { stringValue: own.id } } } } } } : {};
  const percent = own.tracing?.samplingPercent;
  if (percent !== undefined) out.tracing = { random_sampling: fractionalPercent(percent) };
  return out;
}

function celFilter(expression: string): AccessLogFilter {
  return { extension_filter: { name: FilterName.celAccessLogFilter, typed_config: typedConfig<ExpressionFilter>(ProtoType.celAccessLogFilter, { expression }) } };
}

/** Only the requests of routes carrying this policy id. */
export function routePolicyFilter(id: string): AccessLogFilter {
  const literal = id.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
  return celFilter(`xds.route_metadata.filter_metadata['${ROUTE_METADATA_KEY}']['policy'] == '${literal}'`);
}

/** Only the requests of routes without a policy of their own (and of no route at all). */
export function notRoutePolicyFilter(): AccessLogFilter {
  // No route: xds.route_metadata is absent (has() is false, where reading it would be an error, which CEL filters count as false).
  return celFilter(`!has(xds.route_metadata) || !('${ROUTE_METADATA_KEY}' in xds.route_metadata.filter_metadata)`);
}
