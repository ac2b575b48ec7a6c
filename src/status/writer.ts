/**
 * Status writer for standalone mode: takes the statuses the translator computed, stamps
 * condition transition times (the translator has no clock), keeps them for the admin API and
 * logs what changed. Reads are coalesced by the bus, so churn never queues writes.
 *
 * Logs a person reads: each change is a debug line; at info, a batch of changes (a start with
 * 10,000 routes, a directory edited at once) is one line counting them by kind and condition,
 * and a single change is one line naming the object.
 */
import { deepEqual } from 'fast-equals';
import type { Condition } from '../apis/meta';
import { hasAncestors, type Bus, type ObjectStatus } from '../message/resources';
import { handleSubscription, type Subscription } from '../message/watchable';
import { componentLogger, type Logger } from '../logging/logger';

export interface StatusWriterOptions {
  bus: Bus;
  logger: Logger;
  now?: () => Date;
  /** Told of each status written (metrics). */
  onWritten?: () => void;
}

/**
 * A written status as the translator's (frozen, shared with the bus) status plus its conditions'
 * transition times in stamping order: one string when they are all the same, as they are until a
 * condition flips. A stamped copy of every status cost ~500 bytes each (10,000 routes: 5 MiB);
 * the stamped view is made again when read (admin API, the next change of that status).
 */
interface WrittenStatus {
  source: ObjectStatus;
  times: string | undefined | readonly (string | undefined)[];
}

/** Gives each condition, in stamping order, its transition time (see stampWith). */
type TransitionTime = (condition: Condition, before: Condition | undefined) => string | undefined;

function stampedView(written: WrittenStatus): ObjectStatus {
  const { times } = written;
  if (!Array.isArray(times)) return stampWith(written.source, undefined, () => times as string | undefined);
  let i = 0;
  return stampWith(written.source, undefined, () => (times as readonly (string | undefined)[])[i++]);
}

/** times as one value when they are all the same. */
function compactTimes(times: (string | undefined)[]): WrittenStatus['times'] {
  return times.every((t) => t === times[0]) ? times[0] : times;
}

export class FileStatusWriter {
  private readonly written = new Map<string, WrittenStatus>();
  private subscription: Subscription<string, ObjectStatus> | null = null;
  private loop: Promise<void> | null = null;
  private readonly log: Logger;
  private readonly now: () => Date;
  private lastNow = { ms: NaN, text: '' };
  /** The changes not yet logged at info: kind and "Type=Status" of each condition, or the one change whole. */
  private unlogged: { key: string; kind: string; conditions: string[]; summary: string }[] = [];
  private logScheduled = false;

  constructor(private readonly o: StatusWriterOptions) {
    this.log = componentLogger(o.logger, 'status-writer');
    this.now = o.now ?? (() => new Date());
  }

  start(): void {
    this.subscription = this.o.bus.statuses.subscribe();
    this.loop = handleSubscription(this.subscription, (u) => {
      if (u.deleted || !u.value) {
        this.written.delete(u.key);
        return;
      }
      const kept = this.written.get(u.key);
      const previous = kept && stampedView(kept);
      const stamp = keptOr(this.nowText());
      const times: (string | undefined)[] = [];
      const next = stampWith(u.value, previous, (c, before) => {
        const time = stamp(c, before);
        times.push(time);
        return time;
      });
      if (previous && deepEqual(previous, next)) return;
      this.written.set(u.key, { source: u.value, times: compactTimes(times) });
      this.o.onWritten?.();
      const summary = summarize(next);
      this.log.debug({ object: u.key, summary }, 'status changed');
      this.noteForLog(u.key, next, summary);
    });
  }

  /** Collects a change for the info line of its batch (the bus hands a batch over in one turn). */
  private noteForLog(key: string, status: ObjectStatus, summary: string): void {
    this.unlogged.push({ key, kind: status.kind, conditions: allConditions(status).map((c) => `${c.type}=${c.status}`), summary });
    if (this.logScheduled) return;
    this.logScheduled = true;
    setImmediate(() => this.logBatch());
  }

  private logBatch(): void {
    this.logScheduled = false;
    const changes = this.unlogged.splice(0);
    if (changes.length === 1) {
      this.log.info({ object: changes[0]!.key, summary: changes[0]!.summary }, 'status changed');
      return;
    }
    const kinds: Record<string, number> = {};
    const conditions: Record<string, number> = {};
    for (const change of changes) {
      kinds[change.kind] = (kinds[change.kind] ?? 0) + 1;
      for (const c of change.conditions) conditions[c] = (conditions[c] ?? 0) + 1;
    }
    this.log.info({ statuses: changes.length, kinds, conditions }, `${changes.length} statuses changed (each at debug)`);
  }

  /** The time as text, the same string for a burst of statuses written in the same millisecond (10,000 at start). */
  private nowText(): string {
    const now = this.now();
    if (now.getTime() !== this.lastNow.ms) this.lastNow = { ms: now.getTime(), text: now.toISOString() };
    return this.lastNow.text;
  }

