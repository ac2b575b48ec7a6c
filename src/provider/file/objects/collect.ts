/**
 * Builds the ProviderResources a provider publishes from the objects read out of files: defaults
 * applied, one object per kind/namespace/name, each list sorted by namespace then name. Pure.
 * The rules are the ObjectIndex's (duplicates, made-up Namespaces, defaults), fed all at once.
 */
import { emptyProviderResources, type ProviderError, type ProviderResources } from '../../../message/resources';
import { TABLE_OF_KIND } from '../../../message/tables';
import type { ProviderObject } from '../../defaults';
import type { SourcedObject } from '../parse';
import { ObjectIndex } from './object-index';

export interface CollectResult {
  resources: ProviderResources;
  /** Duplicates, each reported at the definition that was ignored. */
  errors: ProviderError[];
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareObjects(a: ProviderObject, b: ProviderObject): number {
  return compareStrings(a.metadata.namespace ?? '', b.metadata.namespace ?? '') || compareStrings(a.metadata.name, b.metadata.name);
}

/** The objects of an index as one resource set, each list sorted by namespace then name. */
export function resourcesOf(objects: Iterable<ProviderObject>): ProviderResources {
  const resources = emptyProviderResources();
  for (const object of objects) {
    const table = TABLE_OF_KIND[object.kind];
    (resources[table] as ProviderObject[]).push(object);
  }
  for (const list of Object.values(resources) as ProviderObject[][]) list.sort(compareObjects);
  return resources;
}

/**
 * Collects objects into one resource set. The same kind/namespace/name defined twice keeps the
 * definition that comes first by source path, then line; the other is dropped with an error that
 * names both places. Input order does not matter: the output is the same for any permutation.
 */
export function collectResources(objects: readonly SourcedObject[]): CollectResult {
  const index = new ObjectIndex({ generations: false });
  const bySource = new Map<string, SourcedObject[]>();
  for (const entry of objects) {
    const list = bySource.get(entry.source) ?? [];
    list.push(entry);
    bySource.set(entry.source, list);
  }
  for (const [source, list] of bySource) index.setSource(source, list);
  index.flush();
  return { resources: resourcesOf(index.publishedObjects()), errors: index.allDuplicateErrors() };
}
