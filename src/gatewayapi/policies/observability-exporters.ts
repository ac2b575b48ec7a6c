/**
 * The OTLP receivers ObservabilityPolicy settings name (a Service port), resolved for one
 * Gateway like a route's backendRef (ReferenceGrant, Service, port, HTTP/2; a BackendTLSPolicy on
 * the port gives TLS). Done by the Gateway's unit, whose reads are recorded, so a Service change
 * re-translates the Gateways whose receiver it is. What does not resolve is left out (Envoy
 * refuses an exporter without its cluster) and makes the policy Invalid on that Gateway,
 * naming the field. A listener's tracing settings become its tracer here, settled with the
 * Gateway's XTelemetryPolicy (OTLPResolver.tracer).
 */
import { PIER_GROUP } from '../../apis/pier';
import type { HTTPListener, HTTPRoute, PolicySettings, XdsIR } from '../../ir/types';
import type { AccessLogSettings, ObservabilitySettings, OTLPBackend } from '../../ir/observability';
import type { OTLPExporter, Tracing } from '../../ir/types';
import type { ResourceIndex } from '../resourceindex';
import { resolveBackend } from '../backends/backends';
import type { PolicyOutcomes } from './apply';
import { freezeValue } from '../../message/watchable';

/** An exporter for a receiver, or why there is none. */
type Resolution = { exporter: OTLPExporter } | { problem: string };

export class OTLPResolver {
  private readonly cache = new Map<string, Resolution>();
  private readonly done = new WeakMap<ObservabilitySettings, ObservabilitySettings>();
  /** Policy key ("ObservabilityPolicy/<ns>/<name>") -> problems on this Gateway. */
  readonly problems = new Map<string, string[]>();
  /** Policy key -> what of it yields to the Gateway's XTelemetryPolicy here (said in its Accepted message). */
  readonly notes = new Map<string, string>();

  constructor(private readonly index: ResourceIndex, private readonly gateway: string, private readonly gatewayTracing: Tracing | undefined) {}

  resolve(namespace: string, backend: OTLPBackend): Resolution {
    const key = JSON.stringify([namespace, backend]);
    let out = this.cache.get(key);
    if (!out) {
      const from = { group: PIER_GROUP, kind: 'ObservabilityPolicy', namespace };
      const { setting, problem } = resolveBackend(this.index, from, { ...backend }, 1, 'h2c');
      if (problem) out = { problem: problem.message };
      else if (setting.invalid) out = { problem: 'the BackendTLSPolicy of its port cannot be used' };
      else out = { exporter: { destination: setting, headers: [] } };
      this.cache.set(key, out);
    }
    return out;
  }

  private report(settings: ObservabilitySettings, message: string): void {
    const key = `${settings.source.kind}/${settings.source.namespace}/${settings.source.name}`;
    const list = this.problems.get(key) ?? [];
    if (!list.includes(message)) list.push(message);
    this.problems.set(key, list);
  }

  /** The settings with their receivers resolved (the same object when they name none). */
  settings(settings: ObservabilitySettings): ObservabilitySettings {
    const known = this.done.get(settings);
    if (known) return known;
    let changed = false;
    const accessLogs = settings.accessLogs?.flatMap((log): AccessLogSettings[] => {
      if (!log.otlp) return [log];
      changed = true;
      const r = this.resolve(settings.source.namespace, log.otlp.backend);
      if ('problem' in r) {
        this.report(settings, `${log.otlp.field}: ${r.problem}; that access log is left out`);
        return [];
      }
      return [{ ...log, otlp: { ...log.otlp, exporter: r.exporter } }];
    });
    let out = changed ? { ...settings, accessLogs: accessLogs! } : settings;
    if (settings.tracing && this.listenerLevel) {
      const tracer = this.tracer(settings);
      if (tracer) out = { ...out, tracing: { ...settings.tracing, tracer } };
    }
    this.done.set(settings, out);
    return out;
  }

