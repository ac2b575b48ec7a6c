/**
 * HTTPRoute rule filters -> IR pieces. A filter Pier cannot apply is never skipped: it is
 * reported as a problem and the rule answers 500 instead (Gateway API: requests that would
 * have been processed by the filter must receive an error).
 */
import type { BackendObjectReference, HTTPExternalAuthFilter, HTTPHeaderFilter, HTTPPathModifier, HTTPRouteFilter, HTTPRouteMatch } from '../../apis/gateway';
import type { CORSPolicy, DestinationSetting, ExternalAuth, Fraction, HeaderModifier, Redirect, URLRewrite } from '../../ir/types';
import { RouteReason } from '../model/conditions';

export interface RuleProblem {
  reason: typeof RouteReason.UnsupportedValue | typeof RouteReason.IncompatibleFilters;
  message: string;
}

/** GRPCRoute rules[].sessionPersistence (experimental channel): not implemented, so refused rather than ignored. */
export const SESSION_PERSISTENCE_UNSUPPORTED: RuleProblem = { reason: RouteReason.UnsupportedValue, message: 'sessionPersistence is not supported' };

/** A redirect before the listener port is known (the port defaults from it). */
export type RedirectSpec = Redirect;

export interface MirrorSpec {
  backendRef: BackendObjectReference;
  /** The share of requests mirrored; absent means all. */
  fraction?: Fraction;
}

/** An ExternalAuth filter before its backendRef is resolved (see ExternalAuth in the IR). */
export interface ExternalAuthSpec extends Omit<ExternalAuth, 'service'> {
  backendRef: BackendObjectReference;
}

export interface RuleFilters {
  requestHeaders?: HeaderModifier;
  responseHeaders?: HeaderModifier;
  redirect?: RedirectSpec;
  urlRewrite?: URLRewrite;
  mirrors: MirrorSpec[];
  cors?: CORSPolicy;
  externalAuth?: ExternalAuthSpec;
  problems: RuleProblem[];
}

const REDIRECT_CODES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
const SCHEMES: ReadonlySet<string> = new Set(['http', 'https']);

function unsupported(message: string): RuleProblem {
  return { reason: RouteReason.UnsupportedValue, message };
}

function headerModifier(what: string, filter: HTTPHeaderFilter | undefined, problems: RuleProblem[]): HeaderModifier | undefined {
  if (!filter) {
    problems.push(unsupported(`${what} filter has no configuration`));
    return undefined;
  }
  const set = (filter.set ?? []).map((h) => ({ name: h.name, value: h.value }));
  const add = (filter.add ?? []).map((h) => ({ name: h.name, value: h.value }));
  const remove = [...(filter.remove ?? [])];
  const names = [...set.map((h) => h.name), ...add.map((h) => h.name), ...remove].map((n) => n.toLowerCase());
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  if (repeated.length > 0) {
    problems.push(unsupported(`${what} filter names header "${repeated[0]}" more than once`));
    return undefined;
  }
  return { set, add, remove };
}

/** ReplacePrefixMatch only makes sense for a rule with exactly one PathPrefix match. */
function pathModifier(what: string, path: HTTPPathModifier, matches: readonly HTTPRouteMatch[], problems: RuleProblem[]): { fullPath?: string; prefixReplace?: string } | undefined {
  switch (path.type) {
    case 'ReplaceFullPath':
      if (path.replaceFullPath === undefined) break;
      return { fullPath: path.replaceFullPath };
    case 'ReplacePrefixMatch':
      if (path.replacePrefixMatch === undefined) break;
      if (matches.length !== 1 || (matches[0]!.path?.type ?? 'PathPrefix') !== 'PathPrefix') {
        problems.push({ reason: RouteReason.IncompatibleFilters, message: `${what} ReplacePrefixMatch needs exactly one PathPrefix match in its rule` });
        return undefined;
      }
      return { prefixReplace: path.replacePrefixMatch };
    default:
      problems.push(unsupported(`${what} path modifier type "${String(path.type)}" is not supported`));
      return undefined;
  }
  problems.push(unsupported(`${what} path modifier ${path.type} has no value`));
  return undefined;
}

