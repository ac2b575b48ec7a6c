/**
 * Runs the xDS translator on the bus: each XdsIR (per gateway) in; its XdsResources (no
 * endpoints) and the EndpointBindings of its clusters out. Envoy objects are built once per IR
 * object and reused while the IR keeps that object (XdsTranslationMemo), and the watchable map
 * drops stores equal to the current value, so an IR change that leaves the Envoy resources
 * unchanged reaches nobody downstream.
 */
import type { Bus } from '../../message/resources';
import { handleSubscription, type Subscription, type Update } from '../../message/watchable';
import type { XdsIR } from '../../ir/types';
import { componentLogger, type Logger } from '../../logging/logger';
import { translateGateway, XdsTranslationMemo } from './translate';

export interface XdsTranslatorRunnerOptions {
  bus: Bus;
  logger: Logger;
}

export class XdsTranslatorRunner {
  private readonly bus: Bus;
  private readonly logger: Logger;
  private readonly memo = new XdsTranslationMemo();
  private subscription: Subscription<string, XdsIR> | undefined;
  private loop: Promise<void> | undefined;

  constructor(options: XdsTranslatorRunnerOptions) {
    this.bus = options.bus;
    this.logger = componentLogger(options.logger, 'xds-translator');
  }

  /** Starts following bus.xdsIR; existing entries are translated first. Calling it twice is a no-op. */
  start(): void {
    if (this.subscription) return;
    const subscription = this.bus.xdsIR.subscribe();
    this.subscription = subscription;
    this.loop = handleSubscription(subscription, (update) => this.handle(update)).catch((err: unknown) => {
      // Only a defect in the subscription itself gets here; handle() never throws.
      this.logger.error({ err }, 'xds translator stopped following the IR');
    });
  }

  /** Stops following the IR; resolves once the loop has ended. Resources already published stay. */
  async stop(): Promise<void> {
    this.subscription?.close();
    this.subscription = undefined;
    const loop = this.loop;
    this.loop = undefined;
    await loop;
  }

  private handle(update: Update<string, XdsIR>): void {
    const gateway = update.key;
    if (update.deleted || update.value === undefined) {
      this.bus.endpointBindings.delete(gateway);
      if (this.bus.xdsResources.delete(gateway)) this.logger.info({ gateway }, 'removed xDS resources');
      return;
    }
    try {
      const started = process.hrtime.bigint();
      const { resources, bindings } = translateGateway(update.value, this.memo);
      // Bindings first: the endpoint translator then has the new clusters' endpoints ready
      // by the time the cache takes both.
      this.bus.endpointBindings.store(gateway, bindings);
      const changed = this.bus.xdsResources.store(gateway, resources);
      if (changed) {
        this.logger.info({
          gateway,
          listeners: resources.listeners.length,
          routes: resources.routes.length,
          clusters: resources.clusters.length,
          secrets: resources.secrets.length,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        }, 'translated IR to xDS resources');
      }
    } catch (err) {
      // Keep serving the last good resources for this gateway rather than none.
      this.logger.error({ err, gateway }, 'xDS translation failed; keeping the previous resources');
    }
  }
}
