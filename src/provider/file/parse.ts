/**
 * Parses the text of one manifest file (multi-document YAML) into the objects Pier reads.
 *
 * Error policy, per file:
 * - A YAML syntax error anywhere in the file: no objects at all (syntaxOk false). Document
 *   boundaries cannot be trusted in a broken file, so the provider keeps that file's last good
 *   objects until it parses again.
 * - Valid YAML with an invalid document (not a mapping, missing apiVersion/kind/metadata.name,
 *   unknown kind, wrong field types): that document is reported and left out; the other
 *   documents of the file are used. When the rejected document's kind, namespace and name can
 *   be read, they are listed in `rejected`, so the provider can keep that object's previous good
 *   version, as the API server would after refusing an update.
 *
 * Normalisation, as the API server would do on create: null fields are dropped, `status` is
 * dropped (Pier computes it), a namespaced object without a namespace gets "default", and a
 * cluster-scoped object loses any namespace it was given. Gateway API objects get their CRD
 * defaults (before their CRD validation, as in the API server).
 */
import { LineCounter, parseAllDocuments, type Document } from 'yaml';
import { GATEWAY_GROUP } from '../../apis/gateway';
import type { ProviderError } from '../../message/resources';
import { defaultCrdSchemas, type CrdSchemas } from '../crd/load';
import { validateResource } from '../crd/resource';
import type { ProviderObject } from '../defaults';
import { describeObject, kindInfo, KINDS, type ObjectIdentity } from './kinds';
import { formatFieldPath, isRecord, validateMetadata, validateObject, type FieldPath } from './validate';

export const DEFAULT_NAMESPACE = 'default';

/** An object and where it was read. */
export interface SourcedObject {
  object: ProviderObject;
  /** The file it came from. */
  source: string;
  /** 1-based line where its document (or List item) starts. */
  line: number;
}

export interface ParseOptions {
  /** CRD schemas for Gateway API kinds; the pinned bundle by default. */
  schemas?: CrdSchemas;
  /** Fields a CRD does not declare: reject the object (default, like kubectl) or drop them (like the API server). */
  unknownFields?: 'reject' | 'prune';
}

export interface ParseResult {
  /** False when the file is not valid YAML; then objects is empty. */
  syntaxOk: boolean;
  /** The valid objects, in file order. */
  objects: SourcedObject[];
  errors: ProviderError[];
  /** Rejected documents whose kind, namespace and name could be read. */
  rejected: ObjectIdentity[];
}

interface Position { line: number; column: number }

const SUPPORTED_KINDS = KINDS.map((k) => k.kind).join(', ');

/** YAML messages end with " at line L, column C:" and a code frame; the position is reported apart. */
function yamlReason(message: string): string {
  const first = message.split('\n', 1)[0] ?? message;
  return first.replace(/ at line \d+, column \d+:?$/, '');
}

/** Drops null values from mappings, recursively, as the API server prunes them. */
function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) out[k] = dropNulls(v);
    return out;
  }
  return value;
}

/** Finds where a field is written, falling back to its closest written ancestor. */
function locate(doc: Document, lines: LineCounter, path: FieldPath): Position | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
    const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
    if (range) {
      const pos = lines.linePos(range[0]);
      return { line: pos.line, column: pos.col };
    }
  }
  return undefined;
}

class FileParser {
  private readonly lines = new LineCounter();
  readonly result: ParseResult = { syntaxOk: true, objects: [], errors: [], rejected: [] };

  constructor(private readonly source: string, private readonly options: ParseOptions) {}

  parse(text: string): ParseResult {
    const docs = parseAllDocuments(text, { lineCounter: this.lines, merge: true, prettyErrors: true });
    const syntaxErrors = docs.flatMap((doc) => doc.errors);
    if (syntaxErrors.length > 0) {
      this.result.syntaxOk = false;
      for (const error of syntaxErrors) {
        const pos = error.linePos?.[0] ?? this.lines.linePos(error.pos[0]);
        this.result.errors.push({
          source: this.source, line: pos.line, column: pos.col,
          message: `YAML syntax error: ${yamlReason(error.message)}; this version of the file is ignored`,
        });
      }
      return this.result;
    }
    for (const doc of docs) this.parseDocument(doc);
    return this.result;
  }

  private error(doc: Document, path: FieldPath, message: string, extra: Partial<ProviderError> = {}): void {
    const pos = locate(doc, this.lines, path);
    const where = pos ? { line: pos.line, column: pos.column } : {};
    this.result.errors.push({ source: this.source, ...where, message, ...extra });
  }

