/**
 * What a set of files publishes, kept up to date file by file: when one file changes, only the
 * objects it defined and defines are looked at again, whatever the number of files.
 *
 * The rules are those of a whole-set collection (collect.ts is this index fed at once):
 * - the same kind/namespace/name defined more than once: the definition first by source path,
 *   then line, is published; each other one gets an error naming both places;
 * - a namespace that objects use but no Namespace declares gets one made up (in a cluster every
 *   namespace exists), so selectors on kubernetes.io/metadata.name behave as in a cluster;
 * - published objects have the defaults of their kind (applyDefaults) and, optionally, a
 *   metadata.generation that counts their spec changes (generations.ts).
 */
import type { Namespace } from '../../../apis/core';
import type { ProviderError } from '../../../message/resources';
import { TABLE_OF_KIND, tableKey, type TableName } from '../../../message/tables';
import { freezeValue } from '../../../message/watchable';
import { applyDefaults, applyOwnedDefaults, type ProviderObject } from '../../defaults';
import { compareProviderErrors } from '../errors';
import { describeObject, identityKey, identityOf } from '../kinds';
import type { SourcedObject } from '../parse';
import { GenerationTracker } from './generations';

/** One object to store in, or (object undefined) to delete from, a table. */
export interface TableChange {
  table: TableName;
  /** The object's key in its table ("<namespace>/<name>" or "<name>"). */
  key: string;
  object: ProviderObject | undefined;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Source path, then position in the file: the order in which duplicates are resolved. */
function compareSourced(a: SourcedObject, b: SourcedObject): number {
  return compareStrings(a.source, b.source) || a.line - b.line;
}

function namespaceIdentity(name: string): string {
  return identityKey({ kind: 'Namespace', name });
}

export interface ObjectIndexOptions {
  /** Set metadata.generation on what is published (the file provider), or leave it as read (collect). */
  generations: boolean;
  /**
   * The definitions given are the index's to change (the file provider's own): a resolved
   * definition's object is defaulted and frozen in place (no copy), so one copy of each object
   * stays in memory, not two. Without it the inputs are left as they are (collect).
   */
  ownsDefinitions?: boolean;
  /**
   * The definitions have their CRD's defaults already (the file parser applies them as it
   * validates): resolving one adds only the defaults beyond the schemas, not the schemas' again.
   */
  crdDefaulted?: boolean;
}

export class ObjectIndex {
  /** Definitions of each identity, in resolution order. */
  private readonly definitions = new Map<string, SourcedObject[]>();
  /** What each source defines. */
  private readonly bySource = new Map<string, readonly SourcedObject[]>();
  /** Published object per identity, and the definition it came from (undefined: a made-up Namespace). */
  private readonly published = new Map<string, { object: ProviderObject; from: SourcedObject | undefined }>();
  /** Identities defined in each namespace (a namespace is used while this is above zero). */
  private readonly namespaceUse = new Map<string, number>();
  /** Duplicate errors by identity, and the sources they are reported at. */
  private readonly duplicates = new Map<string, ProviderError[]>();
  private readonly generations = new GenerationTracker();
  /** Objects that are the result of applyDefaults (frozen): definitions hold these once resolved. */
  private readonly defaulted = new WeakSet<ProviderObject>();

  private readonly dirtyIdentities = new Set<string>();
  private readonly dirtySources = new Set<string>();

  constructor(private readonly options: ObjectIndexOptions) {}

  /**
   * Replaces everything source defines with objects (empty: the source is gone). The list is
   * kept as given, not copied (one list per file adds up): the caller does not change it later.
   */
  setSource(source: string, objects: readonly SourcedObject[]): void {
    const previous = this.bySource.get(source) ?? [];
    if (previous.length === objects.length && previous.every((o, i) => o === objects[i])) return;
    for (const old of previous) this.removeDefinition(old);
    if (objects.length === 0) this.bySource.delete(source);
    else this.bySource.set(source, objects);
    for (const added of objects) this.addDefinition(added);
    this.dirtySources.add(source);
  }

  /** Sources that define something. */
  sources(): IterableIterator<string> {
    return this.bySource.keys();
  }

  private addDefinition(entry: SourcedObject): void {
    const identity = identityKey(identityOf(entry.object));
    const list = this.definitions.get(identity);
    if (!list) {
      this.definitions.set(identity, [entry]);
      this.useNamespace(entry.object.metadata.namespace, 1);
    } else {
      // Insert in order (lists are short: one entry, or a few duplicates).
      let at = list.length;
      while (at > 0 && compareSourced(list[at - 1] as SourcedObject, entry) > 0) at--;
      list.splice(at, 0, entry);
    }
    this.dirtyIdentities.add(identity);
  }

  private removeDefinition(entry: SourcedObject): void {
    const identity = identityKey(identityOf(entry.object));
    const list = this.definitions.get(identity);
    const at = list?.indexOf(entry) ?? -1;
    if (!list || at < 0) return;
    list.splice(at, 1);
    if (list.length === 0) {
      this.definitions.delete(identity);
      this.useNamespace(entry.object.metadata.namespace, -1);
    }
    this.dirtyIdentities.add(identity);
  }

