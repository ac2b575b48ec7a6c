/**
 * The CEL environment the CRDs' x-kubernetes-validations rules run in, and the compilation of a
 * rule text into a program.
 *
 * The evaluator is @marcbachmann/cel-js (zero dependencies, compiles all 79 rules of the bundle
 * in a few milliseconds and evaluates a rule in about a microsecond; @bufbuild/cel, the other
 * maintained JavaScript implementation, is several times slower per evaluation and takes
 * hundreds of milliseconds to load and parse the rules: see bench/RESULTS.md). On top of the CEL
 * standard library it gets what the Kubernetes API server adds and the Gateway API rules use:
 * the strings extension (`split`, `substring`, built into the evaluator) and the IP library's
 * `isIP`.
 *
 * Two places where that evaluator departs from CEL as Kubernetes runs it are closed when a rule
 * is compiled, guided by the parsed expression (never by text search):
 * - `matches` uses JavaScript regular expressions, which lack RE2's syntax (the GRPCRoute rules
 *   use `(?i)`): calls are routed to `re2Matches`, which evaluates with a port of RE2
 *   (@bufbuild/re2), each pattern compiled once;
 * - `has(e.f)` is accepted only when e is a chain of field selections (`has(self.a.b)`), while the
 *   HTTPRoute rules also write `has(self.matches[0].path)`: such a call becomes `'f' in e`, which
 *   is what has() means for the values here (every object is a map: see input.ts);
 * - a field named by a CEL keyword is `__namespace__` in the values (input.ts), while the API
 *   server also resolves `r.namespace` to it since Kubernetes 1.32 (k8s.io/apiserver pkg/cel:
 *   DeclTypeProvider.FindStructFieldType falls back to `__<keyword>__` from compatibility version
 *   1.31, and unstructuredMap.Find unescapes the key), which the v1.7.0 rule "ClusterTrustBundle
 *   references must not specify namespace" relies on: `e.namespace` becomes
 *   `('__namespace__' in e ? e['__namespace__'] : e['namespace'])` (the plain key is a map's,
 *   whose keys are not escaped) and `has(e.namespace)` tests both keys;
 * - the Kubernetes format library (`format.dns1123Subdomain().validate(s)`, an optional list of
 *   errors) has no counterpart in the evaluator, which lacks optionals: the one form the v1.7.0
 *   CRDs write (Gateway addresses' routability), `format.<name>().validate(s).hasValue()`, becomes
 *   `k8sFormatInvalid('<name>', s)`.
 */
import { isIP as nodeIsIP } from 'node:net';
import { Environment, type ASTNode } from '@marcbachmann/cel-js';
import { RE2JS } from '@bufbuild/re2';
import { CEL_RESERVED_WORDS } from './input';

/**
 * isIP(string) as the Kubernetes IP library defines it: a valid IPv4 or IPv6 address, without a
 * zone, and not an IPv4-mapped IPv6 address (Go's netip.ParseAddr, which, like node, also rejects
 * IPv4 octets with leading zeros).
 */
export function isKubernetesIP(text: string): boolean {
  const family = nodeIsIP(text);
  if (family === 0 || text.includes('%')) return false;
  if (family === 4) return true;
  // The URL parser normalises IPv6; an IPv4-mapped address then always reads [::ffff:XXXX:XXXX].
  const host = new URL(`http://[${text}]/`).hostname;
  return !/^\[::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}\]$/.test(host);
}

/** RE2 patterns by text: the CRDs use a handful, each matched against many values. */
const patterns = new Map<string, RE2JS>();

/** string.matches(pattern) with RE2 semantics: true when the pattern matches any part of the string. */
export function re2Matches(text: string, pattern: string): boolean {
  let compiled = patterns.get(pattern);
  if (!compiled) {
    compiled = RE2JS.compile(pattern); // a bad pattern throws: the evaluation of the rule fails, as in Kubernetes
    patterns.set(pattern, compiled);
  }
  return compiled.test(text);
}

