/**
 * Leader election on a coordination.k8s.io/v1 Lease. Every replica runs it; the holder renews
 * the Lease every `retryPeriodMs`; the others read it every `observePeriodMs` and one takes it
 * over once it has seen the same record, unrenewed, for `leaseDurationMs` (measured on its own
 * clock, as client-go does: no clock comparison between machines). A leader that could not renew for `renewDeadlineMs`
 * steps down on its own, before anyone else may take over, and says so at once.
 */
import { componentLogger, type Logger } from '../logging/logger';
import { isStatus, type KubeRequester } from '../kubeclient/rest';

/** Resolves after ms, or at once when signal aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export interface LeaseElectorOptions {
  client: KubeRequester;
  namespace: string;
  name: string;
  identity: string;
  logger: Logger;
  onLeading(leading: boolean): void;
  /** Default 15 s. */
  leaseDurationMs?: number;
  /** Default 10 s (less than leaseDurationMs). */
  renewDeadlineMs?: number;
  /** Default 2 s. */
  retryPeriodMs?: number;
  /** How often a replica that does not hold the Lease reads it. Default 500 ms (at most retryPeriodMs). */
  observePeriodMs?: number;
}

interface Lease {
  apiVersion: 'coordination.k8s.io/v1';
  kind: 'Lease';
  metadata: { name: string; namespace: string; resourceVersion?: string };
  spec: {
    holderIdentity?: string;
    leaseDurationSeconds?: number;
    acquireTime?: string;
    renewTime?: string;
    leaseTransitions?: number;
  };
}

