/**
 * Kubernetes mode without TLS files: the xDS CA and serving certificate live in a Secret in
 * Pier's namespace (keys ca.crt, ca.key, server.crt, server.key; see xds-material.ts) and in
 * memory, never on disk. Every replica follows the Secret (list+watch with a metadata.name field
 * selector: the RBAC rules grant list/watch on Secrets, not get) and serves with it; the writer
 * (the leader, or the only instance without leader election) renews it before expiry with an
 * update carrying the resourceVersion it read (a 409 means someone else changed it: the watch
 * brings that version and the decision is made again from it).
 *
 * Any replica creates the Secret when its watch shows it absent, not only the leader: creation
 * is create-if-absent on the API server, so exactly one POST wins and every other replica gets
 * 409 AlreadyExists and takes the winner's from its watch. Nothing is lost by the losers (their
 * CA was never used), and a replica starting before any leader is elected does not wait a lease
 * duration for its certificates. Renewal stays with the leader: an update races with other
 * updates, which the resourceVersion settles, but two writers would renew twice.
 */
import type { KubeConnection } from '../kubeclient/config';
import { Counter, type Registry } from 'prom-client';
import type { Secret } from '../apis/core';
import { isStatus, type KubeRequester } from '../kubeclient/rest';
import { ApiWatchClient, WatchMetrics, watch, type ResourceKind, type WatchStore } from '../kubeclient/watch';
import { backoffDelay, sleep } from '../kubeclient/watch/backoff';
import { componentLogger, type Logger } from '../logging/logger';
import { issueGatewayCertificate, summarizeCertificate } from './pki';
import type { ServingMaterial } from './tls-dir';
import {
  createXdsTlsMaterial, currentCertificateAuthority, materialOfSecretData, planRenewal, renewXdsTlsMaterial, secretData, servingMaterialOf, splitPemBundle,
  type XdsTlsLifetimes, type XdsTlsMaterial,
} from './xds-material';

const SECRETS: ResourceKind = { group: '', version: 'v1', kind: 'Secret', plural: 'secrets', namespaced: true };
const RETRY = { initialMs: 1000, maxMs: 60_000 };
/** With nothing due and nothing seen, the writer looks again after this long anyway. */
const IDLE_MS = 60 * 60 * 1000;
/** After a write the watch brings the result and wakes the writer; this is a fallback for a slow watch. */
const AFTER_WRITE_MS = 10_000;
export const XDS_TLS_SECRET_WATCH_METRICS_PREFIX = 'pier_xds_tls_secret_watchers';

/** Writes of the Secret, by verb (create, update) and result (ok, conflict: 409, error); docs/operations.md lists it. */
export function xdsTlsSecretMetrics(registry: Registry): Counter<'verb' | 'result'> {
  return new Counter({
    name: 'pier_xds_tls_secret_writes_total', help: 'Writes of the xDS TLS Secret, by verb (create, update) and result (ok, conflict, error)',
    labelNames: ['verb', 'result'], registers: [registry],
  });
}

export interface XdsTlsSecretOptions {
  connection: KubeConnection;
  client: KubeRequester;
  namespace: string;
  name: string;
  /** Extra SANs of the serving certificate (the Service's names). */
  sans: readonly string[];
  lifetimes: XdsTlsLifetimes;
  logger: Logger;
  registry: Registry;
  /** Whether this replica renews from the start (no leader election). */
  leading: boolean;
}

/** The serving material as the xDS server's credentials take it (their ServingMaterialSource). */
export interface XdsTlsSecretSource {
  readonly description: Record<string, string>;
  version(): string;
  read(): ServingMaterial;
  onChange(listener: () => void): void;
}

export class XdsTlsSecret {
  private readonly log: Logger;
  private readonly stopController = new AbortController();
  private readonly where: string;
  /** namespace/name */
  readonly name: string;
  private store: WatchStore<Secret> | undefined;
  private latest: Secret | undefined;
  /** The last Secret material whose CA checked out (what proxies' certificates are issued from). */
  private usable: XdsTlsMaterial | undefined;
  private leading: boolean;
  private loop: Promise<void> = Promise.resolve();
  private wake: (() => void) | undefined;
  /** Something changed while the writer was busy: look again at once instead of sleeping. */
  private changed = false;
  private readonly listeners: (() => void)[] = [];
  private readyWaiters: (() => void)[] = [];
  private lastProblem = '';
  private readonly writes: Counter<'verb' | 'result'>;