  private useNamespace(namespace: string | undefined, delta: number): void {
    if (!namespace) return;
    const count = (this.namespaceUse.get(namespace) ?? 0) + delta;
    if (count > 0) this.namespaceUse.set(namespace, count);
    else this.namespaceUse.delete(namespace);
    // Crossing zero makes or removes the namespace's made-up Namespace.
    if ((delta > 0 && count === delta) || count === 0) this.dirtyIdentities.add(namespaceIdentity(namespace));
  }

  /**
   * Works out what the changes since the last flush mean for the tables: the objects to store
   * or delete, and the sources whose duplicate errors may have changed.
   */
  flush(): { changes: TableChange[]; sources: Set<string> } {
    const changes: TableChange[] = [];
    const sources = new Set(this.dirtySources);
    for (const identity of this.dirtyIdentities) {
      const change = this.resolve(identity, sources);
      if (change) changes.push(change);
    }
    this.dirtyIdentities.clear();
    this.dirtySources.clear();
    return { changes, sources };
  }

  /** The winner of one identity, its duplicates, and what to publish for it. */
  private resolve(identity: string, sources: Set<string>): TableChange | undefined {
    const list = this.definitions.get(identity) ?? [];
    const winner = list[0];

    const previousErrors = this.duplicates.get(identity) ?? [];
    for (const e of previousErrors) sources.add(e.source);
    if (list.length > 1 && winner) {
      const id = identityOf(winner.object);
      const errors = list.slice(1).map((entry): ProviderError => ({
        source: entry.source,
        line: entry.line,
        object: describeObject(id),
        message: `duplicate ${describeObject(id)}: already defined at ${winner.source}:${winner.line}; that first definition is used and this one is ignored`,
      }));
      for (const e of errors) sources.add(e.source);
      this.duplicates.set(identity, errors);
    } else {
      this.duplicates.delete(identity);
    }

    let object: ProviderObject | undefined = winner?.object;
    if (!winner && identity.startsWith('Namespace//')) {
      const name = identity.slice('Namespace//'.length);
      if (this.namespaceUse.has(name)) object = { apiVersion: 'v1', kind: 'Namespace', metadata: { name } } satisfies Namespace;
    }
    const current = this.published.get(identity);
    if (!object) {
      if (!current) return undefined;
      this.published.delete(identity);
      if (this.options.generations) this.generations.forget(identity);
      return { table: TABLE_OF_KIND[current.object.kind], key: tableKey(current.object), object: undefined };
    }
    // The same definition as published: nothing to do (made-up Namespaces never change).
    if (current && current.from === winner) return undefined;
    // Frozen once here: the tables then share it instead of copying it, and generations keep its spec as is.
    let defaulted = object;
    if (this.options.ownsDefinitions === true && winner !== undefined && !this.defaulted.has(object)) {
      // The definition is the index's own: defaulted, given its generation and frozen in place,
      // it is what is published (no copy). A later resolve of it leaves it as it is.
      defaulted = applyOwnedDefaults(object, { crdDefaulted: this.options.crdDefaulted });
      const generation = this.options.generations ? this.generations.peek(identity, defaulted) : undefined;
      if (generation !== undefined) defaulted.metadata.generation = generation;
      freezeValue(defaulted);
      if (generation !== undefined) this.generations.remember(identity, defaulted, generation);
      this.defaulted.add(defaulted);
    } else {
      if (!this.defaulted.has(object)) defaulted = freezeValue(applyDefaults(object));
      if (this.options.generations) {
        const generation = this.generations.next(identity, defaulted);
        if (defaulted.metadata.generation !== generation) {
          defaulted = freezeValue({ ...defaulted, metadata: { ...defaulted.metadata, generation } });
        }
      }
    }
    this.published.set(identity, { object: defaulted, from: winner });
    return { table: TABLE_OF_KIND[defaulted.kind], key: tableKey(defaulted), object: defaulted };
  }

  /** The duplicate errors reported at source. */
  duplicateErrors(source: string): ProviderError[] {
    const errors: ProviderError[] = [];
    for (const entry of this.bySource.get(source) ?? []) {
      for (const e of this.duplicates.get(identityKey(identityOf(entry.object))) ?? []) {
        if (e.source === source && e.line === entry.line && !errors.includes(e)) errors.push(e);
      }
    }
    return errors.sort(compareProviderErrors);
  }

  /** Every published object. */
  publishedObjects(): IterableIterator<ProviderObject> {
    return (function* (values) {
      for (const { object } of values) yield object;
    })(this.published.values());
  }

  /** Every duplicate error. */
  allDuplicateErrors(): ProviderError[] {
    return [...this.duplicates.values()].flat().sort(compareProviderErrors);
  }
}
