/**
 * The snapshot cache: per gateway key, the current resources encoded once per content
 * version, published to the ADS streams of that gateway's proxies.
 */
import { deepEqual } from 'fast-equals';
import type { Logger } from '../../logging/logger';
import { componentLogger, silentLogger } from '../../logging/logger';
import { loadXdsProtos, type XdsProtos } from '../proto';
import { TYPE_ORDER, resourceName, resourcesOfType, type ResourceTypeUrl, type XdsResources } from '../types';
import { encodeEntry, sortedSetVersion, type ResourceEntry } from './entry';
import type { CacheSubscription, GatewaySnapshot, TypeSnapshot } from './snapshot';
import { GatewayTopic, type SourceRecord } from './topic';
import { diffNameOrdered, inStrictNameOrder } from '../../message/ordered-diff';

export interface SnapshotCacheOptions {
  logger?: Logger;
  /** Defaults to loadXdsProtos(). */
  protos?: XdsProtos;
  /** Change events kept per gateway; a reader further behind gets a full snapshot. */
  eventLogCapacity?: number;
}

export interface SnapshotCacheStats {
  gateways: number;
  resources: number;
  /** Resource encodings performed since start: at most one per content version, when a stream needs it. */
  encodes: number;
  /** Change events published, all gateways together. */
  events: number;
  subscribers: number;
}

const DEFAULT_EVENT_LOG_CAPACITY = 128;
/** patchType looks at up to this many changed places, or an eighth of the list if more. */
const MIN_PATCHED_PLACES = 64;

export class SnapshotCache {
  private readonly topics = new Map<string, GatewayTopic>();
  private readonly protos: XdsProtos;
  private readonly logger: Logger;
  private readonly eventLogCapacity: number;
  private encodes = 0;
  private events = 0;

  constructor(options: SnapshotCacheOptions = {}) {
    this.protos = options.protos ?? loadXdsProtos();
    this.logger = componentLogger(options.logger ?? silentLogger(), 'xds-cache');
    this.eventLogCapacity = Math.max(1, options.eventLogCapacity ?? DEFAULT_EVENT_LOG_CAPACITY);
  }

  /** How many resources were encoded so far (each content version once, when first needed). */
  get encodeCount(): number {
    return this.encodes;
  }

  stats(): SnapshotCacheStats {
    let resources = 0;
    let subscribers = 0;
    let gateways = 0;
    for (const topic of this.topics.values()) {
      subscribers += topic.subscriberCount;
      if (!topic.snapshot) continue;
      gateways += 1;
      for (const t of topic.snapshot.types.values()) resources += t.entries.size;
    }
    return { gateways, resources, encodes: this.encodes, events: this.events, subscribers };
  }

  /** Gateway keys that currently have resources, sorted. */
  gateways(): string[] {
    return [...this.topics.values()].filter((t) => t.snapshot).map((t) => t.gateway).sort();
  }

  snapshot(gateway: string): GatewaySnapshot | undefined {
    return this.topics.get(gateway)?.snapshot;
  }

