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
 *
 * Speed: a file is first read the fast way (fast-yaml.ts: plain values, no positions). Only when
 * that is not possible, or when the file has a problem to report (which needs the line and column
 * of a field), is it parsed again with the `yaml` package's document model, which knows where
 * every node is written. Both ways give the same objects; the second is twenty times slower.
 */
import { LineCounter, parseAllDocuments, type Document } from 'yaml';
import { GATEWAY_GROUP, X_GATEWAY_GROUP } from '../../apis/gateway';
import { PIER_GROUP } from '../../apis/pier';
import type { ProviderError } from '../../message/resources';
import { defaultCrdSchemas, GATEWAY_API_BUNDLE_VERSION, type CrdSchemas } from '../crd/load';
import { validateResource } from '../crd/resource';
import { compactCopy } from '../compact';
import type { ProviderObject } from '../defaults';
import { contentStart, LineIndex, readFast } from './fast-yaml';
import { describeObject, kindInfo, KINDS, shareKindStrings, type ObjectIdentity } from './kinds';
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
  /**
   * The objects are kept for long (the file provider): each is copied into its compact form
   * (compact.ts), which does not keep the file's text alive. One-shot readers (`pier translate`)
   * skip the copy.
   */
  compact?: boolean;
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

/** Drops null values from mappings, recursively, as the API server prunes them. In place: the value is the parser's own. */
function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) {
    for (const item of value) dropNulls(item);
  } else if (isRecord(value)) {
    for (const key of Object.keys(value)) {
      const child = value[key];
      if (child === null || child === undefined) delete value[key];
      else dropNulls(child);
    }
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

/** Thrown by the fast way at the first problem: the file is parsed again, with positions, to report it. */
class NeedsPositions extends Error {}

/** Where a document's fields are written: known by the full parser; the fast one only knows where the document starts. */
interface Located {
  locate(path: FieldPath): Position | undefined;
}

class FileParser {
  private readonly lines = new LineCounter();
  readonly result: ParseResult = { syntaxOk: true, objects: [], errors: [], rejected: [] };
  /** Reading the fast way: a problem cannot be located, so it sends the file to the full parser. */
  private fast = false;

  constructor(private readonly source: string, private readonly options: ParseOptions) {}

  /** The fast way (see the module comment); undefined when the file needs the full parser. */
  parseFast(text: string): ParseResult | undefined {
    const docs = readFast(text);
    if (!docs) return undefined;
    this.fast = true;
    const lines = new LineIndex(text);
    try {
      for (const { value, offset } of docs) {
        if (value === null || value === undefined) continue;
        const clean = dropNulls(value);
        if (!isRecord(clean) || (clean.kind === 'List' && clean.apiVersion === 'v1')) return undefined;
        const line = lines.lineAt(contentStart(text, offset));
        this.parseObject({ locate: () => ({ line, column: 1 }) }, clean, []);
      }
    } catch (err) {
      if (err instanceof NeedsPositions) return undefined;
      throw err;
    }
    return this.result;
  }

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

  private error(doc: Located, path: FieldPath, message: string, extra: Partial<ProviderError> = {}): void {
    if (this.fast) throw new NeedsPositions();
    const pos = doc.locate(path);
    const where = pos ? { line: pos.line, column: pos.column } : {};
    this.result.errors.push({ source: this.source, ...where, message, ...extra });
  }

  private located(doc: Document): Located {
    return { locate: (path) => locate(doc, this.lines, path) };
  }

  private parseDocument(yamlDoc: Document): void {
    if (yamlDoc.contents === null) return; // empty document (only comments, or nothing between ---)
    const doc = this.located(yamlDoc);
    let value: unknown;
    try {
      value = dropNulls(yamlDoc.toJS({ maxAliasCount: 100 }));
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
  private parseList(doc: Located, list: Record<string, unknown>): void {
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

  private parseObject(doc: Located, value: Record<string, unknown>, base: FieldPath): void {
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
    if (!info.apiVersions.includes(apiVersion as string)) {
      // As the API server would: the version is refused, and the object's last good version stays.
      const served = (apiVersion as string).startsWith(`${GATEWAY_GROUP}/`) ? ` (not served by the Gateway API ${GATEWAY_API_BUNDLE_VERSION} CRDs)` : '';
      this.error(doc, at(['apiVersion']), `${info.kind}${named}: apiVersion "${String(apiVersion)}" is not supported${served}; use ${info.apiVersions.join(' or ')}`, { ...object, field: fieldName(['apiVersion']) });
      if (identity) this.result.rejected.push(identity);
      return;
    }
    const reject = (problems: readonly { path: FieldPath; message: string }[], suffix: string): void => {
      for (const problem of problems) {
        const field = fieldName(problem.path);
        this.error(doc, at(problem.path), `${problem.message}${suffix}`, field ? { ...object, field } : object);
      }
      if (identity) this.result.rejected.push(identity);
    };

    // Kinds with a CRD: both Gateway API groups (the standard kinds and the experimental-only
    // x-k8s.io ones) and Pier's own policy kinds, validated alike.
    const isGatewayApi = [GATEWAY_GROUP, X_GATEWAY_GROUP, PIER_GROUP].some((group) => (apiVersion as string).startsWith(`${group}/`));
    const problems = isGatewayApi ? validateMetadata(value) : validateObject(info.kind, value);
    if (problems.length > 0) {
      reject(problems, '; this version of the object is rejected');
      return;
    }

    const { status: _status, ...rest } = value;
    let accepted: Record<string, unknown> = { ...rest, metadata };
    if (isGatewayApi) {
      // The value is this parser's own: defaulted in place, not copied.
      const validation = validateResource(this.options.schemas ?? defaultCrdSchemas(), accepted, { unknownFields: this.options.unknownFields, owned: true });
      if (!validation) throw new Error(`no CRD schema for ${String(apiVersion)} ${info.kind}`); // kinds.ts and the bundle disagree
      if (validation.problems.length > 0) {
        reject(validation.problems, '');
        return;
      }
      accepted = validation.object;
    }
    // With options.compact, kept in its compact form, with the kind and apiVersion strings shared
    // by every object of the kind rather than copied in each.
    const kept = this.options.compact === true ? compactCopy(accepted) : accepted;
    shareKindStrings(kept, info);
    this.result.objects.push({ object: kept as unknown as ProviderObject, source: this.source, line: doc.locate(base)?.line ?? 1 });
  }
}

/**
 * Parses one file's text. source names the file in errors and on each object. Never throws for
 * bad input: every problem becomes a ProviderError with the line and column it was found at.
 */
export function parseManifests(text: string, source: string, options: ParseOptions = {}): ParseResult {
  return new FileParser(source, options).parseFast(text) ?? new FileParser(source, options).parse(text);
}

/** The full parser alone (the `yaml` document model, with positions): what parseManifests falls back to. */
export function parseManifestsFully(text: string, source: string, options: ParseOptions = {}): ParseResult {
  return new FileParser(source, options).parse(text);
}
