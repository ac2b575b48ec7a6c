/** Feeds the snapshot cache from the bus: every XdsResources store or delete, per gateway. */
import type { Logger } from '../../logging/logger';
import { componentLogger } from '../../logging/logger';
import type { Bus } from '../../message/resources';
import { handleSubscription } from '../../message/watchable';
import type { SnapshotCache } from './cache';

export interface XdsCacheRunnerOptions {
  bus: Bus;
  cache: SnapshotCache;
  logger: Logger;
}

export class XdsCacheRunner {
  private abort: AbortController | null = null;
  private loop: Promise<void> | null = null;
  private readonly logger: Logger;

  constructor(private readonly options: XdsCacheRunnerOptions) {
    this.logger = componentLogger(options.logger, 'xds-cache-runner');
  }

  start(): void {
    if (this.abort) return;
    const abort = new AbortController();
    this.abort = abort;
    const { bus, cache } = this.options;
    const subscription = bus.xdsResources.subscribe(abort.signal);
    this.loop = handleSubscription(subscription, (update) => {
      try {
        if (update.deleted || update.value === undefined) cache.deleteGateway(update.key);
        else cache.setResources(update.key, update.value);
      } catch (err) {
        // One gateway's bad resource must not stop the others from being served.
        this.logger.error({ err, gateway: update.key }, 'cannot cache xDS resources');
      }
    }).catch((err: unknown) => {
      this.logger.error({ err }, 'xDS cache runner stopped');
    });
  }

  async stop(): Promise<void> {
    this.abort?.abort();
    this.abort = null;
    await this.loop;
    this.loop = null;
  }
}