/** MicroTime: RFC 3339 with six fractional digits, as the API server wants it. */
function microTime(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

export class LeaseElector {
  private readonly log: Logger;
  private readonly stopController = new AbortController();
  private loop: Promise<void> = Promise.resolve();
  private leading = false;
  /** Steps down when the lease was not renewed in time, whatever the requests are doing. */
  private deadline: NodeJS.Timeout | undefined;
  /** The other holder's record as last seen, when it was first seen so (local clock), and its lease duration. */
  private observed: { record: string; at: number; durationMs: number } | undefined;

  constructor(private readonly o: LeaseElectorOptions) {
    this.log = componentLogger(o.logger, 'leader-election').child({ lease: `${o.namespace}/${o.name}`, identity: o.identity });
  }

  private get leaseDurationMs(): number { return this.o.leaseDurationMs ?? 15_000; }
  private get renewDeadlineMs(): number { return this.o.renewDeadlineMs ?? 10_000; }
  private get retryPeriodMs(): number { return this.o.retryPeriodMs ?? 2_000; }
  private get observePeriodMs(): number { return Math.min(this.o.observePeriodMs ?? 500, this.retryPeriodMs); }
  private get path(): string {
    return `/apis/coordination.k8s.io/v1/namespaces/${encodeURIComponent(this.o.namespace)}/leases`;
  }

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    this.loop = this.run();
  }

  /** Stops; a leader releases the Lease so another replica can take over without waiting it out. */
  async stop(): Promise<void> {
    this.stopController.abort();
    await this.loop;
    clearTimeout(this.deadline);
    if (this.leading) {
      this.setLeading(false);
      try {
        const lease = await this.o.client.request<Lease>('GET', `${this.path}/${this.o.name}`, { timeoutMs: 2000 });
        if (lease.spec.holderIdentity === this.o.identity) {
          await this.o.client.request('PUT', `${this.path}/${this.o.name}`, {
            body: { ...lease, spec: { ...lease.spec, holderIdentity: '', leaseDurationSeconds: 1 } }, timeoutMs: 2000,
          });
          this.log.info('lease released');
        }
      } catch (err) {
        this.log.warn({ error: (err as Error).message }, 'could not release the lease');
      }
    }
  }

  private async run(): Promise<void> {
    const signal = this.stopController.signal;
    while (!signal.aborted) {
      try {
        await this.tryAcquireOrRenew();
      } catch (err) {
        if (signal.aborted) break;
        this.log.warn({ error: (err as Error).message }, this.leading ? 'could not renew the lease' : 'could not read or take the lease');
      }
      await sleep(this.nextAttemptMs(), signal);
    }
  }

  /**
   * The leader renews every retry period. A follower reads the Lease more often, so that it sees
   * the holder's last renewal soon after it was made (the lease duration counts from when it saw
   * it, on its own clock), and tries again as soon as that duration is over rather than up to a
   * retry period later: a dead leader is replaced about a lease duration after its last renewal
   * (with the retry period alone, up to two retry periods later than that).
   */
  private nextAttemptMs(): number {
    if (this.leading || !this.observed) return this.retryPeriodMs;
    const expiresIn = this.observed.at + this.observed.durationMs - Date.now();
    // Once expired (and the take-over failed or conflicted), back to the retry period: no tight loop.
    return expiresIn > 0 ? Math.min(this.observePeriodMs, expiresIn + 10) : this.retryPeriodMs;
  }

  private async tryAcquireOrRenew(): Promise<void> {
    const signal = this.stopController.signal;
    const now = new Date();
    const timeoutMs = Math.min(this.renewDeadlineMs, 5000);
    const ours = (existing?: Lease): Lease => ({
      apiVersion: 'coordination.k8s.io/v1', kind: 'Lease',
      metadata: { ...existing?.metadata, name: this.o.name, namespace: this.o.namespace },
      spec: {
        holderIdentity: this.o.identity,
        leaseDurationSeconds: Math.ceil(this.leaseDurationMs / 1000),
        acquireTime: existing?.spec.holderIdentity === this.o.identity && existing.spec.acquireTime ? existing.spec.acquireTime : microTime(now),
        renewTime: microTime(now),
        leaseTransitions: (existing?.spec.leaseTransitions ?? 0) + (existing && existing.spec.holderIdentity !== this.o.identity ? 1 : 0),
      },
    });
    let lease: Lease;
    try {
      lease = await this.o.client.request<Lease>('GET', `${this.path}/${this.o.name}`, { signal, timeoutMs });
    } catch (err) {
      if (!isStatus(err, 404)) throw err;
      try {
        await this.o.client.request('POST', this.path, { body: ours(), signal, timeoutMs });
      } catch (createErr) {
        if (isStatus(createErr, 409)) return; // another replica created it first
        throw createErr;
      }
      this.renewed(now, 'acquired the lease (created it)');
      return;
    }
    const holder = lease.spec.holderIdentity ?? '';
    if (holder !== this.o.identity) {
      if (this.leading) {
        this.log.warn({ holder }, 'the lease is held by another replica: stepping down');
        this.setLeading(false);
      }
      const record = JSON.stringify([holder, lease.spec.renewTime, lease.spec.leaseDurationSeconds, lease.metadata.resourceVersion]);
      const durationMs = (lease.spec.leaseDurationSeconds ?? Math.ceil(this.leaseDurationMs / 1000)) * 1000;
      if (this.observed?.record !== record) this.observed = { record, at: Date.now(), durationMs };
      if (holder !== '' && Date.now() - this.observed.at < durationMs) return;
    }
    try {
      await this.o.client.request('PUT', `${this.path}/${this.o.name}`, { body: ours(lease), signal, timeoutMs });
    } catch (err) {
      if (isStatus(err, 409)) return; // someone else renewed or took it meanwhile: look again next period
      throw err;
    }
    this.renewed(now, holder === this.o.identity ? undefined : `acquired the lease${holder ? ` from ${holder}` : ''}`);
  }

  private renewed(at: Date, message: string | undefined): void {
    this.observed = undefined;
    clearTimeout(this.deadline);
    const left = at.getTime() + this.renewDeadlineMs - Date.now();
    this.deadline = setTimeout(() => {
      this.log.warn({ renewDeadlineMs: this.renewDeadlineMs }, 'lease not renewed within the deadline: stepping down');
      this.setLeading(false);
    }, Math.max(0, left));
    if (message) this.log.info(message);
    this.setLeading(true);
  }

  private setLeading(leading: boolean): void {
    if (leading === this.leading) return;
    this.leading = leading;
    if (!leading) {
      clearTimeout(this.deadline);
      this.log.info('stopped leading');
    }
    this.o.onLeading(leading);
  }
}
