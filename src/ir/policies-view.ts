/**
 * The effective Pier policy settings of Gateways, read from their IR: per HTTP listener, per
 * route rule with settings of its own, and per Service with a BackendPolicy of its own, each with
 * the policy it came from. What `pier translate
 * --output policies` prints and the admin API's /policies answers.
 */
import type { BackendPolicySettings } from './backendpolicy';
import type { ClientSettings } from './client';
import type { HTTPListener, PolicySettings, XdsIR } from './types';
import { redactPolicySettings } from '../security/redact';

type AnySettings = NonNullable<PolicySettings[keyof PolicySettings]>;

export interface PolicySettingView {
  /** "<kind> <namespace>/<name>", e.g. "RateLimitPolicy default/limits" */
  policy: string;
  /** Where the policy is attached ("Gateway ns/name", "HTTPRoute ns/name rule slow", ...). */
  target: string;
  settings: Omit<AnySettings, 'source' | 'id'>;
}

/** Kind by kind (PolicySettings keys), what applies. */
export type SettingsView = Partial<Record<keyof PolicySettings, PolicySettingView>>;

export interface GatewayPoliciesView {
  gateway: string;
  /** Every HTTP listener (IR name), with what applies to all its routes (none: empty). */
  listeners: ({ name: string } & SettingsView)[];
  /** Rules with settings of their own, which replace the listener's kind by kind. */
  rules: ({ listener: string; rule: string } & SettingsView)[];
  /** Services the Gateway's routes reach whose BackendPolicy replaces the rules' for their traffic (absent: none). */
  services?: ({ service: string } & SettingsView)[];
}

/** Credentials from Secrets (htpasswd lines, API keys, an OIDC client secret) show as "[redacted]": the view is what the admin API and pier translate print. */
function viewOf(settings: PolicySettings | undefined): SettingsView {
  const out: SettingsView = {};
  for (const [kind, value] of Object.entries(redactPolicySettings(settings) ?? {}) as [keyof PolicySettings, AnySettings][]) {
    const { source, id: _id, ...rest } = value;
    out[kind] = { policy: `${source.kind} ${source.namespace}/${source.name}`, target: source.target, settings: rest };
  }
  return out;
}

/** "HTTPRoute ns/name rule 0" from an IR route's origin ("... match 1"). */
function ruleOfOrigin(origin: string): string {
  const at = origin.lastIndexOf(' match ');
  return at < 0 ? origin : origin.slice(0, at);
}

/** The BackendPolicies on Services that the IR's routes send traffic through (on the plain clusters or their own), by target ("Service ns/name"). */
function servicePolicies(ir: XdsIR): NonNullable<GatewayPoliciesView['services']> {
  const found = new Map<string, BackendPolicySettings>();
  for (const settings of Object.values(ir.backendClusterPolicies ?? {})) {
    const target = settings.source.target;
    if (target.startsWith('Service ') && !found.has(target)) found.set(target, settings);
  }
  for (const l of ir.http) for (const vh of l.virtualHosts) for (const r of vh.routes) {
    for (const d of [r.destination, ...(r.mirrors ?? [])]) {
      for (const s of d?.settings ?? []) {
        const target = s.backendPolicy?.source.target;
        if (target?.startsWith('Service ') && !found.has(target)) found.set(target, s.backendPolicy!);
      }
    }
  }
  return [...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([target, backend]) => ({ service: target.slice('Service '.length), ...viewOf({ backend }) }));
}

/**
 * A listener's settings as they take effect: a plain HTTP listener shows no HTTP/3 and no TLS
 * settings (they hold for HTTPS listeners only; a ClientPolicy on the Gateway reaches both).
 */
function effectiveOnListener(l: HTTPListener): PolicySettings | undefined {
  const client = l.policies?.client;
  if (l.tls || !client || (client.http3 === undefined && client.connection?.tls === undefined)) return l.policies;
  const { http3: _http3, connection, ...rest } = client;
  const { tls: _tls, ...plainConnection } = connection ?? {};
  const effective: ClientSettings = Object.keys(plainConnection).length > 0 ? { ...rest, connection: plainConnection } : rest;
  const { client: _client, ...others } = l.policies!;
  // Nothing of the policy takes effect here: the listener shows none.
  return Object.keys(effective).some((k) => k !== 'source' && k !== 'id') ? { ...others, client: effective } : others;
}

export function policiesView(irs: Readonly<Record<string, XdsIR>>): { gateways: GatewayPoliciesView[] } {
  const entries = Object.entries(irs);
  const gateways = entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([gateway, ir]) => {
    const rules: GatewayPoliciesView['rules'] = [];
    for (const l of ir.http) {
      const seen = new Set<string>();
      for (const vh of l.virtualHosts) {
        for (const r of vh.routes) {
          if (!r.policies) continue;
          const rule = ruleOfOrigin(r.origin);
          if (seen.has(rule)) continue;
          seen.add(rule);
          rules.push({ listener: l.name, rule, ...viewOf(r.policies) });
        }
      }
    }
    const out: GatewayPoliciesView = { gateway, listeners: ir.http.map((l) => ({ name: l.name, ...viewOf(effectiveOnListener(l)) })), rules };
    const services = servicePolicies(ir);
    if (services.length > 0) out.services = services;
    return out;
  });
  return { gateways };
}