/** The Kubernetes format library's formats the CRDs use: name -> whether a value is valid. */
const FORMATS: Record<string, (text: string) => boolean> = {
  // RFC 1123 subdomain, as Kubernetes validates it (k8s.io/apimachinery IsDNS1123Subdomain).
  dns1123Subdomain: (text) => text.length <= 253 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(text),
  // A label key (k8s.io/apimachinery IsQualifiedName): an optional DNS subdomain prefix and "/", then a name of up to 63 characters.
  qualifiedName: (text) => {
    const parts = text.split('/');
    if (parts.length > 2) return false;
    const name = parts.pop() ?? '';
    const prefix = parts[0];
    if (prefix !== undefined && (prefix === '' || !FORMATS.dns1123Subdomain!(prefix))) return false;
    return name.length > 0 && name.length <= 63 && /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/.test(name);
  },
};

/** format.<name>().validate(text).hasValue(): whether text is NOT valid in that format. An unknown format fails the evaluation. */
export function k8sFormatInvalid(name: string, text: string): boolean {
  const valid = Object.hasOwn(FORMATS, name) ? FORMATS[name] : undefined;
  if (!valid) throw new Error(`no such format: ${name}`);
  return !valid(text);
}

let shared: Environment | undefined;

/** The environment (created once, shared: it holds no per-evaluation state). */
export function kubernetesCelEnv(): Environment {
  shared ??= new Environment({ unlistedVariablesAreDyn: true, homogeneousAggregateLiterals: false })
    .registerVariable('self', 'dyn')
    .registerVariable('oldSelf', 'dyn')
    .registerFunction('isIP(string): bool', (text: string) => isKubernetesIP(text))
    .registerFunction('string.re2Matches(string): bool', (text: string, pattern: string) => re2Matches(text, pattern))
    .registerFunction('re2Matches(string, string): bool', (text: string, pattern: string) => re2Matches(text, pattern))
    .registerFunction('k8sFormatInvalid(string, string): bool', (name: string, text: string) => k8sFormatInvalid(name, text));
  return shared;
}

interface Edit { start: number; end: number; text: string }

function children(node: ASTNode): ASTNode[] {
  const out: ASTNode[] = [];
  const add = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) add(item);
    else if (value !== null && typeof value === 'object' && 'op' in value && 'range' in value) out.push(value as ASTNode);
  };
  add(node.args);
  return out;
}

/** `e.<keyword>`: a field selection naming a CEL reserved word, with its operand. */
function keywordSelection(node: ASTNode): { operand: ASTNode; field: string } | undefined {
  if (node.op !== '.') return undefined;
  const [operand, field] = node.args as [ASTNode, string];
  return CEL_RESERVED_WORDS.has(field) ? { operand, field } : undefined;
}

/** A has() argument the evaluator accepts: field selections down to an identifier. */
function isSelectChain(node: ASTNode): boolean {
  let current = node;
  while (current.op === '.') current = (current.args as [ASTNode, string])[0];
  return current.op === 'id';
}

/**
 * The edits the rule needs that do not overlap (outermost first: an edit inside a has() that is
 * itself rewritten waits for the next round, once the has() is rewritten).
 */