  /**
   * The tracer of the connection managers a listener's settings reach. Envoy has one per
   * connection manager, shared with the Gateway's XTelemetryPolicy: at the Gateway itself the
   * Gateway API's kind wins (an XTelemetryPolicy there carries a whole tracer); a policy on a
   * ListenerSet or listener is more specific and wins field by field (provider, samplingRate,
   * serviceName), the XTelemetryPolicy giving the rest (and its attributes).
   */
  private tracer(settings: ObservabilitySettings): Tracing | undefined {
    const own = settings.tracing!;
    const gatewayWide = this.gatewayTracing;
    const origin = own.origin ?? settings.id;
    if (gatewayWide && isGatewayLevel(origin)) {
      this.notes.set(origin.slice(0, origin.lastIndexOf('@')), 'spec.tracing: the Gateway\'s XTelemetryPolicy takes precedence at the Gateway');
      return undefined;
    }
    let exporter = gatewayWide?.exporter;
    if (own.provider) {
      const r = this.resolve(settings.source.namespace, own.provider.backend);
      if ('problem' in r) {
        this.report(settings, `${own.provider.field}: ${r.problem}; tracing is left out`);
        return gatewayWide;
      }
      exporter = r.exporter;
    }
    if (!exporter) {
      this.report(settings, 'spec.tracing.provider: no receiver for the spans (set provider, or give the Gateway an XTelemetryPolicy with tracing)');
      return undefined;
    }
    return {
      exporter,
      serviceName: own.serviceName ?? gatewayWide?.serviceName ?? this.gateway,
      samplingPercent: own.samplingPercent ?? gatewayWide?.samplingPercent ?? 100,
      attributes: gatewayWide ? gatewayWide.attributes.map((a) => ({ ...a })) : [],
    };
  }

  /** Set while resolving a listener's settings (routes get no tracer: a route only samples). */
  listenerLevel = false;
}

/** Whether settings were placed from a policy on the whole Gateway (id "<policy>@Gateway/<ns>/<name>"), not a listener or ListenerSet. */
function isGatewayLevel(id: string): boolean {
  const target = id.slice(id.lastIndexOf('@') + 1);
  return target.startsWith('Gateway/') && target.split('/').length === 3;
}

function withResolved(policies: PolicySettings | undefined, resolver: OTLPResolver): PolicySettings | undefined {
  const own = policies?.observability;
  if (!own) return policies;
  const resolved = resolver.settings(own);
  return resolved === own ? policies : { ...policies, observability: resolved };
}

/**
 * ir with every OTLP receiver of its listeners' and (routeTargets: some ObservabilityPolicy
 * targets a route) routes' settings resolved; problems reported in outcomes.
 */
export function resolveObservabilityExporters(ir: XdsIR, index: ResourceIndex, outcomes: PolicyOutcomes, routeTargets: boolean): XdsIR {
  const resolver = new OTLPResolver(index, ir.gateway, ir.telemetry?.tracing);
  let changed = false;
  const http = ir.http.map((listener): HTTPListener => {
    resolver.listenerLevel = true;
    const policies = withResolved(listener.policies, resolver);
    resolver.listenerLevel = false;
    let vhostsChanged = false;
    // Routes hold settings only when some policy targets a route: else they are not walked.
    const virtualHosts = !routeTargets ? listener.virtualHosts : listener.virtualHosts.map((vh) => {
      let routesChanged = false;
      const routes = vh.routes.map((route): HTTPRoute => {
        const p = withResolved(route.policies, resolver);
        if (p === route.policies) return route;
        routesChanged = true;
        return freezeValue({ ...route, policies: p! });
      });
      if (!routesChanged) return vh;
      vhostsChanged = true;
      return { ...vh, routes };
    });
    if (policies === listener.policies && !vhostsChanged) return listener;
    changed = true;
    const out: HTTPListener = { ...listener, virtualHosts };
    if (policies) out.policies = policies;
    return out;
  });
  for (const [key, note] of resolver.notes) {
    for (const report of outcomes.get(key)?.targets.values() ?? []) report.note = note;
  }
  for (const [key, problems] of resolver.problems) {
    for (const report of outcomes.get(key)?.targets.values() ?? []) report.invalid = problems.join('; ');
  }
  return changed ? { ...ir, http } : ir;
}