  async stop(): Promise<void> {
    this.subscription?.close();
    await this.loop;
  }

  /** Every status, sorted by key, for the admin API. */
  list(): ObjectStatus[] {
    return [...this.written.keys()].sort().map((k) => stampedView(this.written.get(k)!));
  }

  get(key: string): ObjectStatus | undefined {
    const written = this.written.get(key);
    return written && stampedView(written);
  }
}

/** Stamps each condition with time(condition, the condition of the same type before). */
function stampConditions(next: Condition[] | undefined, previous: Condition[] | undefined, time: TransitionTime): Condition[] | undefined {
  if (!next) return next;
  return next.map((c) => ({ ...c, lastTransitionTime: time(c, previous?.find((p) => p.type === c.type)) }));
}

/** Stamps each entry (route parent, policy ancestor) against the same entry before. */
function stampEach<T extends { conditions: Condition[] }>(next: T[], previous: T[] | undefined, same: (a: T, b: T) => boolean, time: TransitionTime): T[] {
  return next.map((e) => ({ ...e, conditions: stampConditions(e.conditions, previous?.find((p) => same(p, e))?.conditions, time) ?? [] }));
}

/** Keeps a condition's lastTransitionTime while its status value stays the same, else now. */
export function stampTransitions(next: ObjectStatus, previous: ObjectStatus | undefined, now: string): ObjectStatus {
  return stampWith(next, previous, keptOr(now));
}

/** A condition keeps its time while its status value stays the same; otherwise it is now. */
function keptOr(now: string): TransitionTime {
  return (c, before) => (before && before.status === c.status ? before.lastTransitionTime : now);
}

/** next with every condition stamped by time, visiting the conditions in one fixed order. */
function stampWith(next: ObjectStatus, previous: ObjectStatus | undefined, time: TransitionTime): ObjectStatus {
  if (hasAncestors(next)) {
    const prev = previous?.kind === next.kind && hasAncestors(previous) ? previous.status : undefined;
    return { ...next, status: { ancestors: stampEach(next.status.ancestors, prev?.ancestors, (a, b) => deepEqual(a.ancestorRef, b.ancestorRef), time) } };
  }
  switch (next.kind) {
    case 'GatewayClass': {
      const prev = previous?.kind === 'GatewayClass' ? previous.status : undefined;
      return { ...next, status: { ...next.status, conditions: stampConditions(next.status.conditions, prev?.conditions, time) } };
    }
    // Both have conditions and per-listener statuses, stamped alike.
    case 'Gateway':
    case 'ListenerSet': {
      const prev = previous?.kind === next.kind ? previous.status as typeof next.status : undefined;
      return {
        ...next,
        status: {
          ...next.status,
          conditions: stampConditions(next.status.conditions, prev?.conditions, time),
          listeners: next.status.listeners && stampEach(next.status.listeners, prev?.listeners, (a, b) => a.name === b.name, time),
        },
      };
    }
    default: {
      const prev = previous && previous.kind === next.kind ? previous.status : undefined;
      return { ...next, status: { parents: stampEach(next.status.parents, prev?.parents, (a, b) => deepEqual(a.parentRef, b.parentRef), time) } };
    }
  }
}

function conditionSummary(conditions: Condition[] | undefined): string {
  return (conditions ?? []).map((c) => `${c.type}=${c.status}(${c.reason})`).join(' ');
}

/** Every condition of a status: its own, its listeners', its parents' or ancestors'. */
function allConditions(s: ObjectStatus): Condition[] {
  if (hasAncestors(s)) return s.status.ancestors.flatMap((a) => a.conditions);
  switch (s.kind) {
    case 'GatewayClass': return s.status.conditions ?? [];
    case 'Gateway':
    case 'ListenerSet': return [...(s.status.conditions ?? []), ...(s.status.listeners ?? []).flatMap((l) => l.conditions ?? [])];
    default: return s.status.parents.flatMap((p) => p.conditions);
  }
}

/** One line a person can read: "Accepted=True(Accepted) Programmed=True(Programmed)". */
function summarize(s: ObjectStatus): string {
  if (hasAncestors(s)) return s.status.ancestors.map((a) => `ancestor ${a.ancestorRef.namespace ?? ''}/${a.ancestorRef.name}: ${conditionSummary(a.conditions)}`).join('; ');
  switch (s.kind) {
    case 'GatewayClass':
      return conditionSummary(s.status.conditions);
    case 'Gateway':
    case 'ListenerSet':
      return [conditionSummary(s.status.conditions), ...(s.status.listeners ?? []).map((l) => `listener ${l.name}: ${conditionSummary(l.conditions)} attachedRoutes=${l.attachedRoutes}`)].join('; ');
    default:
      return s.status.parents.map((p) => `parent ${p.parentRef.namespace ?? ''}/${p.parentRef.name}${p.parentRef.sectionName ? '/' + p.parentRef.sectionName : ''}: ${conditionSummary(p.conditions)}`).join('; ');
  }
}
