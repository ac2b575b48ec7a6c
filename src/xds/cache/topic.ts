/**
 * One gateway's topic (Consul's event publisher, per gateway key): the current snapshot, a
 * short log of change events that readers catch up from, and the readers themselves.
 */
import type { ResourceTypeUrl } from '../types';
import type { ResourceEntry } from './entry';
import type { CacheRead, CacheSubscription, ChangeSet, GatewaySnapshot } from './snapshot';

interface TopicEvent {
  seq: number;
  changes: ChangeSet;
  /** Names this event holds, all types together. */
  size: number;
}

/**
 * The log is also bounded by the names it holds: no more than the snapshot has resources (at
 * least this many). A reader further behind than that is better served a full snapshot, and
 * memory stays proportional to the gateway, not to the history of its changes.
 */
const MIN_LOGGED_NAMES = 1024;

/** The translator object an entry was encoded from, to skip encoding unchanged resources. */
export interface SourceRecord {
  source: object;
  entry: ResourceEntry;
}

export class GatewayTopic {
  snapshot: GatewaySnapshot | undefined;
  seq = 0;
  /** Per type, per name: what the current snapshot was built from. */
  readonly sources = new Map<ResourceTypeUrl, Map<string, SourceRecord>>();
  /** Per type, the list the current snapshot was built from (lists on the bus are frozen). */
  readonly lists = new Map<ResourceTypeUrl, readonly object[]>();
  /** The types whose list is in strict name order (the cache can then patch them). */
  readonly nameOrdered = new Set<ResourceTypeUrl>();
  private readonly events: TopicEvent[] = [];
  private loggedNames = 0;
  private readonly subscribers = new Set<TopicSubscription>();

  constructor(
    readonly gateway: string,
    private readonly eventLogCapacity: number,
  ) {}

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** Records a change and wakes every reader; readers pick it up when they are ready. */
  publish(snapshot: GatewaySnapshot | undefined, changes: ChangeSet): void {
    this.seq += 1;
    this.snapshot = snapshot;
    const size = [...changes.values()].reduce((n, names) => n + names.size, 0);
    this.events.push({ seq: this.seq, changes, size });
    this.loggedNames += size;
    const maxNames = Math.max(MIN_LOGGED_NAMES, snapshotSize(snapshot));
    while (this.events.length > this.eventLogCapacity || (this.events.length > 1 && this.loggedNames > maxNames)) {
      this.loggedNames -= this.events.shift()!.size;
    }
    for (const s of this.subscribers) s.notify();
  }

  /** Changes after seq, merged per type; 'full' when the log no longer reaches back that far. */
  changesSince(seq: number): ChangeSet | 'full' | undefined {
    if (seq === this.seq) return undefined;
    if (seq < 0) return 'full';
    const oldest = this.events[0];
    if (!oldest || seq < oldest.seq - 1) return 'full';
    const merged = new Map<ResourceTypeUrl, Set<string>>();
    for (const event of this.events) {
      if (event.seq <= seq) continue;
      for (const [typeUrl, names] of event.changes) {
        let set = merged.get(typeUrl);
        if (!set) merged.set(typeUrl, (set = new Set()));
        for (const n of names) set.add(n);
      }
    }
    return merged;
  }

  subscribe(listener: (() => void) | undefined, onClose: (topic: GatewayTopic) => void): CacheSubscription {
    const sub = new TopicSubscription(this, listener, (s) => {
      this.subscribers.delete(s);
      onClose(this);
    });
    this.subscribers.add(sub);
    return sub;
  }

  closeAll(): void {
    for (const s of [...this.subscribers]) s.close();
  }
}

function snapshotSize(snapshot: GatewaySnapshot | undefined): number {
  let n = 0;
  for (const t of snapshot?.types.values() ?? []) n += t.entries.size;
  return n;
}

class TopicSubscription implements CacheSubscription {
  private seenSeq = -1; // nothing read yet: the first read is the full snapshot
  private closed = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly topic: GatewayTopic,
    private readonly listener: (() => void) | undefined,
    private readonly onClose: (s: TopicSubscription) => void,
  ) {}

  get gateway(): string {
    return this.topic.gateway;
  }

  notify(): void {
    if (this.closed) return;
    this.listener?.();
    this.wake?.();
  }

  read(): CacheRead | undefined {
    if (this.closed) return undefined;
    const changes = this.topic.changesSince(this.seenSeq);
    if (changes === undefined) return undefined;
    this.seenSeq = this.topic.seq;
    return { snapshot: this.topic.snapshot, changes };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose(this);
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<CacheRead> {
    while (!this.closed) {
      const next = this.read();
      if (next) {
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => { this.wake = resolve; });
      this.wake = null;
    }
  }
}
