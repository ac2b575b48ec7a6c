/**
 * `pier translate`: runs the provider's loader and both translators offline, without a server,
 * and prints what Pier would compute (statuses, IR or xDS resources), so users can see what
 * Pier will do before they apply. Input problems go to stderr as "path:line:col: Kind ns/name:
 * message"; the valid objects are still translated and printed, and the exit code says 1.
 */
import { policiesView } from '../ir/policies-view';
import { promises as fs } from 'node:fs';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import type { Condition } from '../apis/meta';
import { PIER_KINDS } from '../apis/pier';
import { translate, type TranslationResult } from '../gatewayapi/translate';
import type { InfraIR, RateLimitService, XdsIR } from '../ir/types';
import { DEFAULT_CONFIG } from '../config/config';
import { hasAncestors, type ObjectStatus, type ProviderResources } from '../message/resources';
import { formatProviderError, loadResourcesFromPaths } from '../provider/file';
import { describeFsError } from '../provider/file/load';
import { endpointSourceFromSlices, translateXds } from '../xds/translator';
import { redactIR, redactText, redactXdsResources } from '../security/redact';
import { resourcesOfType, TYPE_ORDER, TypeUrl, type ResourceTypeUrl, type XdsResources } from '../xds/types';

export const TRANSLATE_USAGE = `Usage:
  pier translate -f FILE|DIR [-f ...] [--output status|ir|xds|policies] [-o yaml|json] [flags]

Runs the translators offline, without a server, and prints what Pier would compute for the
Gateway API YAML given: the statuses it would report, the IR per Gateway, or the Envoy
resources per Gateway. Directories are read recursively (*.yaml, *.yml).

Flags:
  -f, --file PATH               file or directory of Gateway API YAML (repeatable, required)
  --output status|ir|xds|policies  what to print (default status; policies: the effective
                                Pier policy settings per listener and route rule)
  -o, --format yaml|json        how to print it (default yaml)
  --controller-name NAME        GatewayClass controllerName to act for (default pier.dev/gateway-controller)
  --gateway NAMESPACE/NAME      only this Gateway (a bare NAME means namespace "default")
  --default-gateway-address IP  bind address of Gateways without spec.addresses (default 0.0.0.0)
  --rate-limit-service HOST:PORT  the rate limit service RateLimitPolicy global limits are counted
                                by, as pier serve's --rate-limit-service (default: none; spec.global
                                is then Invalid)

Private keys are printed as "[redacted]", as Envoy's config_dump does.

Exit status: 0 when everything was translated; 1 when an input file or object is invalid (the
valid objects are still translated and printed), a path cannot be read, or no Gateway matched;
2 for a usage error.
`;

