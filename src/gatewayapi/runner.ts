/**
 * Runs the Gateway API translator on the bus: every ProviderResources snapshot for our
 * controller is translated and the results stored to xdsIR, infraIR and statuses. Keys this
 * runner stored before but no longer produces are deleted. Storing an unchanged value is a
 * no-op on the bus, so downstream stages only hear about real changes.
 */
import type { Bus, ObjectStatus, ProviderResources } from '../message/resources';
import { statusKey } from '../message/resources';
import { handleSubscription, type Subscription } from '../message/watchable';
import { componentLogger, type Logger } from '../logging/logger';
import { translate, type TranslationResult } from './translate';

export interface GatewayAPITranslatorRunnerOptions {
  bus: Bus;
  controllerName: string;
  defaultAddress?: string;
  logger: Logger;
}

/** Problems worth telling an operator about: references that did not resolve, routes not accepted. */
function invalidReferences(statuses: readonly ObjectStatus[]): string[] {
  const out: string[] = [];
  for (const s of statuses) {
    if (s.kind === 'GatewayClass' || s.kind === 'Gateway') continue;
    const parents = s.kind === 'BackendTLSPolicy' ? s.status.ancestors : s.status.parents;
    for (const parent of parents) {
      for (const c of parent.conditions) {
        if (c.type === 'ResolvedRefs' && c.status === 'False') out.push(`${s.kind} ${s.namespace}/${s.name}: ${c.reason}: ${c.message}`);
      }
    }
  }
  return [...new Set(out)];
}

export class GatewayAPITranslatorRunner {
  private readonly log: Logger;
  private subscription: Subscription<string, ProviderResources> | null = null;
  private loop: Promise<void> | null = null;
  private readonly stored = { xdsIR: new Set<string>(), infraIR: new Set<string>(), statuses: new Set<string>() };
  /** Invalid references already logged, so each is logged once while it lasts. */
  private reported = new Set<string>();
  private readonly warnedKeys = new Set<string>();

  constructor(private readonly options: GatewayAPITranslatorRunnerOptions) {
    this.log = componentLogger(options.logger, 'gateway-api');
  }

  start(): void {
    if (this.subscription) return;
    this.subscription = this.options.bus.providerResources.subscribe();
    this.loop = handleSubscription(this.subscription, (update) => {
      if (update.key !== this.options.controllerName) {
        if (!this.warnedKeys.has(update.key)) {
          this.warnedKeys.add(update.key);
          this.log.warn({ key: update.key, controllerName: this.options.controllerName }, 'ignoring provider resources for another controller');
        }
        return;
      }
      if (update.deleted || !update.value) this.publish({ xdsIR: {}, infraIR: {}, statuses: [] });
      else this.translateAndPublish(update.value);
    }).catch((err: unknown) => {
      this.log.error({ err }, 'gateway api translator stopped unexpectedly');
    });
  }

  async stop(): Promise<void> {
    this.subscription?.close();
    this.subscription = null;
    await this.loop;
    this.loop = null;
  }

  private translateAndPublish(resources: ProviderResources): void {
    const started = process.hrtime.bigint();
    let result: TranslationResult;
    try {
      result = translate(resources, { controllerName: this.options.controllerName, defaultAddress: this.options.defaultAddress });
    } catch (err) {
      // Keep serving the last good translation rather than tearing everything down.
      this.log.error({ err }, 'translation failed; keeping the previous result');
      return;
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    this.log.debug({ ms, gateways: Object.keys(result.xdsIR).length, statuses: result.statuses.length }, 'translated gateway api resources');
    this.logInvalidReferences(result.statuses);
    this.publish(result);
  }

  private logInvalidReferences(statuses: readonly ObjectStatus[]): void {
    const current = new Set(invalidReferences(statuses));
    for (const problem of current) if (!this.reported.has(problem)) this.log.info({ problem }, 'invalid reference');
    this.reported = current;
  }

  private publish(result: TranslationResult): void {
    const { bus } = this.options;
    this.sync(this.stored.xdsIR, new Map(Object.entries(result.xdsIR)), (k, v) => bus.xdsIR.store(k, v), (k) => bus.xdsIR.delete(k));
    this.sync(this.stored.infraIR, new Map(Object.entries(result.infraIR)), (k, v) => bus.infraIR.store(k, v), (k) => bus.infraIR.delete(k));
    const statuses = new Map(result.statuses.map((s) => [statusKey(s.kind, s.namespace, s.name), s]));
    this.sync(this.stored.statuses, statuses, (k, v) => bus.statuses.store(k, v), (k) => bus.statuses.delete(k));
  }

  /** Stores every produced entry, then deletes what this runner stored before and no longer produces. */
  private sync<V>(stored: Set<string>, next: ReadonlyMap<string, V>, store: (k: string, v: V) => void, remove: (k: string) => void): void {
    for (const [k, v] of next) store(k, v);
    for (const k of [...stored]) {
      if (!next.has(k)) {
        remove(k);
        stored.delete(k);
      }
    }
    for (const k of next.keys()) stored.add(k);
  }
}
