/**
 * Light structural checks on one decoded object of a Kubernetes core kind (Service,
 * EndpointSlice, Namespace, Secret, ConfigMap, ClusterTrustBundle): the field types Pier relies on (lists are lists, ports are
 * integers, required names are strings). Gateway API kinds are checked against their CRD schemas
 * instead (src/provider/crd); only their metadata is checked here.
 */
import { formatFieldPath, isRecord, type FieldPath } from '../crd/path';
import type { ProviderKind } from './kinds';

export { formatFieldPath, isRecord, type FieldPath };

export interface FieldProblem {
  path: FieldPath;
  message: string;
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

/** The keys the API server requires in a Secret of type kubernetes.io/tls (core validation). */
const TLS_SECRET_KEYS = ['tls.crt', 'tls.key'] as const;

function secret(c: Checker, obj: Record<string, unknown>): void {
  c.string(obj, 'type', []);
  c.stringMap(obj, 'data', []);
  c.stringMap(obj, 'stringData', []);
  if (obj.type !== 'kubernetes.io/tls') return;
  // stringData is merged into data on write, so a key given in either is there.
  const data = isRecord(obj.data) ? obj.data : {};
  const stringData = isRecord(obj.stringData) ? obj.stringData : {};
  for (const key of TLS_SECRET_KEYS) {
    if (data[key] === undefined && stringData[key] === undefined) {
      c.problems.push({ path: ['data', key], message: `data[${key}]: Required value (a Secret of type kubernetes.io/tls must have it)` });
    }
  }
}

function configMap(c: Checker, obj: Record<string, unknown>): void {
  c.stringMap(obj, 'data', []);
  c.stringMap(obj, 'binaryData', []);
}

/** What the API server requires of a ClusterTrustBundle: spec.trustBundle, a string (its PEM is judged where it is used). */
function clusterTrustBundle(c: Checker, obj: Record<string, unknown>): void {
  c.mapping(obj, 'spec', [], (spec, p) => {
    if (!isRecord(spec)) return;
    c.string(spec, 'signerName', p);
    c.string(spec, 'trustBundle', p, true);
  }, true);
}

/** Checks metadata only: name, namespace, labels and annotations (what the CRD schemas leave to the API server). */
export function validateMetadata(obj: Record<string, unknown>): FieldProblem[] {
  const c = new Checker();
  metadata(c, obj);
  return c.problems;
}

/**
 * Checks the structure of an object of a core kind, whose apiVersion and kind were already
 * recognised (for Gateway API kinds, only metadata: their CRD schema checks the rest). Returns the
 * problems found, each with the path of the offending field; empty when obj is usable.
 */
export function validateObject(kind: ProviderKind, obj: Record<string, unknown>): FieldProblem[] {
  const c = new Checker();
  metadata(c, obj);
  if (kind === 'Service') c.mapping(obj, 'spec', [], (value, p) => { if (isRecord(value)) serviceSpec(c, value, p); });
  if (kind === 'EndpointSlice') endpointSlice(c, obj);
  if (kind === 'Secret') secret(c, obj);
  if (kind === 'ConfigMap') configMap(c, obj);
  if (kind === 'ClusterTrustBundle') clusterTrustBundle(c, obj);
  return c.problems;
}
