/**
 * Builds the ProviderResources a provider publishes from the objects read out of files: defaults
 * applied, one object per kind/namespace/name, each list sorted by namespace then name. Pure.
 */
import type { Namespace } from '../../apis/core';
import { emptyProviderResources, type ProviderError, type ProviderResources } from '../../message/resources';
import { applyDefaults, type ProviderObject } from '../defaults';
import { describeObject, identityKey, identityOf, kindInfo } from './kinds';
import type { SourcedObject } from './parse';

export interface CollectResult {
  resources: ProviderResources;
  /** Duplicates, each reported at the definition that was ignored. */
  errors: ProviderError[];
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Source path, then position in the file: the order in which duplicates are resolved. */
function compareSourced(a: SourcedObject, b: SourcedObject): number {
  return compareStrings(a.source, b.source) || a.line - b.line;
}

function compareObjects(a: ProviderObject, b: ProviderObject): number {
  return compareStrings(a.metadata.namespace ?? '', b.metadata.namespace ?? '') || compareStrings(a.metadata.name, b.metadata.name);
}

/**
 * In a cluster every namespace exists as an object. Files often only name namespaces in
 * metadata, so a Namespace is made up for each one used but not declared; selectors on the
 * kubernetes.io/metadata.name label then behave as in a cluster.
 */
function impliedNamespaces(objects: readonly ProviderObject[]): Namespace[] {
  const declared = new Set(objects.filter((o) => o.kind === 'Namespace').map((o) => o.metadata.name));
  const used = new Set<string>();
  for (const o of objects) if (o.metadata.namespace && !declared.has(o.metadata.namespace)) used.add(o.metadata.namespace);
  return [...used].map((name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }));
}

/**
 * Collects objects into one resource set. The same kind/namespace/name defined twice keeps the
 * definition that comes first by source path, then line; the other is dropped with an error that
 * names both places. Input order does not matter: the output is the same for any permutation.
 */
export function collectResources(objects: readonly SourcedObject[]): CollectResult {
  const errors: ProviderError[] = [];
  const first = new Map<string, SourcedObject>();
  for (const entry of [...objects].sort(compareSourced)) {
    const id = identityOf(entry.object);
    const key = identityKey(id);
    const kept = first.get(key);
    if (!kept) {
      first.set(key, entry);
      continue;
    }
    errors.push({
      source: entry.source,
      line: entry.line,
      object: describeObject(id),
      message: `duplicate ${describeObject(id)}: already defined at ${kept.source}:${kept.line}; that first definition is used and this one is ignored`,
    });
  }

  const unique = [...first.values()].map((e) => e.object);
  const resources = emptyProviderResources();
  for (const object of [...unique, ...impliedNamespaces(unique)]) {
    const info = kindInfo(object.kind);
    if (!info) continue; // parse only produces known kinds
    (resources[info.list] as ProviderObject[]).push(applyDefaults(object));
  }
  for (const list of Object.values(resources) as ProviderObject[][]) list.sort(compareObjects);
  return { resources, errors };
}
