/**
 * A deep copy of a decoded manifest value that is as small as V8 can hold it, for the objects a
 * provider keeps for as long as they exist (30,000 of them in a large directory).
 *
 * Written through JSON on purpose: JSON.parse builds each object with exactly its own fields
 * (no spare property slots) and fresh strings. A parser's strings are often slices of the file's
 * text, and one slice kept keeps the whole text alive; the copy holds only its own characters.
 * Measured on 30,000 generated manifests: 9.7 MiB kept against 25.3 MiB for a cloneJson copy
 * (texts included). It costs a few microseconds more per object than cloneJson, so it is made
 * once, for objects kept for long (the file provider), in place of the copies defaulting made.
 *
 * JSON cannot carry everything a YAML document can decode to: NaN and the infinities become
 * null, and so would undefined list items. A value whose JSON text has a null anywhere (or the
 * word inside a string; rare, and only slower) is copied with cloneJson instead.
 */
import { cloneJson } from '../ir/clone';

export function compactCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  const text = JSON.stringify(value);
  if (text === undefined || text.includes('null')) return cloneJson(value);
  return JSON.parse(text) as T;
}