  /**
   * Replaces the gateway's resources. Resources deep-equal to the previous ones keep their
   * entry (no encoding); only resources whose content changed get a new entry, encoded (and
   * versioned) when a stream first needs it. The objects
   * must not be mutated afterwards (bus values are frozen). Returns true when anything changed.
   */
  setResources(gateway: string, resources: XdsResources): boolean {
    const topic = this.topicFor(gateway);
    const types = new Map<ResourceTypeUrl, TypeSnapshot>();
    const changes = new Map<ResourceTypeUrl, Set<string>>();
    for (const typeUrl of TYPE_ORDER) {
      const previous = topic.snapshot?.types.get(typeUrl);
      const list = resourcesOfType(resources, typeUrl);
      // The same (frozen) list as last time: nothing of this type to look at.
      if (previous && topic.lists.get(typeUrl) === list) {
        types.set(typeUrl, previous);
        continue;
      }
      const previousList = topic.lists.get(typeUrl);
      topic.lists.set(typeUrl, list);
      // In strict name order (as the translators list resources), a list can be patched and its snapshot needs no sort.
      const ordered = inStrictNameOrder(list, (r) => resourceName(typeUrl, r));
      const patched = ordered && previous && previousList && topic.nameOrdered.has(typeUrl) ? this.patchType(topic, typeUrl, previousList, list) : undefined;
      if (patched) {
        const { changed, namesChanged } = patched;
        if (changed.size > 0) changes.set(typeUrl, changed);
        const sources = topic.sources.get(typeUrl)!;
        types.set(typeUrl, changed.size === 0 ? previous! : namesChanged ? typeSnapshot(typeUrl, sources, list) : patchedTypeSnapshot(previous!, sources, changed));
        continue;
      }
      const { sources, changed } = this.updateType(topic, typeUrl, list);
      topic.sources.set(typeUrl, sources);
      if (ordered) topic.nameOrdered.add(typeUrl);
      else topic.nameOrdered.delete(typeUrl);
      if (changed.size > 0) changes.set(typeUrl, changed);
      types.set(typeUrl, previous && changed.size === 0 ? previous : typeSnapshot(typeUrl, sources, ordered ? list : undefined));
    }
    if (topic.snapshot && changes.size === 0) return false;
    this.events += 1;
    topic.publish({ gateway, seq: topic.seq + 1, types }, changes);
    this.logger.debug({ gateway, seq: topic.seq, changed: summarize(changes) }, 'gateway resources updated');
    return true;
  }

  /** Removes every resource of the gateway; its streams see the resources go. */
  deleteGateway(gateway: string): boolean {
    const topic = this.topics.get(gateway);
    if (!topic?.snapshot) return false;
    const changes = new Map<ResourceTypeUrl, Set<string>>();
    for (const [typeUrl, t] of topic.snapshot.types) if (t.entries.size > 0) changes.set(typeUrl, new Set(t.entries.keys()));
    topic.sources.clear();
    topic.lists.clear();
    topic.nameOrdered.clear();
    this.events += 1;
    topic.publish(undefined, changes);
    this.logger.debug({ gateway }, 'gateway deleted');
    this.dropIfUnused(topic);
    return true;
  }

  /**
   * Follows one gateway, known or not yet. The first read returns the current snapshot
   * (changes: 'full'); listener runs synchronously on every change and should only schedule
   * a read.
   */
  subscribe(gateway: string, listener?: () => void): CacheSubscription {
    return this.topicFor(gateway).subscribe(listener, (topic) => this.dropIfUnused(topic));
  }

  /** Ends every subscription (streams see their subscriptions close). */
  close(): void {
    for (const topic of [...this.topics.values()]) topic.closeAll();
  }

  private updateType(
    topic: GatewayTopic,
    typeUrl: ResourceTypeUrl,
    resources: readonly object[],
  ): { sources: Map<string, SourceRecord>; changed: Set<string> } {
    const previous = topic.sources.get(typeUrl) ?? new Map<string, SourceRecord>();
    const sources = new Map<string, SourceRecord>();
    const changed = new Set<string>();
    for (const resource of resources) {
      const name = resourceName(typeUrl, resource);
      if (!name) {
        this.logger.warn({ gateway: topic.gateway, typeUrl }, 'resource without a name ignored');
        continue;
      }
      if (sources.has(name)) this.logger.warn({ gateway: topic.gateway, typeUrl, name }, 'duplicate resource name: the last one wins');
      const before = previous.get(name);
      const entry = before && (before.source === resource || deepEqual(before.source, resource))
        ? before.entry
        : this.encode(typeUrl, name, resource, before?.entry);
      sources.set(name, { source: resource, entry });
      if (before?.entry !== entry) changed.add(name);
    }
    for (const name of previous.keys()) if (!sources.has(name)) changed.add(name);
    return { sources, changed };
  }