const TRANSLATE_FLAGS = {
  file: { type: 'string', short: 'f', multiple: true },
  output: { type: 'string' },
  format: { type: 'string', short: 'o' },
  'controller-name': { type: 'string' },
  gateway: { type: 'string' },
  'default-gateway-address': { type: 'string' },
  'rate-limit-service': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const OUTPUTS = ['status', 'ir', 'xds', 'policies'] as const;
const FORMATS = ['yaml', 'json'] as const;
type Output = (typeof OUTPUTS)[number];
type Format = (typeof FORMATS)[number];

export const DEFAULT_CONTROLLER_NAME = 'pier.dev/gateway-controller';
const DEFAULT_GATEWAY_ADDRESS = '0.0.0.0';
const GATEWAY_API_VERSION = 'gateway.networking.k8s.io/v1';

export interface TranslateCommand {
  files: string[];
  output: Output;
  format: Format;
  controllerName: string;
  /** "<namespace>/<name>" */
  gateway?: string;
  defaultAddress: string;
  /** The rate limit service of global limits (domain "pier", as pier serve's default). */
  rateLimitService?: RateLimitService;
}

/** Where the command writes; process.stdout/stderr by default, buffers in tests. */
export interface CommandIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export class UsageError extends Error {}

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, not "${value}"`);
}

function rateLimitServiceFlag(value: string): RateLimitService {
  const m = /^(\[[^\]]+\]|[^:\s]+):(\d{1,5})$/.exec(value);
  if (!m || Number(m[2]) > 65_535) throw new UsageError(`--rate-limit-service must be HOST:PORT, not "${value}"`);
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port: Number(m[2]), domain: DEFAULT_CONFIG.rateLimitDomain };
}

/** Parses the command line; throws UsageError for anything a user must fix. */
export function parseTranslateArgs(args: string[]): TranslateCommand | 'help' {
  const values = (() => {
    try {
      return parseArgs({ args, options: TRANSLATE_FLAGS, allowPositionals: false }).values;
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  })();
  if (values.help) return 'help';
  const files = values.file ?? [];
  if (files.length === 0) throw new UsageError('at least one -f FILE|DIR is required');
  let gateway: string | undefined;
  if (values.gateway !== undefined) {
    const parts = values.gateway.split('/');
    if (parts.length > 2 || parts.some((p) => p === '')) throw new UsageError(`--gateway must be NAMESPACE/NAME, not "${values.gateway}"`);
    gateway = parts.length === 1 ? `default/${parts[0]}` : values.gateway;
  }
  return {
    files,
    output: oneOf('--output', values.output, OUTPUTS, 'status'),
    format: oneOf('-o/--format', values.format, FORMATS, 'yaml'),
    controllerName: values['controller-name'] ?? DEFAULT_CONTROLLER_NAME,
    gateway,
    defaultAddress: values['default-gateway-address'] ?? DEFAULT_GATEWAY_ADDRESS,
    ...(values['rate-limit-service'] === undefined ? {} : { rateLimitService: rateLimitServiceFlag(values['rate-limit-service']) }),
  };
}

// ------------------------------------------------------------------ rendering

/** Statuses as kubectl shows objects: apiVersion, kind, metadata, status (no timestamps). */
interface StatusDocument {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  status: unknown;
}

function withoutTimestamps(conditions: readonly Condition[] | undefined): Condition[] | undefined {
  return conditions?.map(({ lastTransitionTime: _ignored, ...rest }) => rest);
}

function deterministicStatus(s: ObjectStatus): unknown {
  if (hasAncestors(s)) return { ancestors: s.status.ancestors.map((a) => ({ ...a, conditions: withoutTimestamps(a.conditions) })) };
  switch (s.kind) {
    case 'GatewayClass':
      return { ...s.status, ...(s.status.conditions ? { conditions: withoutTimestamps(s.status.conditions) } : {}) };
    case 'Gateway':
    case 'ListenerSet':
      return {
        ...s.status,
        ...(s.status.conditions ? { conditions: withoutTimestamps(s.status.conditions) } : {}),
        ...(s.status.listeners ? { listeners: s.status.listeners.map((l) => ({ ...l, conditions: withoutTimestamps(l.conditions) })) } : {}),
      };
    default:
      return { parents: s.status.parents.map((p) => ({ ...p, conditions: withoutTimestamps(p.conditions) })) };
  }
}

/** The apiVersion each object was written with, so the printed status reads like the object. */
function apiVersions(resources: ProviderResources): Map<string, string> {
  const out = new Map<string, string>();
  const lists = [resources.gatewayClasses, resources.gateways, resources.listenerSets ?? [], resources.httpRoutes, resources.grpcRoutes,
    resources.tlsRoutes, resources.tcpRoutes, resources.udpRoutes, resources.backendTLSPolicies ?? [],
    resources.xTelemetryPolicies ?? [], resources.xBackendTrafficPolicies ?? [], resources.xBackends ?? [],
    ...PIER_KINDS.map((k) => resources[k.table] ?? [])];
  for (const list of lists) {
    for (const o of list) out.set(objectKey(o.kind, o.metadata.namespace, o.metadata.name), o.apiVersion);
  }
  return out;
}

function objectKey(kind: string, namespace: string | undefined, name: string): string {
  return `${kind}/${namespace ?? ''}/${name}`;
}

function statusDocuments(statuses: readonly ObjectStatus[], resources: ProviderResources): StatusDocument[] {
  const versions = apiVersions(resources);
  return statuses.map((s) => ({
    apiVersion: versions.get(objectKey(s.kind, s.namespace, s.name)) ?? GATEWAY_API_VERSION,
    kind: s.kind,
    metadata: s.namespace === undefined ? { name: s.name } : { name: s.name, namespace: s.namespace },
    status: deterministicStatus(s),
  }));
}

/**
 * Narrows statuses to one Gateway: its GatewayClass, itself, and the routes' parent entries
 * that refer to it.
 */
function statusesOfGateway(statuses: readonly ObjectStatus[], gateway: string, resources: ProviderResources): ObjectStatus[] {
  const [namespace, name] = gateway.split('/') as [string, string];
  const className = resources.gateways.find((g) => g.metadata.namespace === namespace && g.metadata.name === name)?.spec?.gatewayClassName;
  const out: ObjectStatus[] = [];
  for (const s of statuses) {
    if (s.kind === 'GatewayClass') {
      if (s.name === className) out.push(s);
    } else if (s.kind === 'Gateway') {
      if (s.namespace === namespace && s.name === name) out.push(s);
    } else if (s.kind === 'ListenerSet') {
      const set = resources.listenerSets?.find((l) => l.metadata.namespace === s.namespace && l.metadata.name === s.name);
      const parent = set?.spec.parentRef;
      if (parent && (parent.namespace ?? s.namespace) === namespace && parent.name === name) out.push(s);
    } else if (hasAncestors(s)) {
      const ancestors = s.status.ancestors.filter((a) =>
        (a.ancestorRef.kind ?? 'Gateway') === 'Gateway' && (a.ancestorRef.namespace ?? s.namespace) === namespace && a.ancestorRef.name === name);
      if (ancestors.length > 0) out.push({ ...s, status: { ancestors } });
    } else {
      const parents = s.status.parents.filter((p) =>
        (p.parentRef.kind ?? 'Gateway') === 'Gateway' && (p.parentRef.namespace ?? s.namespace) === namespace && p.parentRef.name === name);
      if (parents.length > 0) out.push({ ...s, status: { parents } });
    }
  }
  return out;
}

/** The key names per type in the printed xDS, in make-before-break order. */
const TYPE_LABEL: Record<ResourceTypeUrl, string> = {
  [TypeUrl.Secret]: 'secrets',
  [TypeUrl.Cluster]: 'clusters',
  [TypeUrl.ClusterLoadAssignment]: 'endpoints',
  [TypeUrl.Listener]: 'listeners',
  [TypeUrl.RouteConfiguration]: 'routes',
};

/** One Gateway's resources grouped by type, each in Any `@type` form (as Envoy's config_dump prints them). */
function xdsDocument(resources: XdsResources): Record<string, object[]> {
  const out: Record<string, object[]> = {};
  for (const typeUrl of TYPE_ORDER) {
    out[TYPE_LABEL[typeUrl]] = resourcesOfType(redactXdsResources(resources), typeUrl).map((r) => ({ '@type': typeUrl, ...r }));
  }
  return out;
}

function render(value: unknown, format: Format, documents = false): string {
  if (format === 'json') return `${JSON.stringify(value, null, 2)}\n`;
  // No anchors/aliases (the IR shares objects) and no line folding: plain, greppable YAML.
  const options = { aliasDuplicateObjects: false, lineWidth: 0 } as const;
  if (documents && Array.isArray(value)) return value.map((doc) => stringify(doc, options)).join('---\n');
  return stringify(value, options);
}

function renderStatuses(docs: StatusDocument[], format: Format): string {
  if (docs.length === 0) return format === 'json' ? render({ apiVersion: 'v1', kind: 'List', items: [] }, format) : '';
  // kubectl's shapes: a List for JSON, a stream of documents for YAML.
  return format === 'json' ? render({ apiVersion: 'v1', kind: 'List', items: docs }, format) : render(docs, format, true);
}

function pickGateways<V>(all: Record<string, V>, gateway: string | undefined): Record<string, V> {
  const out: Record<string, V> = {};
  for (const key of Object.keys(all).sort()) if (!gateway || key === gateway) out[key] = all[key]!;
  return out;
}

// ------------------------------------------------------------------ explaining an empty match

/** Why a Gateway has no output, in words a user can act on. */
function explainMissingGateway(gateway: string, result: TranslationResult, resources: ProviderResources, controllerName: string): string {
  const [namespace, name] = gateway.split('/') as [string, string];
  const gw = resources.gateways.find((g) => g.metadata.namespace === namespace && g.metadata.name === name);
  if (!gw) {
    const known = resources.gateways.map((g) => `${g.metadata.namespace}/${g.metadata.name}`).sort();
    return `Gateway ${gateway} is not in the input${known.length > 0 ? ` (Gateways found: ${known.join(', ')})` : ' (no Gateways found)'}`;
  }
  if (result.statuses.some((s) => s.kind === 'Gateway' && s.namespace === namespace && s.name === name)) {
    return `Gateway ${gateway} is not served: it has no valid listener or was not accepted (see --output status)`;
  }
  return `Gateway ${gateway} is not managed by controller "${controllerName}": ${classProblem(gw.spec?.gatewayClassName, resources)}`;
}

function classProblem(className: string | undefined, resources: ProviderResources): string {
  const gc = resources.gatewayClasses.find((c) => c.metadata.name === className);
  if (!gc) return `its GatewayClass "${className ?? ''}" is not in the input`;
  return `its GatewayClass "${className}" has controllerName "${gc.spec?.controllerName ?? ''}" (use --controller-name)`;
}

function explainNoGateways(resources: ProviderResources, controllerName: string): string {
  if (resources.gateways.length === 0) return 'no Gateway found in the input';
  const ours = resources.gatewayClasses.filter((c) => c.spec?.controllerName === controllerName).map((c) => c.metadata.name);
  if (ours.length === 0) {
    const classes = resources.gatewayClasses.map((c) => `${c.metadata.name} (${c.spec?.controllerName ?? ''})`).sort();
    return `no GatewayClass has controllerName "${controllerName}"${classes.length > 0 ? `; GatewayClasses found: ${classes.join(', ')} (use --controller-name)` : ''}`;
  }
  return `no Gateway is served by controller "${controllerName}" (GatewayClasses: ${ours.sort().join(', ')}; see --output status)`;
}

// ------------------------------------------------------------------ the command

/** Paths that cannot be read at all: reported before anything is translated. */
async function unreadablePaths(paths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const p of paths) {
    try {
      await fs.access(p);
    } catch (err) {
      problems.push(`cannot read ${p}: ${describeFsError(err)}`);
    }
  }
  return problems;
}

/** Runs a parsed command; returns the exit code. */
export async function executeTranslate(cmd: TranslateCommand, io: CommandIO): Promise<number> {
  const unreadable = await unreadablePaths(cmd.files);
  if (unreadable.length > 0) {
    for (const p of unreadable) io.stderr.write(`pier translate: ${p}\n`);
    return 1;
  }

  const { resources, errors } = await loadResourcesFromPaths(cmd.files);
  const result = translate(resources, { controllerName: cmd.controllerName, defaultAddress: cmd.defaultAddress, ...(cmd.rateLimitService ? { rateLimitService: cmd.rateLimitService } : {}) });

  let out: string;
  switch (cmd.output) {
    case 'status': {
      const statuses = cmd.gateway ? statusesOfGateway(result.statuses, cmd.gateway, resources) : result.statuses;
      out = renderStatuses(statusDocuments(statuses, resources), cmd.format);
      break;
    }
    case 'ir': {
      const xdsIR = pickGateways(result.xdsIR, cmd.gateway);
      const infraIR: Record<string, InfraIR> = pickGateways(result.infraIR, cmd.gateway);
      const redacted: Record<string, XdsIR> = {};
      for (const [k, v] of Object.entries(xdsIR)) redacted[k] = redactIR(v);
      out = render({ xdsIR: redacted, infraIR }, cmd.format);
      break;
    }
    case 'policies':
      out = render(policiesView(pickGateways(result.xdsIR, cmd.gateway)), cmd.format);
      break;
    case 'xds': {
      const docs: Record<string, Record<string, object[]>> = {};
      const endpointsOf = endpointSourceFromSlices(resources.endpointSlices);
      for (const [k, ir] of Object.entries(pickGateways(result.xdsIR, cmd.gateway))) docs[k] = xdsDocument(translateXds(ir, endpointsOf));
      out = render(docs, cmd.format);
      break;
    }
  }
  io.stdout.write(redactText(out));

  // A Gateway matches when it has a status (status output) or configuration (ir, xds).
  const matched = cmd.output === 'status'
    ? result.statuses.filter((s) => s.kind === 'Gateway').map((s) => `${s.namespace}/${s.name}`)
    : Object.keys(result.xdsIR);
  let noMatch: string | undefined;
  if (cmd.gateway && !matched.includes(cmd.gateway)) noMatch = explainMissingGateway(cmd.gateway, result, resources, cmd.controllerName);
  else if (matched.length === 0) noMatch = explainNoGateways(resources, cmd.controllerName);

  for (const e of errors) io.stderr.write(`${redactText(formatProviderError(e))}\n`);
  if (errors.length > 0) {
    io.stderr.write(`pier translate: ${errors.length} input ${errors.length === 1 ? 'error' : 'errors'}; the objects concerned were left out of the output above\n`);
  }
  if (noMatch) io.stderr.write(`pier translate: ${noMatch}\n`);
  return errors.length > 0 || noMatch ? 1 : 0;
}

/** `pier translate ...`: parses, runs, returns the exit code (2 for usage errors). */
export async function runTranslate(args: string[], io: CommandIO = process): Promise<number> {
  let cmd: TranslateCommand | 'help';
  try {
    cmd = parseTranslateArgs(args);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr.write(`pier translate: ${err.message}\n(see pier translate --help)\n`);
    return 2;
  }
  if (cmd === 'help') {
    io.stdout.write(TRANSLATE_USAGE);
    return 0;
  }
  return executeTranslate(cmd, io);
}
