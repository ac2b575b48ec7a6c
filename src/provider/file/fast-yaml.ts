/**
 * The fast way to read a manifest file: js-yaml, about twenty times faster than the `yaml`
 * package's document model, which parse.ts keeps for everything that needs positions (errors) or
 * YAML features the two libraries may treat differently.
 *
 * Both implement YAML 1.2; here js-yaml resolves plain scalars with exactly the core schema
 * regular expressions the `yaml` package uses (null, bool, int in base 8/10/16, float), so a
 * plain document reads the same through either. A file takes the fast way only when it has none
 * of the following; otherwise readFast returns undefined and the caller uses the full parser:
 * anchors and aliases (the full parser bounds alias expansion), merge keys (`<<`), complex or
 * collection keys (`? k`, `[a]: b`), null keys, tags js-yaml does not know, and any syntax error.
 * The start of each document is recorded (a listener on js-yaml's node events), so objects keep
 * the line the full parser would give them.
 */
import { FAILSAFE_SCHEMA, loadAll, Type, type State } from 'js-yaml';

const scalar = (tag: string, test: RegExp, construct: (text: string) => unknown): Type =>
  new Type(tag, { kind: 'scalar', resolve: (text: unknown) => typeof text === 'string' && test.test(text), construct });

/** The YAML 1.2 core schema, with the `yaml` package's expressions (yaml/dist/schema/core). */
const CORE_SCHEMA = FAILSAFE_SCHEMA.extend({
  implicit: [
    new Type('tag:yaml.org,2002:null', { kind: 'scalar', resolve: (text: unknown) => text === null || (typeof text === 'string' && /^(?:~|[Nn]ull|NULL)?$/.test(text)), construct: () => null }),
    scalar('tag:yaml.org,2002:bool', /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (text) => text[0] === 't' || text[0] === 'T'),
    scalar('tag:yaml.org,2002:int', /^(?:0o[0-7]+|[-+]?[0-9]+|0x[0-9a-fA-F]+)$/, (text) => {
      if (text.startsWith('0o')) return parseInt(text.slice(2), 8);
      if (text.startsWith('0x')) return parseInt(text.slice(2), 16);
      return parseInt(text, 10);
    }),
    scalar('tag:yaml.org,2002:float', /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*))$/, (text) => {
      if (/nan$/i.test(text)) return Number.NaN;
      if (/inf$/i.test(text)) return text.startsWith('-') ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
      return parseFloat(text);
    }),
  ],
});

/** Explicit keys (`? k`) and flow collections used as keys (`[a]: b`, `{a: 1}: b`). */
const COMPLEX_KEY = /(?:^|[\s,[{])\?(?:[ \t]|$)|[\]}][ \t]*:(?:[ \t]|$)/m;

/** What js-yaml's loader state has beyond its published type. */
interface LoaderState extends State {
  depth: number;
  anchor: string | null;
}

class NotPlain extends Error {}

/** One document of a file: its value and the offset where its content starts. */
export interface FastDocument {
  value: unknown;
  offset: number;
}

/** Keys the two libraries read differently (`<<` merges only in `yaml`; null keys become "" there, "null" here). */
function hasSpecialKeys(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasSpecialKeys);
  if (value === null || typeof value !== 'object') return false;
  // for...in, not Object.entries: this runs over every value of every file, and allocates nothing.
  for (const key in value) {
    if (key === '<<' || key === 'null') return true;
    if (hasSpecialKeys((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** The documents of text, or undefined when the file must go the full parser's way. */
export function readFast(text: string): FastDocument[] | undefined {
  if (COMPLEX_KEY.test(text)) return undefined;
  const offsets: number[] = [];
  let values: unknown[];
  try {
    values = loadAll(text, null, {
      schema: CORE_SCHEMA,
      listener(event, state) {
        const loader = state as LoaderState;
        if (event === 'open' && loader.depth === 1) offsets.push(loader.position);
        else if (event === 'close' && loader.anchor !== null) throw new NotPlain('anchor');
      },
    });
  } catch {
    return undefined; // a syntax error, an anchor or alias, an unknown tag: the full parser decides and explains
  }
  if (values.length !== offsets.length || values.some(hasSpecialKeys)) return undefined;
  return values.map((value, index) => ({ value, offset: offsets[index] as number }));
}

/** Where the content at or after offset starts (spaces, line breaks, comments and `---` skipped). */
export function contentStart(text: string, offset: number): number {
  const re = /(?:[ \t\r\n]+|#[^\n]*|---(?=[ \t\r\n]|$))*/y;
  re.lastIndex = offset;
  re.exec(text);
  return re.lastIndex;
}

/** 1-based lines of offsets in one text: line starts are found once, then each lookup is a binary search. */
export class LineIndex {
  private starts: number[] | undefined;

  constructor(private readonly text: string) {}

  lineAt(offset: number): number {
    if (!this.starts) {
      this.starts = [0];
      for (let at = this.text.indexOf('\n'); at !== -1; at = this.text.indexOf('\n', at + 1)) this.starts.push(at + 1);
    }
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }
}