  private parseDocument(doc: Document): void {
    if (doc.contents === null) return; // empty document (only comments, or nothing between ---)
    let value: unknown;
    try {
      value = dropNulls(doc.toJS({ maxAliasCount: 100 }));
    } catch (err) {
      this.error(doc, [], `document cannot be read: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    if (value === null || value === undefined) return;
    if (!isRecord(value)) {
      this.error(doc, [], `document is not a mapping (found ${Array.isArray(value) ? 'a list' : typeof value}); each document must be one Kubernetes object`);
      return;
    }
    if (value.kind === 'List' && value.apiVersion === 'v1') {
      this.parseList(doc, value);
      return;
    }
    this.parseObject(doc, value, []);
  }

  /** `kind: List` (as `kubectl get -o yaml` writes): each item is an object. */
  private parseList(doc: Document, list: Record<string, unknown>): void {
    const items = list.items ?? [];
    if (!Array.isArray(items)) {
      this.error(doc, ['items'], 'items must be a list', { field: 'items' });
      return;
    }
    items.forEach((item, index) => {
      if (!isRecord(item)) this.error(doc, ['items', index], `items[${index}] is not a mapping`, { field: `items[${index}]` });
      else this.parseObject(doc, item, ['items', index]);
    });
  }

  private parseObject(doc: Document, value: Record<string, unknown>, base: FieldPath): void {
    const at = (path: FieldPath): FieldPath => [...base, ...path];
    const fieldName = (path: FieldPath): string => formatFieldPath(at(path));
    const { apiVersion, kind } = value;
    for (const key of ['apiVersion', 'kind'] as const) {
      const field = value[key];
      if (typeof field !== 'string' || field === '') {
        const problem = field === undefined ? 'is required' : 'must be a non-empty string';
        this.error(doc, at(field === undefined ? [] : [key]), `${fieldName([key])} ${problem}`, { field: fieldName([key]) });
        return;
      }
    }
    const name = isRecord(value.metadata) && typeof value.metadata.name === 'string' ? value.metadata.name : undefined;
    const named = name ? ` "${name}"` : '';
    const info = kindInfo(kind as string);
    if (!info) {
      const what = name ? `apiVersion ${String(apiVersion)}, name "${name}"` : `apiVersion ${String(apiVersion)}`;
      this.error(doc, at(['kind']), `unsupported kind "${String(kind)}" (${what}); this document is ignored. Supported kinds: ${SUPPORTED_KINDS}`, { field: fieldName(['kind']) });
      return;
    }
    if (!info.apiVersions.includes(apiVersion as string)) {
      this.error(doc, at(['apiVersion']), `${info.kind}${named}: apiVersion "${String(apiVersion)}" is not supported; use ${info.apiVersions.join(' or ')}`, { field: fieldName(['apiVersion']) });
      return;
    }

    const metadata = isRecord(value.metadata) ? { ...value.metadata } : undefined;
    if (metadata) {
      if (!info.namespaced) delete metadata.namespace;
      else if (metadata.namespace === undefined || metadata.namespace === '') metadata.namespace = DEFAULT_NAMESPACE;
    }
    const identity: ObjectIdentity | undefined = metadata && typeof metadata.name === 'string' && metadata.name !== ''
      && (metadata.namespace === undefined || typeof metadata.namespace === 'string')
      ? { kind: info.kind, namespace: metadata.namespace as string | undefined, name: metadata.name }
      : undefined;

    const object = identity ? { object: describeObject(identity) } : {};
    const reject = (problems: readonly { path: FieldPath; message: string }[], suffix: string): void => {
      for (const problem of problems) {
        const field = fieldName(problem.path);
        this.error(doc, at(problem.path), `${problem.message}${suffix}`, field ? { ...object, field } : object);
      }
      if (identity) this.result.rejected.push(identity);
    };

    const isGatewayApi = (apiVersion as string).startsWith(`${GATEWAY_GROUP}/`);
    const problems = isGatewayApi ? validateMetadata(value) : validateObject(info.kind, value);
    if (problems.length > 0) {
      reject(problems, '; this version of the object is rejected');
      return;
    }

    const { status: _status, ...rest } = value;
    let accepted: Record<string, unknown> = { ...rest, metadata };
    if (isGatewayApi) {
      const validation = validateResource(this.options.schemas ?? defaultCrdSchemas(), accepted, { unknownFields: this.options.unknownFields });
      if (!validation) throw new Error(`no CRD schema for ${String(apiVersion)} ${info.kind}`); // kinds.ts and the bundle disagree
      if (validation.problems.length > 0) {
        reject(validation.problems, '');
        return;
      }
      accepted = validation.object;
    }
    this.result.objects.push({ object: accepted as unknown as ProviderObject, source: this.source, line: locate(doc, this.lines, base)?.line ?? 1 });
  }
}

/**
 * Parses one file's text. source names the file in errors and on each object. Never throws for
 * bad input: every problem becomes a ProviderError with the line and column it was found at.
 */
export function parseManifests(text: string, source: string, options: ParseOptions = {}): ParseResult {
  return new FileParser(source, options).parse(text);
}