function collectEdits(node: ASTNode, source: string, into: Edit[]): void {
  const keyword = keywordSelection(node);
  if (keyword) {
    const operand = `(${source.slice(keyword.operand.range.start, keyword.operand.range.end)})`;
    const [escaped, plain] = [JSON.stringify(`__${keyword.field}__`), JSON.stringify(keyword.field)];
    into.push({ start: node.range.start, end: node.range.end, text: `(${escaped} in ${operand} ? ${operand}[${escaped}] : ${operand}[${plain}])` });
    return;
  }
  if (node.op === 'rcall' || node.op === 'call') {
    const [name, ...rest] = node.args as [string, ...unknown[]];
    if (name === 'matches') {
      // Receiver form: the name follows the receiver; global form: the call starts with it.
      const from = node.op === 'rcall' ? (rest[0] as ASTNode).range.end : node.range.start;
      const at = source.indexOf('matches', from);
      if (at >= 0 && at < node.range.end) into.push({ start: at, end: at + 'matches'.length, text: 're2Matches' });
    }
    const format = name === 'hasValue' && node.op === 'rcall' ? formatValidation(rest[0] as ASTNode) : undefined;
    if (format) {
      into.push({ start: node.range.start, end: node.range.end, text: `k8sFormatInvalid(${JSON.stringify(format.name)}, ${source.slice(format.value.range.start, format.value.range.end)})` });
      return;
    }
    if (name === 'has' && node.op === 'call') {
      const [argument] = rest[0] as ASTNode[];
      const tested = argument ? keywordSelection(argument) : undefined;
      if (tested) {
        const operand = `(${source.slice(tested.operand.range.start, tested.operand.range.end)})`;
        into.push({ start: node.range.start, end: node.range.end, text: `(${JSON.stringify(`__${tested.field}__`)} in ${operand} || ${JSON.stringify(tested.field)} in ${operand})` });
        return;
      }
      if (argument && argument.op === '.' && !isSelectChain(argument)) {
        const [operand, field] = argument.args as [ASTNode, string];
        const operandText = source.slice(operand.range.start, operand.range.end);
        into.push({ start: node.range.start, end: node.range.end, text: `(${JSON.stringify(field)} in (${operandText}))` });
        return;
      }
    }
  }
  for (const child of children(node)) collectEdits(child, source, into);
}

/** `format.<name>().validate(value)` (the receiver of a hasValue() call): the format's name and the value. */
function formatValidation(node: ASTNode): { name: string; value: ASTNode } | undefined {
  if (node.op !== 'rcall') return undefined;
  const [method, receiver, args] = node.args as [string, ASTNode, ASTNode[]];
  if (method !== 'validate' || args.length !== 1 || receiver.op !== 'rcall') return undefined;
  const [formatName, library, formatArgs] = receiver.args as [string, ASTNode, ASTNode[]];
  if (library.op !== 'id' || library.args !== 'format' || formatArgs.length !== 0) return undefined;
  return { name: formatName, value: args[0] as ASTNode };
}

type Parsed = ReturnType<Environment['parse']>;

/** The rule as the evaluator runs it (see the module comment), parsed; parsed again after each round of edits. */
function adapt(rule: string): { source: string; parsed: Parsed } {
  const env = kubernetesCelEnv();
  let source = rule;
  for (let round = 0; round < 10; round++) {
    const parsed = env.parse(source);
    const edits: Edit[] = [];
    collectEdits(parsed.ast, source, edits);
    if (edits.length === 0) return { source, parsed };
    edits.sort((a, b) => b.start - a.start);
    let end = Number.POSITIVE_INFINITY;
    for (const edit of edits) {
      if (edit.end > end) continue; // inside an edit applied this round
      source = source.slice(0, edit.start) + edit.text + source.slice(edit.end);
      end = edit.start;
    }
  }
  throw new Error(`cannot adapt CEL rule ${JSON.stringify(rule)}`);
}

/** The rule text as the evaluator runs it. */
export function adaptRule(rule: string): string {
  return adapt(rule).source;
}

export type CelProgram = (bindings: { self: unknown; oldSelf?: unknown }) => unknown;

/** Compiles a rule (adapted and parsed). Throws with the reason when it cannot. */
export function compileCel(rule: string): CelProgram {
  const { parsed } = adapt(rule);
  return (bindings) => parsed(bindings);
}

/** The first line of an evaluator error, in cel-go's words ("no such key: x", as the API server prints it). */
export function celErrorText(err: unknown): string {
  const first = (err instanceof Error ? err.message : String(err)).split('\n', 1)[0]?.trim() ?? '';
  return first.charAt(0).toLowerCase() + first.slice(1);
}