function redirect(filter: HTTPRouteFilter, matches: readonly HTTPRouteMatch[], problems: RuleProblem[]): RedirectSpec | undefined {
  const r = filter.requestRedirect;
  if (!r) {
    problems.push(unsupported('RequestRedirect filter has no configuration'));
    return undefined;
  }
  const statusCode = r.statusCode ?? 302;
  if (!REDIRECT_CODES.has(statusCode)) {
    problems.push(unsupported(`RequestRedirect statusCode ${String(statusCode)} is not supported`));
    return undefined;
  }
  if (r.scheme !== undefined && !SCHEMES.has(r.scheme)) {
    problems.push(unsupported(`RequestRedirect scheme "${String(r.scheme)}" is not supported`));
    return undefined;
  }
  const out: RedirectSpec = { statusCode };
  if (r.scheme !== undefined) out.scheme = r.scheme;
  if (r.hostname !== undefined) out.hostname = r.hostname;
  if (r.port !== undefined) out.port = r.port;
  if (r.path) {
    const path = pathModifier('RequestRedirect', r.path, matches, problems);
    if (!path) return undefined;
    Object.assign(out, path);
  }
  return out;
}

function urlRewrite(filter: HTTPRouteFilter, matches: readonly HTTPRouteMatch[], problems: RuleProblem[]): URLRewrite | undefined {
  const r = filter.urlRewrite;
  if (!r) {
    problems.push(unsupported('URLRewrite filter has no configuration'));
    return undefined;
  }
  const out: URLRewrite = {};
  if (r.hostname !== undefined) out.hostname = r.hostname;
  if (r.path) {
    const path = pathModifier('URLRewrite', r.path, matches, problems);
    if (!path) return undefined;
    Object.assign(out, path);
  }
  return out;
}

/**
 * A mirror of all requests, or of a share of them (percent, or fraction with a default
 * denominator of 100; only one of the two may be set). A share of 0 mirrors nothing.
 */
function mirror(filter: HTTPRouteFilter, problems: RuleProblem[]): MirrorSpec | undefined {
  const m = filter.requestMirror;
  if (!m?.backendRef) {
    problems.push(unsupported('RequestMirror filter has no backendRef'));
    return undefined;
  }
  if (m.percent !== undefined && m.fraction !== undefined) {
    problems.push(unsupported('RequestMirror takes percent or fraction, not both'));
    return undefined;
  }
  let fraction: Fraction | undefined;
  if (m.percent !== undefined) fraction = { numerator: m.percent, denominator: 100 };
  else if (m.fraction) fraction = { numerator: m.fraction.numerator, denominator: m.fraction.denominator ?? 100 };
  if (fraction) {
    const { numerator, denominator } = fraction;
    if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || numerator < 0 || denominator < 1 || numerator > denominator) {
      problems.push(unsupported(`RequestMirror share ${numerator}/${denominator} is not a fraction between 0 and 1`));
      return undefined;
    }
    if (numerator === 0) return undefined;
    if (numerator === denominator) fraction = undefined;
  }
  return fraction ? { backendRef: m.backendRef, fraction } : { backendRef: m.backendRef };
}

