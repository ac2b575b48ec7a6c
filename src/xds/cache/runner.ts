/**
 * Feeds the snapshot cache from the bus: per gateway, the xDS translator's resources and the
 * endpoint translator's, served together. Both arrive in one batch when they change together
 * (a new cluster and its first endpoints), so a cluster is never published without them.
 */
import type { Logger } from '../../logging/logger';
import { componentLogger } from '../../logging/logger';
import { followBatches, type BatchFollower } from '../../message/batch';
import type { Bus } from '../../message/resources';
import type { WatchableMap } from '../../message/watchable';
import { withEndpoints, type GatewayEndpoints, type XdsResources } from '../types';
import type { SnapshotCache } from './cache';

export interface XdsCacheRunnerOptions {
  bus: Bus;
  cache: SnapshotCache;
  logger: Logger;
}

type Source = 'resources' | 'endpoints';

export class XdsCacheRunner {
  private follower: BatchFollower | null = null;
  private readonly logger: Logger;

  constructor(private readonly options: XdsCacheRunnerOptions) {
    this.logger = componentLogger(options.logger, 'xds-cache-runner');
  }

  start(): void {
    if (this.follower) return;
    const { bus, cache } = this.options;
    const sources = { resources: bus.xdsResources, endpoints: bus.xdsEndpoints } as unknown as Record<Source, WatchableMap<string, XdsResources | GatewayEndpoints>>;
    this.follower = followBatches(sources, (updates) => {
      const gateways = new Set(updates.map((u) => u.key));
      for (const gateway of gateways) {
        try {
          const resources = bus.xdsResources.load(gateway);
          if (!resources) cache.deleteGateway(gateway);
          else cache.setResources(gateway, withEndpoints(resources, bus.xdsEndpoints.load(gateway)));
        } catch (err) {
          // One gateway's bad resource must not stop the others from being served.
          this.logger.error({ err, gateway }, 'cannot cache xDS resources');
        }
      }
    }, (err: unknown) => this.logger.error({ err }, 'xDS cache runner failed'));
  }

  async stop(): Promise<void> {
    await this.follower?.stop();
    this.follower = null;
  }
}
