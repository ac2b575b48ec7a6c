/**
 * Status writer for standalone mode: takes the statuses the translator computed, stamps
 * condition transition times (the translator has no clock), keeps them for the admin API and
 * logs each change. Reads are coalesced by the bus, so churn never queues writes.
 */
import { deepEqual } from 'fast-equals';
import type { Condition } from '../apis/meta';
import type { Bus, ObjectStatus } from '../message/resources';
import { handleSubscription, type Subscription } from '../message/watchable';
import { componentLogger, type Logger } from '../logging/logger';

export interface StatusWriterOptions {
  bus: Bus;
  logger: Logger;
  now?: () => Date;
  /** Told of each status written (metrics). */
  onWritten?: () => void;
}

export class FileStatusWriter {
  private readonly written = new Map<string, ObjectStatus>();
  private subscription: Subscription<string, ObjectStatus> | null = null;
  private loop: Promise<void> | null = null;
  private readonly log: Logger;
  private readonly now: () => Date;

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
      const previous = this.written.get(u.key);
      const next = stampTransitions(u.value, previous, this.now().toISOString());
      if (previous && deepEqual(previous, next)) return;
      this.written.set(u.key, next);
      this.o.onWritten?.();
      this.log.info({ object: u.key, summary: summarize(next) }, 'status changed');
    });
  }

  async stop(): Promise<void> {
    this.subscription?.close();
    await this.loop;
  }

  /** Every status, sorted by key, for the admin API. */
  list(): ObjectStatus[] {
    return [...this.written.keys()].sort().map((k) => this.written.get(k)!);
  }

  get(key: string): ObjectStatus | undefined {
    return this.written.get(key);
  }
}

/** Keeps a condition's lastTransitionTime while its status value stays the same. */
function stampConditions(next: Condition[] | undefined, previous: Condition[] | undefined, now: string): Condition[] | undefined {
  if (!next) return next;
  return next.map((c) => {
    const before = previous?.find((p) => p.type === c.type);
    return { ...c, lastTransitionTime: before && before.status === c.status ? before.lastTransitionTime : now };
  });
}

/** Stamps each entry (route parent, policy ancestor) against the same entry before. */
function stampEach<T extends { conditions: Condition[] }>(next: T[], previous: T[] | undefined, same: (a: T, b: T) => boolean, now: string): T[] {
  return next.map((e) => ({ ...e, conditions: stampConditions(e.conditions, previous?.find((p) => same(p, e))?.conditions, now) ?? [] }));
}

export function stampTransitions(next: ObjectStatus, previous: ObjectStatus | undefined, now: string): ObjectStatus {
  switch (next.kind) {
    case 'GatewayClass': {
      const prev = previous?.kind === 'GatewayClass' ? previous.status : undefined;
      return { ...next, status: { ...next.status, conditions: stampConditions(next.status.conditions, prev?.conditions, now) } };
    }
    // Both have conditions and per-listener statuses, stamped alike.
    case 'Gateway':
    case 'ListenerSet': {
      const prev = previous?.kind === next.kind ? previous.status as typeof next.status : undefined;
      return {
        ...next,
        status: {
          ...next.status,
          conditions: stampConditions(next.status.conditions, prev?.conditions, now),
          listeners: next.status.listeners && stampEach(next.status.listeners, prev?.listeners, (a, b) => a.name === b.name, now),
        },
      };
    }
    case 'BackendTLSPolicy': {
      const prev = previous?.kind === 'BackendTLSPolicy' ? previous.status : undefined;
      return { ...next, status: { ancestors: stampEach(next.status.ancestors, prev?.ancestors, (a, b) => deepEqual(a.ancestorRef, b.ancestorRef), now) } };
    }
    default: {
      const prev = previous && previous.kind === next.kind ? previous.status : undefined;
      return { ...next, status: { parents: stampEach(next.status.parents, prev?.parents, (a, b) => deepEqual(a.parentRef, b.parentRef), now) } };
    }
  }
}

function conditionSummary(conditions: Condition[] | undefined): string {
  return (conditions ?? []).map((c) => `${c.type}=${c.status}(${c.reason})`).join(' ');
}

/** One line a person can read: "Accepted=True(Accepted) Programmed=True(Programmed)". */
function summarize(s: ObjectStatus): string {
  switch (s.kind) {
    case 'GatewayClass':
      return conditionSummary(s.status.conditions);
    case 'Gateway':
    case 'ListenerSet':
      return [conditionSummary(s.status.conditions), ...(s.status.listeners ?? []).map((l) => `listener ${l.name}: ${conditionSummary(l.conditions)} attachedRoutes=${l.attachedRoutes}`)].join('; ');
    case 'BackendTLSPolicy':
      return s.status.ancestors.map((a) => `ancestor ${a.ancestorRef.namespace ?? ''}/${a.ancestorRef.name}: ${conditionSummary(a.conditions)}`).join('; ');
    default:
      return s.status.parents.map((p) => `parent ${p.parentRef.namespace ?? ''}/${p.parentRef.name}${p.parentRef.sectionName ? '/' + p.parentRef.sectionName : ''}: ${conditionSummary(p.conditions)}`).join('; ');
  }
}