/** "<scheme>://<host>[:<port>]" with an http(s) scheme; the host may hold "*" wildcards. */
const ORIGIN = /^https?:\/\/[^/?#\s]+$/;
/** Access-Control-Max-Age when the filter leaves it out (the CRD default). */
const DEFAULT_CORS_MAX_AGE_SECONDS = 5;

/** "*" means any, so it cannot stand next to other values. */
function wildcardAlone(what: string, values: readonly string[], problems: RuleProblem[]): boolean {
  if (!values.includes('*') || values.length === 1) return true;
  problems.push(unsupported(`CORS ${what} cannot contain "*" alongside other values`));
  return false;
}

function cors(filter: HTTPRouteFilter, problems: RuleProblem[]): CORSPolicy | undefined {
  const c = filter.cors;
  if (!c) {
    problems.push(unsupported('CORS filter has no configuration'));
    return undefined;
  }
  const allowOrigins = [...(c.allowOrigins ?? [])];
  const allowMethods = [...(c.allowMethods ?? [])];
  const allowHeaders = [...(c.allowHeaders ?? [])];
  const badOrigin = allowOrigins.find((o) => o !== '*' && !ORIGIN.test(o));
  if (badOrigin !== undefined) {
    problems.push(unsupported(`CORS allowOrigins "${badOrigin}" is not "*" or <scheme>://<host>[:<port>] with scheme http or https`));
    return undefined;
  }
  if (!wildcardAlone('allowOrigins', allowOrigins, problems) || !wildcardAlone('allowMethods', allowMethods, problems)
    || !wildcardAlone('allowHeaders', allowHeaders, problems)) return undefined;
  const maxAgeSeconds = c.maxAge ?? DEFAULT_CORS_MAX_AGE_SECONDS;
  if (!Number.isInteger(maxAgeSeconds) || maxAgeSeconds < 1) {
    problems.push(unsupported(`CORS maxAge ${String(maxAgeSeconds)} is not a whole number of seconds of at least 1`));
    return undefined;
  }
  return {
    allowOrigins, allowMethods, allowHeaders, exposeHeaders: [...(c.exposeHeaders ?? [])],
    maxAgeSeconds, allowCredentials: c.allowCredentials === true,
  };
}

/** Header names as Envoy sees them (lower case), each once, in the order given. */
function headerNames(names: readonly string[] | undefined): string[] {
  return [...new Set((names ?? []).map((n) => n.toLowerCase()))];
}

/**
 * GEP-1494 (a rule's filter, and a listener's pre-routing filter: GEP-5224). The CRD's CEL rules
 * already tie protocol and grpc/http together; they are checked again here because files can be
 * read without them (pier translate of a hand-made object).
 */
export function externalAuthSpec(a: HTTPExternalAuthFilter | undefined, problems: RuleProblem[]): ExternalAuthSpec | undefined {
  if (!a?.backendRef) {
    problems.push(unsupported('ExternalAuth filter has no backendRef'));
    return undefined;
  }
  if (a.protocol !== 'GRPC' && a.protocol !== 'HTTP') {
    problems.push(unsupported(`ExternalAuth protocol "${String(a.protocol)}" is not GRPC or HTTP`));
    return undefined;
  }
  if ((a.protocol === 'GRPC' && a.http) || (a.protocol === 'HTTP' && a.grpc)) {
    problems.push(unsupported(`ExternalAuth with protocol ${a.protocol} takes ${a.protocol === 'GRPC' ? 'grpc' : 'http'} settings only`));
    return undefined;
  }
  const maxSize = a.forwardBody?.maxSize ?? 0;
  if (!Number.isInteger(maxSize) || maxSize < 0) {
    problems.push(unsupported(`ExternalAuth forwardBody.maxSize ${String(maxSize)} is not a whole number of bytes`));
    return undefined;
  }
  const out: ExternalAuthSpec = { protocol: a.protocol === 'GRPC' ? 'grpc' : 'http', backendRef: a.backendRef, allowedHeaders: [] };
  if (a.protocol === 'GRPC') {
    out.allowedHeaders = headerNames(a.grpc?.allowedHeaders);
  } else {
    out.allowedHeaders = headerNames(a.http?.allowedHeaders);
    out.allowedResponseHeaders = headerNames(a.http?.allowedResponseHeaders);
    const path = a.http?.path ?? '';
    if (path !== '') {
      // The CRD's pattern admits no space, '?', '#' or '%' other than an escape; the prefix is
      // pasted before the client's path, so it must look like a path itself.
      if (!/^(?:[-A-Za-z0-9/._~!$&'()*+,;=:@]|%[0-9a-fA-F]{2})+$/.test(path)) {
        problems.push(unsupported(`ExternalAuth http.path "${path}" is not a valid path`));
        return undefined;
      }
      // Joined to the client's path, which starts with '/': a trailing '/' would double it.
      const prefix = `/${path.replace(/^\/+|\/+$/g, '')}`;
      if (prefix !== '/') out.pathPrefix = prefix;
    }
  }
  if (maxSize > 0) out.forwardBodyBytes = maxSize;
  return out;
}

/** The IR check of an ExternalAuth filter whose service resolved. */
export function externalAuthIR(spec: ExternalAuthSpec, service: DestinationSetting): ExternalAuth {
  const out: ExternalAuth = { protocol: spec.protocol, service, allowedHeaders: spec.allowedHeaders };
  if (spec.pathPrefix !== undefined) out.pathPrefix = spec.pathPrefix;
  if (spec.allowedResponseHeaders) out.allowedResponseHeaders = spec.allowedResponseHeaders;
  if (spec.forwardBodyBytes !== undefined) out.forwardBodyBytes = spec.forwardBodyBytes;
  return out;
}

/** The filter types GRPCRoute allows; HTTPRoute allows every type this module knows. */
export const GRPC_FILTER_TYPES: ReadonlySet<string> = new Set(['RequestHeaderModifier', 'ResponseHeaderModifier', 'RequestMirror', 'ExtensionRef']);

/** The filter types Pier honours on a backendRef: they apply to the requests sent to that backend only. */
export const BACKEND_FILTER_TYPES: ReadonlySet<string> = new Set(['RequestHeaderModifier', 'ResponseHeaderModifier']);

/** An HTTPRoute backendRef's: the header modifiers and URLRewrite (see httprules.ts effectiveURLRewrite). */
export const HTTP_BACKEND_FILTER_TYPES: ReadonlySet<string> = new Set([...BACKEND_FILTER_TYPES, 'URLRewrite']);

/**
 * A rule's filters. `allowed` limits the filter types (GRPCRoute); `matches` are the rule's
 * matches (ReplacePrefixMatch needs exactly one PathPrefix match).
 */
export function translateFilters(filters: readonly HTTPRouteFilter[] | undefined, matches: readonly HTTPRouteMatch[], allowed?: ReadonlySet<string>): RuleFilters {
  const out: RuleFilters = { mirrors: [], problems: [] };
  const seen = new Set<string>();
  for (const filter of filters ?? []) {
    const type: string = filter.type;
    if (allowed && !allowed.has(type)) {
      out.problems.push(unsupported(`filter type "${type}" is not supported here`));
      continue;
    }
    if (type !== 'RequestMirror' && type !== 'ExtensionRef' && seen.has(type)) {
      out.problems.push(unsupported(`${type} filter cannot be repeated`));
      continue;
    }
    seen.add(type);
    switch (filter.type) {
      case 'RequestHeaderModifier':
        out.requestHeaders = headerModifier('RequestHeaderModifier', filter.requestHeaderModifier, out.problems);
        break;
      case 'ResponseHeaderModifier':
        out.responseHeaders = headerModifier('ResponseHeaderModifier', filter.responseHeaderModifier, out.problems);
        break;
      case 'RequestRedirect':
        out.redirect = redirect(filter, matches, out.problems);
        break;
      case 'URLRewrite':
        out.urlRewrite = urlRewrite(filter, matches, out.problems);
        break;
      case 'RequestMirror': {
        const m = mirror(filter, out.problems);
        if (m) out.mirrors.push(m);
        break;
      }
      case 'CORS':
        out.cors = cors(filter, out.problems);
        break;
      case 'ExternalAuth':
        out.externalAuth = externalAuthSpec(filter.externalAuth, out.problems);
        break;
      case 'ExtensionRef': {
        const ref = filter.extensionRef;
        out.problems.push(unsupported(`ExtensionRef filter ${ref ? `${ref.group}/${ref.kind} ${ref.name}` : '(empty)'} is not supported`));
        break;
      }
      default:
        out.problems.push(unsupported(`filter type "${type}" is not supported`));
    }
  }
  if (seen.has('RequestRedirect') && seen.has('URLRewrite')) {
    out.problems.push({ reason: RouteReason.IncompatibleFilters, message: 'RequestRedirect and URLRewrite filters cannot be combined' });
  }
  return out;
}
