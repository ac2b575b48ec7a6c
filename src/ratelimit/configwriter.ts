/**
 * Hands Pier's global limits to the envoyproxy/ratelimit service: follows the Gateways' IR and
 * keeps the service's configuration (serviceconfig.ts) where the service reads it, written only
 * when its text changes. The service reloads it by itself; until it has, its last configuration
 * keeps counting.
 *
 * - Standalone (FileSink): one YAML file (FILE_NAME) in the directory the service watches (its
 *   RUNTIME_ROOT/RUNTIME_SUBDIRECTORY/config, with RUNTIME_WATCH_ROOT=false), written whole
 *   under a dot name and renamed into place, so the service never reads half a file.
 * - Kubernetes (ConfigMapSink): the same text under that key of a ConfigMap in Pier's namespace
 *   (server-side apply, field manager "pier"), which the service's Deployment mounts at that
 *   directory; the kubelet swaps the mounted files atomically.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { GlobalRateLimitRule, XdsIR } from '../ir/types';
import { globalRateLimitRulesOf } from '../ir/ratelimit';
import type { KubeRestClient } from '../kubeclient/rest';
import type { Subscription, WatchableMap } from '../message/watchable';
import { componentLogger, type Logger } from '../logging/logger';
import { rateLimitServiceConfig, renderServiceConfig } from './serviceconfig';

/** The file (and ConfigMap key) Pier owns; other files of the directory are left alone. */
export const FILE_NAME = 'pier.yaml';

/** How soon a failed write is tried again when nothing changes meanwhile. */
const RETRY_MS = 5000;

/** Where the configuration goes. */
export interface ConfigSink {
  /** For logs: the file, or "ConfigMap ns/name". */
  readonly where: string;
  /** What is there now (undefined: nothing yet), so an unchanged start writes nothing. */
  current(): Promise<string | undefined>;
  save(text: string): Promise<void>;
}

export class FileSink implements ConfigSink {
  readonly where: string;

  constructor(private readonly dir: string) {
    this.where = path.join(dir, FILE_NAME);
  }

  async current(): Promise<string | undefined> {
    try {
      return readFileSync(this.where, 'utf8');
    } catch {
      return undefined;
    }
  }

  async save(text: string): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    // A dot file: the service skips those (RUNTIME_IGNOREDOTFILES), so it never loads the staged copy.
    const staged = path.join(this.dir, `.${FILE_NAME}.${process.pid}.tmp`);
    writeFileSync(staged, text);
    renameSync(staged, this.where);
  }
}

export class ConfigMapSink implements ConfigSink {
  readonly where: string;
  private readonly path: string;

  constructor(private readonly client: KubeRestClient, private readonly namespace: string, private readonly name: string) {
    this.where = `ConfigMap ${namespace}/${name}`;
    this.path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/configmaps/${encodeURIComponent(name)}`;
  }

  async current(): Promise<string | undefined> {
    try {
      const cm = await this.client.request<{ data?: Record<string, string> }>('GET', this.path, { timeoutMs: 10_000 });
      return cm.data?.[FILE_NAME];
    } catch {
      return undefined;
    }
  }

  async save(text: string): Promise<void> {
    const body = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: this.name, namespace: this.namespace, labels: { 'app.kubernetes.io/managed-by': 'pier' } }, data: { [FILE_NAME]: text } };
    // Server-side apply: creates or updates in one request; force: Pier owns the key.
    await this.client.request('PATCH', `${this.path}?fieldManager=pier&force=true`, { body, contentType: 'application/apply-patch+yaml', timeoutMs: 10_000 });
  }
}

export interface RateLimitConfigWriterOptions {
  xdsIR: WatchableMap<string, XdsIR>;
  sink: ConfigSink;
  domain: string;
  logger: Logger;
}

export class RateLimitConfigWriter {
  private readonly rulesByGateway = new Map<string, readonly GlobalRateLimitRule[]>();
  private subscription: Subscription<string, XdsIR> | null = null;
  private loop: Promise<void> | null = null;
  private lastText: string | undefined;
  private retry: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly log: Logger;

  constructor(private readonly o: RateLimitConfigWriterOptions) {
    this.log = componentLogger(o.logger, 'ratelimit-config');
  }

  /** Writes the configuration for no rules at once (the service then knows Pier's domain), then follows the IR. */
  start(): void {
    this.subscription = this.o.xdsIR.subscribe();
    this.loop = (async () => {
      this.lastText = await this.o.sink.current();
      await this.write();
      let first = true;
      for await (const snap of this.subscription!) {
        if (first) {
          for (const [gateway, ir] of snap.state) this.take(gateway, ir);
          first = false;
        }
        for (const u of snap.updates) this.take(u.key, u.deleted ? undefined : u.value);
        await this.write();
      }
    })();
  }

  private take(gateway: string, ir: XdsIR | undefined): void {
    const rules = ir ? globalRateLimitRulesOf(ir) : [];
    if (rules.length > 0) this.rulesByGateway.set(gateway, rules);
    else this.rulesByGateway.delete(gateway);
  }

  /** Writes the configuration of the rules now known, unless it is what is there; one write at a time. */
  private write(): Promise<void> {
    this.writing = this.writing.then(async () => {
      clearTimeout(this.retry);
      const rules = [...this.rulesByGateway.values()].flat();
      const text = renderServiceConfig(rateLimitServiceConfig(this.o.domain, rules));
      if (text === this.lastText) return;
      try {
        await this.o.sink.save(text);
        this.lastText = text;
        this.log.info({ to: this.o.sink.where, rules: new Set(rules.map((r) => r.id)).size }, 'rate limit service configuration written');
      } catch (err) {
        // The last good configuration keeps serving; tried again soon, or at the next change.
        this.log.error({ to: this.o.sink.where, err: (err as Error).message }, 'cannot write the rate limit service configuration');
        if (this.subscription) this.retry = setTimeout(() => void this.write(), RETRY_MS);
      }
    });
    return this.writing;
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    subscription?.close();
    await this.loop;
    await this.writing;
    clearTimeout(this.retry);
  }
}
