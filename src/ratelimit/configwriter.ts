/**
 * Hands Pier's global limits to the envoyproxy/ratelimit service, standalone mode: follows the
 * Gateways' IR and keeps one YAML file (FILE_NAME) in the directory the service watches (its
 * RUNTIME_ROOT/RUNTIME_SUBDIRECTORY/config, with RUNTIME_WATCH_ROOT=false), written whole and
 * renamed into place so the service never reads half a file, and only when its text changes.
 * The service reloads it by itself; until it has, its last configuration keeps counting.
 *
 * Kubernetes mode would keep the same text in a ConfigMap that the service's Deployment mounts
 * at that directory (the kubelet swaps the mounted files atomically); not done yet.
 */
import { mkdirSync, renameSync, writeFileSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { GlobalRateLimitRule, XdsIR } from '../ir/types';
import { globalRateLimitRulesOf } from '../ir/ratelimit';
import type { Subscription } from '../message/watchable';
import type { WatchableMap } from '../message/watchable';
import { componentLogger, type Logger } from '../logging/logger';
import { rateLimitServiceConfig, renderServiceConfig } from './serviceconfig';

/** The file Pier owns in the service's config directory; other files there are left alone. */
export const FILE_NAME = 'pier.yaml';

export interface RateLimitConfigWriterOptions {
  xdsIR: WatchableMap<string, XdsIR>;
  /** The service's config directory. */
  dir: string;
  domain: string;
  logger: Logger;
}

export class RateLimitConfigWriter {
  private readonly rulesByGateway = new Map<string, readonly GlobalRateLimitRule[]>();
  private subscription: Subscription<string, XdsIR> | null = null;
  private loop: Promise<void> | null = null;
  private lastText: string | undefined;
  private readonly log: Logger;
  readonly file: string;

  constructor(private readonly o: RateLimitConfigWriterOptions) {
    this.log = componentLogger(o.logger, 'ratelimit-config');
    this.file = path.join(o.dir, FILE_NAME);
  }

  /** Writes the configuration for no rules at once (the service then knows Pier's domain), then follows the IR. */
  start(): void {
    mkdirSync(this.o.dir, { recursive: true });
    try {
      this.lastText = readFileSync(this.file, 'utf8');
    } catch {
      this.lastText = undefined;
    }
    this.write();
    this.subscription = this.o.xdsIR.subscribe();
    this.loop = (async () => {
      let first = true;
      for await (const snap of this.subscription!) {
        if (first) {
          for (const [gateway, ir] of snap.state) this.take(gateway, ir);
          first = false;
        }
        for (const u of snap.updates) this.take(u.key, u.deleted ? undefined : u.value);
        this.write();
      }
    })();
  }

  private take(gateway: string, ir: XdsIR | undefined): void {
    const rules = ir ? globalRateLimitRulesOf(ir) : [];
    if (rules.length > 0) this.rulesByGateway.set(gateway, rules);
    else this.rulesByGateway.delete(gateway);
  }

  private write(): void {
    const rules = [...this.rulesByGateway.values()].flat();
    const text = renderServiceConfig(rateLimitServiceConfig(this.o.domain, rules));
    if (text === this.lastText) return;
    // A dot file: the service skips those (RUNTIME_IGNOREDOTFILES), so it never loads the staged copy.
    const staged = path.join(this.o.dir, `.${FILE_NAME}.${process.pid}.tmp`);
    try {
      writeFileSync(staged, text);
      renameSync(staged, this.file);
      this.lastText = text;
      this.log.info({ file: this.file, rules: new Set(rules.map((r) => r.id)).size }, 'rate limit service configuration written');
    } catch (err) {
      // The last good file keeps serving; the next change tries again.
      this.log.error({ file: this.file, err: (err as Error).message }, 'cannot write the rate limit service configuration');
    }
  }

  async stop(): Promise<void> {
    this.subscription?.close();
    await this.loop;
  }
}
