/**
 * Per-file "last good" objects: what a file contributes after a new parse, given what it
 * contributed before. Pure.
 */
import { identityKey, identityOf } from './kinds';
import type { ParseResult, SourcedObject } from './parse';

/**
 * - YAML syntax error: the file keeps contributing its previous objects (none if it never parsed).
 * - Otherwise: the newly parsed objects, plus, for each rejected document whose identity is
 *   known, the previous good version of that object (an invalid edit does not delete it, as an
 *   update refused by the API server would not).
 */
export function keepLastGood(previous: readonly SourcedObject[], parsed: ParseResult): SourcedObject[] {
  if (!parsed.syntaxOk) return [...previous];
  const objects = [...parsed.objects];
  if (parsed.rejected.length === 0) return objects;
  const present = new Set(objects.map((o) => identityKey(identityOf(o.object))));
  const rejected = new Set(parsed.rejected.map(identityKey));
  for (const old of previous) {
    const key = identityKey(identityOf(old.object));
    if (rejected.has(key) && !present.has(key)) {
      objects.push(old);
      present.add(key);
    }
  }
  return objects;
}
