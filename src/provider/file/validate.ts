/**
 * Structural checks on one decoded object: the field types Pier relies on (lists are lists,
 * ports are integers, required names are strings). Value rules (enums, hostnames, CEL rules)
 * are left to the translator, which reports them in statuses as the Gateway API asks.
 */
import type { ProviderKind } from './kinds';

export type FieldPath = (string | number)[];

export interface FieldProblem {
  path: FieldPath;
  message: string;
}

/** "spec.listeners[0].port" */
export function formatFieldPath(path: FieldPath): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (isRecord(value)) return 'a mapping';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`;
  return `${typeof value} ${String(value)}`;
}

interface Range { min: number; max: number }
const PORT: Range = { min: 1, max: 65535 };
const WEIGHT: Range = { min: 0, max: 1_000_000 };

type Check = (value: unknown, path: FieldPath) => void;

/** Collects problems while walking one object. Each check takes the parent mapping and a key. */
class Checker {
  readonly problems: FieldProblem[] = [];

  fail(path: FieldPath, message: string): void {
    this.problems.push({ path, message: `${formatFieldPath(path)} ${message}` });
  }

  private present(parent: Record<string, unknown>, key: string, path: FieldPath, required: boolean): boolean {
    if (parent[key] !== undefined) return true;
    if (required) this.fail([...path, key], 'is required');
    return false;
  }

  string(parent: Record<string, unknown>, key: string, path: FieldPath, required = false): void {
    if (!this.present(parent, key, path, required)) return;
    const value = parent[key];
    if (typeof value !== 'string') this.fail([...path, key], `must be a string (found ${describeValue(value)})`);
    else if (required && value === '') this.fail([...path, key], 'must not be empty');
  }

  integer(parent: Record<string, unknown>, key: string, path: FieldPath, range: Range | null, required = false): void {
    if (!this.present(parent, key, path, required)) return;
    const value = parent[key];
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      this.fail([...path, key], `must be an integer (found ${describeValue(value)})`);
    } else if (range && (value < range.min || value > range.max)) {
      this.fail([...path, key], `must be between ${range.min} and ${range.max} (found ${value})`);
    }
  }

  boolean(parent: Record<string, unknown>, key: string, path: FieldPath): void {
    if (!this.present(parent, key, path, false)) return;
    const value = parent[key];
    if (typeof value !== 'boolean') this.fail([...path, key], `must be true or false (found ${describeValue(value)})`);
  }

  /** A mapping; inner checks its fields. */
  mapping(parent: Record<string, unknown>, key: string, path: FieldPath, inner: Check | null, required = false): void {
    if (!this.present(parent, key, path, required)) return;
    const value = parent[key];
    if (!isRecord(value)) this.fail([...path, key], `must be a mapping (found ${describeValue(value)})`);
    else inner?.(value, [...path, key]);
  }

  /** A list; each item is checked with item. */
  list(parent: Record<string, unknown>, key: string, path: FieldPath, item: Check, required = false): void {
    if (!this.present(parent, key, path, required)) return;
    const value = parent[key];
    if (!Array.isArray(value)) {
      this.fail([...path, key], `must be a list (found ${describeValue(value)})`);
      return;
    }
    value.forEach((entry, index) => item(entry, [...path, key, index]));
  }

  /** A list of mappings; fields checks the fields of each. */
  listOf(parent: Record<string, unknown>, key: string, path: FieldPath, fields: (m: Record<string, unknown>, p: FieldPath) => void, required = false): void {
    this.list(parent, key, path, (entry, p) => {
      if (!isRecord(entry)) this.fail(p, `must be a mapping (found ${describeValue(entry)})`);
      else fields(entry, p);
    }, required);
  }

  stringList(parent: Record<string, unknown>, key: string, path: FieldPath, required = false): void {
    this.list(parent, key, path, (entry, p) => {
      if (typeof entry !== 'string') this.fail(p, `must be a string (found ${describeValue(entry)})`);
    }, required);
  }

  /** A mapping of string values (labels, annotations, selectors, Secret data). */
  stringMap(parent: Record<string, unknown>, key: string, path: FieldPath): void {
    this.mapping(parent, key, path, (value, p) => {
      if (!isRecord(value)) return;
      for (const [k, v] of Object.entries(value)) {
        if (typeof v !== 'string') this.fail([...p, k], `must be a string (found ${describeValue(v)}); quote it in YAML`);
      }
    });
  }
}

// ------------------------------------------------------------------ shared shapes

function metadata(c: Checker, obj: Record<string, unknown>): void {
  c.mapping(obj, 'metadata', [], (m, p) => {
    if (!isRecord(m)) return;
    c.string(m, 'name', p, true);
    c.string(m, 'namespace', p);
    c.stringMap(m, 'labels', p);
    c.stringMap(m, 'annotations', p);
  }, true);
}

function objectRef(c: Checker, m: Record<string, unknown>, p: FieldPath): void {
  c.string(m, 'name', p, true);
  c.string(m, 'namespace', p);
  c.string(m, 'group', p);
  c.string(m, 'kind', p);
}

function backendObjectRef(c: Checker, m: Record<string, unknown>, p: FieldPath): void {
  objectRef(c, m, p);
  c.integer(m, 'port', p, PORT);
}

function backendRef(c: Checker, m: Record<string, unknown>, p: FieldPath): void {
  backendObjectRef(c, m, p);
  c.integer(m, 'weight', p, WEIGHT);
}

function parentRef(c: Checker, m: Record<string, unknown>, p: FieldPath): void {
  objectRef(c, m, p);
  c.string(m, 'sectionName', p);
  c.integer(m, 'port', p, PORT);
}

function headerList(c: Checker, m: Record<string, unknown>, key: string, p: FieldPath): void {
  c.listOf(m, key, p, (h, hp) => {
    c.string(h, 'name', hp, true);
    c.string(h, 'value', hp, true);
  });
}

function headerModifier(c: Checker): Check {
  return (value, p) => {
    if (!isRecord(value)) return;
    headerList(c, value, 'set', p);
    headerList(c, value, 'add', p);
    c.stringList(value, 'remove', p);
  };
}

function pathModifier(c: Checker): Check {
  return (value, p) => {
    if (!isRecord(value)) return;
    c.string(value, 'type', p, true);
    c.string(value, 'replaceFullPath', p);
    c.string(value, 'replacePrefixMatch', p);
  };
}

/** HTTPRoute and GRPCRoute filters share these shapes (GRPCRoute uses a subset). */
function routeFilter(c: Checker, f: Record<string, unknown>, p: FieldPath): void {
  c.string(f, 'type', p, true);
  c.mapping(f, 'requestHeaderModifier', p, headerModifier(c));
  c.mapping(f, 'responseHeaderModifier', p, headerModifier(c));
  c.mapping(f, 'requestRedirect', p, (r, rp) => {
    if (!isRecord(r)) return;
    c.string(r, 'scheme', rp);
    c.string(r, 'hostname', rp);
    c.mapping(r, 'path', rp, pathModifier(c));
    c.integer(r, 'port', rp, PORT);
    c.integer(r, 'statusCode', rp, null);
  });
  c.mapping(f, 'urlRewrite', p, (r, rp) => {
    if (!isRecord(r)) return;
    c.string(r, 'hostname', rp);
    c.mapping(r, 'path', rp, pathModifier(c));
  });
  c.mapping(f, 'requestMirror', p, (r, rp) => {
    if (!isRecord(r)) return;
    c.mapping(r, 'backendRef', rp, (b, bp) => { if (isRecord(b)) backendObjectRef(c, b, bp); }, true);
    c.integer(r, 'percent', rp, { min: 0, max: 100 });
    c.mapping(r, 'fraction', rp, (fr, fp) => {
      if (!isRecord(fr)) return;
      c.integer(fr, 'numerator', fp, null, true);
      c.integer(fr, 'denominator', fp, null);
    });
  });
  c.mapping(f, 'extensionRef', p, (r, rp) => {
    if (!isRecord(r)) return;
    c.string(r, 'group', rp);
    c.string(r, 'kind', rp, true);
    c.string(r, 'name', rp, true);
  });
}

function routeCommon(c: Checker, spec: Record<string, unknown>, p: FieldPath, hostnames: boolean): void {
  c.listOf(spec, 'parentRefs', p, (r, rp) => parentRef(c, r, rp));
  if (hostnames) c.stringList(spec, 'hostnames', p);
}

// ------------------------------------------------------------------ kinds

function gatewayClassSpec(c: Checker, spec: Record<string, unknown>, p: FieldPath): void {
  c.string(spec, 'controllerName', p, true);
  c.string(spec, 'description', p);
  c.mapping(spec, 'parametersRef', p, (r, rp) => {
    if (!isRecord(r)) return;
    c.string(r, 'group', rp, true);
    c.string(r, 'kind', rp, true);
    c.string(r, 'name', rp, true);
    c.string(r, 'namespace', rp);
  });
}

function gatewaySpec(c: Checker, spec: Record<string, unknown>, p: FieldPath): void {
  c.string(spec, 'gatewayClassName', p, true);
  c.listOf(spec, 'listeners', p, (l, lp) => {
    c.string(l, 'name', lp, true);
    c.string(l, 'hostname', lp);
    c.integer(l, 'port', lp, PORT, true);
    c.string(l, 'protocol', lp, true);
    c.mapping(l, 'tls', lp, (t, tp) => {
      if (!isRecord(t)) return;
      c.string(t, 'mode', tp);
      c.listOf(t, 'certificateRefs', tp, (r, rp) => objectRef(c, r, rp));
      c.stringMap(t, 'options', tp);
    });
    c.mapping(l, 'allowedRoutes', lp, (a, ap) => {
      if (!isRecord(a)) return;
      c.mapping(a, 'namespaces', ap, (n, np) => {
        if (!isRecord(n)) return;
        c.string(n, 'from', np);
        c.mapping(n, 'selector', np, null);
      });
      c.listOf(a, 'kinds', ap, (k, kp) => {
        c.string(k, 'group', kp);
        c.string(k, 'kind', kp, true);
      });
    });
  }, true);
  c.listOf(spec, 'addresses', p, (a, ap) => {
    c.string(a, 'type', ap);
    c.string(a, 'value', ap);
  });
  c.mapping(spec, 'infrastructure', p, (i, ip) => {
    if (!isRecord(i)) return;
    c.stringMap(i, 'labels', ip);
    c.stringMap(i, 'annotations', ip);
  });
}

function httpRouteSpec(c: Checker, spec: Record<string, unknown>, p: FieldPath): void {
  routeCommon(c, spec, p, true);
  c.listOf(spec, 'rules', p, (rule, rp) => {
    c.string(rule, 'name', rp);
    c.listOf(rule, 'matches', rp, (m, mp) => {
      c.mapping(m, 'path', mp, (path, pp) => {
        if (!isRecord(path)) return;
        c.string(path, 'type', pp);
        c.string(path, 'value', pp);
      });
      for (const key of ['headers', 'queryParams']) {
        c.listOf(m, key, mp, (h, hp) => {
          c.string(h, 'type', hp);
          c.string(h, 'name', hp, true);
          c.string(h, 'value', hp, true);
        });
      }
      c.string(m, 'method', mp);
    });
    c.listOf(rule, 'filters', rp, (f, fp) => routeFilter(c, f, fp));
    c.listOf(rule, 'backendRefs', rp, (b, bp) => {
      backendRef(c, b, bp);
      c.listOf(b, 'filters', bp, (f, fp) => routeFilter(c, f, fp));
    });
    c.mapping(rule, 'timeouts', rp, (t, tp) => {
      if (!isRecord(t)) return;
      c.string(t, 'request', tp);
      c.string(t, 'backendRequest', tp);
    });
  });
}

function grpcRouteSpec(c: Checker, spec: Record<string, unknown>, p: FieldPath): void {
  routeCommon(c, spec, p, true);
  c.listOf(spec, 'rules', p, (rule, rp) => {
    c.string(rule, 'name', rp);
    c.listOf(rule, 'matches', rp, (m, mp) => {
      c.mapping(m, 'method', mp, (method, pp) => {
        if (!isRecord(method)) return;
        c.string(method, 'type', pp);
        c.string(method, 'service', pp);
        c.string(method, 'method', pp);
      });
      c.listOf(m, 'headers', mp, (h, hp) => {
        c.string(h, 'type', hp);
        c.string(h, 'name', hp, true);
        c.string(h, 'value', hp, true);
      });
    });
    c.listOf(rule, 'filters', rp, (f, fp) => routeFilter(c, f, fp));
    c.listOf(rule, 'backendRefs', rp, (b, bp) => {
      backendRef(c, b, bp);
      c.listOf(b, 'filters', bp, (f, fp) => routeFilter(c, f, fp));
    });
  });
}

function l4RouteSpec(hostnames: boolean) {
  return (c: Checker, spec: Record<string, unknown>, p: FieldPath): void => {
    routeCommon(c, spec, p, hostnames);
    c.listOf(spec, 'rules', p, (rule, rp) => {
      c.string(rule, 'name', rp);
      c.listOf(rule, 'backendRefs', rp, (b, bp) => backendRef(c, b, bp));
    }, true);
  };
}

function referenceGrantSpec(c: Checker, spec: Record<string, unknown>, p: FieldPath): void {
  // group may be "" (the core group), so it is checked as a string that must be present.
  c.listOf(spec, 'from', p, (f, fp) => {
    c.string(f, 'group', fp);
    if (f.group === undefined) c.fail([...fp, 'group'], 'is required (use "" for the core group)');
    c.string(f, 'kind', fp, true);
    c.string(f, 'namespace', fp, true);
  }, true);
  c.listOf(spec, 'to', p, (t, tp) => {
    c.string(t, 'group', tp);
    if (t.group === undefined) c.fail([...tp, 'group'], 'is required (use "" for the core group)');
    c.string(t, 'kind', tp, true);
    c.string(t, 'name', tp);
  }, true);
}

function serviceSpec(c: Checker, spec: Record<string, unknown>, p: FieldPath): void {
  c.string(spec, 'type', p);
  c.string(spec, 'clusterIP', p);
  c.string(spec, 'externalName', p);
  c.stringMap(spec, 'selector', p);
  c.listOf(spec, 'ports', p, (port, pp) => {
    c.string(port, 'name', pp);
    c.string(port, 'protocol', pp);
    c.string(port, 'appProtocol', pp);
    c.integer(port, 'port', pp, PORT, true);
    const target = port.targetPort;
    if (target !== undefined && typeof target !== 'string') c.integer(port, 'targetPort', pp, PORT);
  });
}

function endpointSlice(c: Checker, obj: Record<string, unknown>): void {
  c.string(obj, 'addressType', [], true);
  c.listOf(obj, 'endpoints', [], (e, ep) => {
    c.stringList(e, 'addresses', ep, true);
    c.mapping(e, 'conditions', ep, (cond, cp) => {
      if (!isRecord(cond)) return;
      c.boolean(cond, 'ready', cp);
      c.boolean(cond, 'serving', cp);
      c.boolean(cond, 'terminating', cp);
    });
    c.string(e, 'hostname', ep);
    c.string(e, 'nodeName', ep);
    c.string(e, 'zone', ep);
  });
  c.listOf(obj, 'ports', [], (port, pp) => {
    c.string(port, 'name', pp);
    c.string(port, 'protocol', pp);
    c.string(port, 'appProtocol', pp);
    c.integer(port, 'port', pp, PORT);
  });
}

function secret(c: Checker, obj: Record<string, unknown>): void {
  c.string(obj, 'type', []);
  c.stringMap(obj, 'data', []);
  c.stringMap(obj, 'stringData', []);
}

type SpecCheck = (c: Checker, spec: Record<string, unknown>, p: FieldPath) => void;

/** Kinds whose content lives under spec, and whether spec must be present. */
const SPEC_CHECKS: Partial<Record<ProviderKind, { check: SpecCheck; required: boolean }>> = {
  GatewayClass: { check: gatewayClassSpec, required: true },
  Gateway: { check: gatewaySpec, required: true },
  HTTPRoute: { check: httpRouteSpec, required: true },
  GRPCRoute: { check: grpcRouteSpec, required: true },
  TLSRoute: { check: l4RouteSpec(true), required: true },
  TCPRoute: { check: l4RouteSpec(false), required: true },
  UDPRoute: { check: l4RouteSpec(false), required: true },
  ReferenceGrant: { check: referenceGrantSpec, required: true },
  Service: { check: serviceSpec, required: false },
};

/**
 * Checks the structure of obj, whose apiVersion and kind were already recognised. Returns the
 * problems found, each with the path of the offending field; empty when obj is usable.
 */
export function validateObject(kind: ProviderKind, obj: Record<string, unknown>): FieldProblem[] {
  const c = new Checker();
  metadata(c, obj);
  const spec = SPEC_CHECKS[kind];
  if (spec) c.mapping(obj, 'spec', [], (value, p) => { if (isRecord(value)) spec.check(c, value, p); }, spec.required);
  if (kind === 'EndpointSlice') endpointSlice(c, obj);
  if (kind === 'Secret') secret(c, obj);
  return c.problems;
}