  /**
   * The changes when list differs from the previous list of the type in a few places: both in
   * strict name order (the caller checked), walked side by side; objects
   * identical to the previous ones are passed by pointer comparison, and only the places where
   * the lists differ are looked at (a resource replaced, one that came, one that went). The
   * type's sources are updated in place, so one changed assignment or one cluster swapped for
   * another among thousands costs those, not a comparison of every resource. Undefined when the
   * lists differ otherwise (order, a name listed twice, many places): updateType then compares
   * them whole.
   */
  private patchType(topic: GatewayTopic, typeUrl: ResourceTypeUrl, previousList: readonly object[], list: readonly object[]): TypePatch | undefined {
    const sources = topic.sources.get(typeUrl);
    if (!sources) return undefined;
    const diff = diffNameOrdered(previousList, list, (r) => resourceName(typeUrl, r), Math.max(MIN_PATCHED_PLACES, list.length >>> 3));
    if (!diff) return undefined;
    const { replaced, added, removed } = diff;
    // The sources must be what the previous list held (they are, unless a name was listed twice then).
    for (const [name, source] of [...replaced.map(([n, before]) => [n, before] as const), ...removed]) {
      if (sources.get(name)?.source !== source) return undefined;
    }
    for (const [name] of added) if (!name || sources.has(name)) return undefined;
    const changed = new Set<string>();
    for (const [name, before, resource] of replaced) {
      const record = sources.get(name)!;
      const entry = deepEqual(before, resource) ? record.entry : this.encode(typeUrl, name, resource, record.entry);
      if (entry !== record.entry) changed.add(name);
      sources.set(name, { source: resource, entry });
    }
    for (const [name] of removed) {
      sources.delete(name);
      changed.add(name);
    }
    for (const [name, resource] of added) {
      sources.set(name, { source: resource, entry: this.encode(typeUrl, name, resource, undefined) });
      changed.add(name);
    }
    return { changed, namesChanged: added.length + removed.length > 0 };
  }

  private encode(typeUrl: ResourceTypeUrl, name: string, resource: object, before: ResourceEntry | undefined): ResourceEntry {
    const entry = encodeEntry(this.protos, typeUrl, name, resource, () => { this.encodes += 1; });
    // Different objects can encode the same (defaults, key order): keep the entry streams may
    // hold already (one no stream asked for yet is as good replaced).
    return before?.encoded && before.version === entry.version ? before : entry;
  }

  private topicFor(gateway: string): GatewayTopic {
    let topic = this.topics.get(gateway);
    if (!topic) {
      topic = new GatewayTopic(gateway, this.eventLogCapacity);
      this.topics.set(gateway, topic);
    }
    return topic;
  }

  private dropIfUnused(topic: GatewayTopic): void {
    if (!topic.snapshot && topic.subscriberCount === 0 && this.topics.get(topic.gateway) === topic) this.topics.delete(topic.gateway);
  }
}

/** What patchType found: the names to tell readers about, and whether names came or went. */
interface TypePatch {
  changed: Set<string>;
  namesChanged: boolean;
}

/** ordered: the list the sources were made from, when in strict name order (no sort needed). */
function typeSnapshot(typeUrl: ResourceTypeUrl, sources: ReadonlyMap<string, SourceRecord>, ordered?: readonly object[]): TypeSnapshot {
  const names = ordered ? ordered.map((r) => resourceName(typeUrl, r)) : [...sources.keys()].sort();
  const entries = new Map<string, ResourceEntry>();
  for (const n of names) entries.set(n, (sources.get(n) as SourceRecord).entry);
  return snapshotOf(typeUrl, entries);
}

/** The previous snapshot with the entries of the changed names (all present already) replaced: a copy keeps the name order, no sort. */
function patchedTypeSnapshot(previous: TypeSnapshot, sources: ReadonlyMap<string, SourceRecord>, changed: ReadonlySet<string>): TypeSnapshot {
  const entries = new Map(previous.entries);
  for (const name of changed) entries.set(name, (sources.get(name) as SourceRecord).entry);
  return snapshotOf(previous.typeUrl, entries);
}

/** entries must be in name order. */
function snapshotOf(typeUrl: ResourceTypeUrl, entries: ReadonlyMap<string, ResourceEntry>): TypeSnapshot {
  let version: string | undefined;
  // The set's version needs every entry's bytes: made when a stream first asks for it.
  return Object.freeze({
    typeUrl,
    entries,
    get version(): string {
      version ??= sortedSetVersion(entries.values());
      return version;
    },
  });
}

function summarize(changes: ReadonlyMap<ResourceTypeUrl, ReadonlySet<string>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [typeUrl, names] of changes) out[typeUrl.slice(typeUrl.lastIndexOf('.') + 1)] = names.size;
  return out;
}
