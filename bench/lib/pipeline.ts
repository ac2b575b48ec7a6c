/**
 * The in-process pipeline as `pier serve` wires it (tables, Gateway API translator runner, xDS
 * translator runner, endpoint runner, cache runner), without a provider or a server: benches
 * publish into its tables and watch its cache.
 */
import { GatewayAPITranslatorRunner } from '../../src/gatewayapi/runner';
import { silentLogger } from '../../src/logging/logger';
import { Bus, type ProviderResources } from '../../src/message/resources';
import { SnapshotCache } from '../../src/xds/cache/cache';
import { XdsCacheRunner } from '../../src/xds/cache/runner';
import { EndpointRunner } from '../../src/xds/translator';
import { XdsTranslatorRunner } from '../../src/xds/translator/runner';
import { publishResources } from './publish';
import { until } from './stats';

export interface InProcessPipeline {
  bus: Bus;
  cache: SnapshotCache;
  stop(): Promise<void>;
}

/** Starts the pipeline, publishes base and resolves once every Gateway of it is served and its endpoints settled. */
export async function startInProcessPipeline(controllerName: string, base: ProviderResources, timeoutMs: number): Promise<InProcessPipeline> {
  const logger = silentLogger();
  const bus = new Bus();
  const cache = new SnapshotCache({ logger });
  const runners = [
    new XdsCacheRunner({ bus, cache, logger }),
    new EndpointRunner({ bus, logger }),
    new XdsTranslatorRunner({ bus, logger }),
    new GatewayAPITranslatorRunner({ bus, controllerName, logger }),
  ];
  for (const r of runners) r.start();
  const stop = async (): Promise<void> => {
    for (const r of [...runners].reverse()) await r.stop();
    bus.close();
    cache.close();
  };
  try {
    publishResources(bus, base);
    const gateways = new Set(base.gateways.map((g) => `${g.metadata.namespace ?? ''}/${g.metadata.name}`)).size;
    await until('the pipeline to serve every gateway', () => cache.stats().gateways === gateways && cache.stats().resources > 0, timeoutMs);
    await until('the pipeline to settle', () => bus.xdsEndpoints.keys().length === gateways, timeoutMs);
  } catch (err) {
    await stop();
    throw err;
  }
  return { bus, cache, stop };
}
