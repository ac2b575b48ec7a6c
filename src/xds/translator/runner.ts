/**
 * Runs the xDS translator on the bus: each XdsIR (per gateway) in; its XdsResources (no
 * endpoints) and the EndpointBindings of its clusters out. Envoy objects are built once per IR
 * object and reused while the IR keeps that object (XdsTranslationMemo), and the watchable map
 * drops stores equal to the current value, so an IR change that leaves the Envoy resources
 * unchanged reaches nobody downstream.
 */
import type { Bus } from '../../message/resources';
import { freezeValue, handleSubscription, type Subscription, type Update } from '../../message/watchable';
import type { XdsIR } from '../../ir/types';
import { componentLogger, type Logger } from '../../logging/logger';
import { translateGateway, XdsTranslationMemo, type GatewayTranslation } from './translate';

export interface XdsTranslatorRunnerOptions {
  bus: Bus;
  logger: Logger;
  /** Told how long each translation pass took, in seconds (metrics). */
  onTranslated?: (seconds: number) => void;
}

export class XdsTranslatorRunner {
  private readonly bus: Bus;
  private readonly logger: Logger;
  private readonly memo = new XdsTranslationMemo();
  /** The last translation per gateway, to hand over unchanged lists as they were. */
  private readonly last = new Map<string, GatewayTranslation>();
  private subscription: Subscription<string, XdsIR> | undefined;
  private loop: Promise<void> | undefined;
  private readonly onTranslated: ((seconds: number) => void) | undefined;

  constructor(options: XdsTranslatorRunnerOptions) {
    this.bus = options.bus;
    this.onTranslated = options.onTranslated;
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

  /**
   * The lists of the last translation where the new ones hold the same (frozen, reused)
   * objects: the bus and the cache then see the same list and skip it at once.
   */
  private reuseUnchanged(gateway: string, next: GatewayTranslation): GatewayTranslation {
    const before = this.last.get(gateway);
    if (before) {
      const r = next.resources;
      const p = before.resources;
      const same = <T>(a: readonly T[], b: readonly T[]): readonly T[] => (a === b || (a.length === b.length && a.every((x, i) => x === b[i])) ? b : a);
      next = {
        resources: {
          ...r,
          listeners: same(r.listeners, p.listeners) as typeof r.listeners,
          routes: same(r.routes, p.routes) as typeof r.routes,
          clusters: same(r.clusters, p.clusters) as typeof r.clusters,
          secrets: same(r.secrets, p.secrets) as typeof r.secrets,
        },
        bindings: same(next.bindings, before.bindings) as typeof next.bindings,
      };
    }
    // Frozen, so the bus keeps these very lists (their items are frozen already, or tiny).
    freezeValue(next);
    this.last.set(gateway, next);
    return next;
  }

  private handle(update: Update<string, XdsIR>): void {
    const gateway = update.key;
    if (update.deleted || update.value === undefined) {
      this.last.delete(gateway);
      this.memo.forget(gateway);
      this.bus.endpointBindings.delete(gateway);
      if (this.bus.xdsResources.delete(gateway)) this.logger.info({ gateway }, 'removed xDS resources');
      return;
    }
    try {
      const started = process.hrtime.bigint();
      const translated = this.reuseUnchanged(gateway, translateGateway(update.value, this.memo));
      const { resources, bindings } = translated;
      this.onTranslated?.(Number(process.hrtime.bigint() - started) / 1e9);
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