  constructor(private readonly o: XdsTlsSecretOptions) {
    this.writes = xdsTlsSecretMetrics(o.registry);
    this.where = `Secret ${o.namespace}/${o.name}`;
    this.name = `${o.namespace}/${o.name}`;
    this.log = componentLogger(o.logger, 'xds-tls-secret').child({ secret: `${o.namespace}/${o.name}` });
    this.leading = o.leading;
  }

  /** Starts following the Secret (and creating it when absent) in the background. */
  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopController.abort();
    this.wake?.();
    await this.loop;
    await this.store?.stop();
    for (const w of this.readyWaiters.splice(0)) w();
  }

  setLeading(leading: boolean): void {
    if (leading === this.leading) return;
    this.leading = leading;
    this.log.info(leading ? 'leading: renewing the xDS certificates when due' : 'not leading: following the xDS certificates');
    this.changed = true;
    this.wake?.();
  }

  /** Resolves once the Secret holds material the xDS server can serve with (or on stop). */
  ready(): Promise<void> {
    if (this.servable()) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** The serving material, for the xDS server's credentials (which keep the last good one). */
  source(): XdsTlsSecretSource {
    return {
      description: { secret: `${this.o.namespace}/${this.o.name}` },
      version: () => this.latest?.metadata.resourceVersion ?? '',
      read: () => {
        if (!this.latest) throw new Error(`${this.where} does not exist`);
        return servingMaterialOf(materialOfSecretData(this.latest.data), this.where);
      },
      onChange: (listener) => { this.listeners.push(listener); },
    };
  }

  /** The CA bundle proxies trust, and client certificates from the current CA, as the Secret has them now. */
  clientCertificates(): { caPem(): string; issue(gateway: string): Promise<{ certPem: string; keyPem: string }> } {
    const material = (): XdsTlsMaterial => {
      if (!this.usable) throw new Error(`no usable CA in ${this.where} yet`);
      return this.usable;
    };
    return {
      caPem: () => material().caPem,
      issue: (gateway) => {
        const m = material();
        return issueGatewayCertificate({ certPem: splitPemBundle(m.caPem)[0] ?? '', keyPem: m.caKeyPem }, gateway);
      },
    };
  }

  // ---------------------------------------------------------------- following

  private servable(): boolean {
    try {
      this.source().read();
      return true;
    } catch {
      return false;
    }
  }

  private observed(secret: Secret | undefined): void {
    this.latest = secret;
    if (secret) {
      const material = materialOfSecretData(secret.data);
      try {
        currentCertificateAuthority(material, this.where);
        this.usable = material;
        this.lastProblem = '';
      } catch (err) {
        const problem = (err as Error).message;
        if (problem !== this.lastProblem) this.log.error({ problem }, 'the xDS TLS Secret holds no usable CA; it is left as it is (fix or delete it), the previous certificates stay in use');
        this.lastProblem = problem;
      }
    }
    for (const l of this.listeners) l();
    if (this.servable()) for (const w of this.readyWaiters.splice(0)) w();
    this.changed = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    const signal = this.stopController.signal;
    const metrics = new WatchMetrics({ registry: this.o.registry, prefix: XDS_TLS_SECRET_WATCH_METRICS_PREFIX });
    for (let attempt = 0; !signal.aborted && !this.store; attempt++) {
      try {
        this.store = await watch<Secret>({
          instance: 'xds-tls-secret',
          client: new ApiWatchClient<Secret>({ connection: this.o.connection, resource: SECRETS, namespace: this.o.namespace }),
          logger: this.o.logger,
          metrics,
          listOptions: { fieldSelector: `metadata.name=${this.o.name}` },
          initMode: 'sync',
          handlers: {
            add: (obj) => this.observed(obj),
            update: (_old, obj) => this.observed(obj),
            delete: () => this.observed(undefined),
          },
        });
      } catch (err) {
        if (attempt === 0) this.log.warn({ error: (err as Error).message }, 'cannot list the xDS TLS Secret; trying again');
        await sleep(backoffDelay(RETRY, attempt), signal);
      }
    }
    if (signal.aborted) return;
    if (!this.latest) this.log.info('no xDS TLS Secret yet: creating it');
    for (let failures = 0; !signal.aborted;) {
      let delayMs: number;
      this.changed = false;
      try {
        delayMs = await this.reconcile();
        failures = 0;
      } catch (err) {
        if (signal.aborted) break;
        this.log.warn({ error: (err as Error).message }, 'could not write the xDS TLS Secret; trying again');
        delayMs = backoffDelay(RETRY, failures++);
      }
      await this.sleepOrWake(delayMs);
    }
  }

  private sleepOrWake(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, Math.max(50, ms));
      this.wake = done;
      if (this.stopController.signal.aborted || this.changed) done();
    });
  }

  // ---------------------------------------------------------------- writing

  /** One look at the Secret: create it, renew it, or nothing. Returns when to look again. */
  private async reconcile(): Promise<number> {
    const signal = this.stopController.signal;
    const now = Date.now();
    if (!this.latest) {
      const material = await createXdsTlsMaterial({ sans: this.o.sans, lifetimes: this.o.lifetimes });
      const body: Secret = {
        apiVersion: 'v1', kind: 'Secret', type: 'Opaque',
        metadata: { name: this.o.name, namespace: this.o.namespace, labels: { 'app.kubernetes.io/managed-by': 'pier' } },
        data: secretData(material),
      };
      try {
        await this.o.client.request('POST', this.collection(), { body, signal, timeoutMs: 10_000 });
      } catch (err) {
        this.writes.inc({ verb: 'create', result: isStatus(err, 409) ? 'conflict' : 'error' });
        if (!isStatus(err, 409)) throw err;
        this.log.info('another replica created the xDS TLS Secret first: taking its certificates');
        return IDLE_MS;
      }
      this.writes.inc({ verb: 'create', result: 'ok' });
      this.log.info({ ca: certificateLog(material.caPem), server: certificateLog(material.certPem) }, 'created the xDS CA and serving certificate');
      return AFTER_WRITE_MS;
    }
    if (!this.leading) return IDLE_MS;
    const current = materialOfSecretData(this.latest.data);
    try {
      currentCertificateAuthority(current, this.where);
    } catch {
      return IDLE_MS; // reported by observed(); never replaced on our own
    }
    const plan = planRenewal(current, { now, sans: this.o.sans });
    if (!plan.renewCa && !plan.renewServer && plan.dropCas === 0) return plan.nextCheckAt - now;
    const renewed = await renewXdsTlsMaterial(current, plan, { sans: this.o.sans, lifetimes: this.o.lifetimes });
    const body: Secret = { ...this.latest, data: secretData(renewed) };
    try {
      await this.o.client.request('PUT', `${this.collection()}/${encodeURIComponent(this.o.name)}`, { body, signal, timeoutMs: 10_000 });
    } catch (err) {
      this.writes.inc({ verb: 'update', result: isStatus(err, 409) ? 'conflict' : 'error' });
      if (!isStatus(err, 409)) throw err;
      this.log.info('the xDS TLS Secret changed meanwhile: deciding again from the new version');
      return IDLE_MS; // the watch brings the new version and wakes the loop
    }
    this.writes.inc({ verb: 'update', result: 'ok' });
    this.log.info({
      reasons: plan.reasons,
      ...(plan.renewCa ? { ca: certificateLog(renewed.caPem) } : {}),
      ...(plan.renewServer ? { server: certificateLog(renewed.certPem) } : {}),
      caBundle: splitPemBundle(renewed.caPem).map((pem) => summarizeCertificate(pem).serialNumber),
    }, 'renewed the xDS TLS certificates');
    return AFTER_WRITE_MS;
  }

  private collection(): string {
    return `/api/v1/namespaces/${encodeURIComponent(this.o.namespace)}/secrets`;
  }
}

/** Serial, expiry and SANs of the first certificate of a PEM (never key material). */
function certificateLog(pem: string): Record<string, string> {
  const s = summarizeCertificate(splitPemBundle(pem)[0] ?? pem);
  return { serialNumber: s.serialNumber, notAfter: s.notAfter, ...(s.subjectAltName ? { subjectAltName: s.subjectAltName } : {}) };
}
