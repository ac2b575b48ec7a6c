/**
 * Host infrastructure (standalone mode): one Envoy child process per Gateway in InfraIR,
 * started when the Gateway appears and stopped when it goes away.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { rmSync } from 'node:fs';
import type { Bus } from '../../message/resources';
import { handleSubscription, type Subscription } from '../../message/watchable';
import type { InfraIR, ProxySettingsIR } from '../../ir/types';
import { componentLogger, type Logger } from '../../logging/logger';
import { buildBootstrap, DEFAULT_PROXY_METRICS_PORT, type AdsMode, type BootstrapTls } from '../bootstrap';
import type { KeyPair } from '../../security/pki';
import { writeFileAtomic } from '../../security/tls-dir';
import { EnvoyProcess } from './envoy-process';
import { findOrphanEnvoy, stopOrphan, type OrphanEnvoy } from './orphans';
import { adminRequest } from './admin-request';
import { freeLoopbackPort } from './loopback-port';
import { proxyDirName } from './proxy-dir';

/** Issues each launched Envoy its own client certificate, naming its one Gateway. */
export interface ProxyCertificateIssuer {
  /** The CA file proxies verify Pier's serving certificate against. */
  caCertFile: string;
  issue(gateway: string): Promise<KeyPair>;
}

/** How long a new Envoy may take to be ready before a left-over one is stopped regardless. */
const ORPHAN_READY_TIMEOUT_MS = 60_000;
/** A left-over Envoy's graceful drain, before it is stopped (the launched Envoys drain for 1 s). */
const ORPHAN_DRAIN_MS = 2_000;

export interface HostInfraOptions {
  bus: Bus;
  envoyBinary: string;
  /** How launched proxies reach Pier's xDS server. */
  xdsHost: string;
  xdsPort: number;
  adsMode: AdsMode;
  envoyLogLevel: string;
  /**
   * Each Envoy's metrics listener (GET /stats/prometheus), on its Gateway's bind address at this
   * port unless its ProxyConfig says otherwise; 0: none.
   */
  metricsPort?: number;
  /**
   * Base directory for per-proxy files. Defaults to one under the OS temp dir named after the
   * xDS address, the same across restarts, so a restarted Pier finds the Envoys its
   * predecessor left running (see orphans.ts).
   */
  workDir?: string;
  /** mTLS to Pier: each Envoy gets a certificate for its Gateway; plaintext without. */
  certificates?: ProxyCertificateIssuer;
  logger: Logger;
}

export interface ProxyProcessInfo {
  gateway: string;
  pid: number | undefined;
  adminAddress: string | null;
  /** Where its metrics listener serves /stats/prometheus ("host:port"); null without one. */
  metricsAddress: string | null;
}

/** What an Envoy is launched with, from its Gateway's InfraIR: a change relaunches it. */
interface LaunchSettings {
  logLevel: string;
  concurrency?: number;
  metrics?: { address: string; port: number };
  stats?: ProxySettingsIR['stats'];
}

interface RunningProxy {
  process: EnvoyProcess;
  settings: LaunchSettings;
}

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** Two metrics endpoints clash on one host when they share a port and an address (a wildcard shares every one). */
function clash(a: { address: string; port: number }, b: { address: string; port: number }): boolean {
  return a.port === b.port && (a.address === b.address || WILDCARDS.has(a.address) || WILDCARDS.has(b.address));
}

export class HostInfrastructure {
  private readonly proxies = new Map<string, RunningProxy>();
  private subscription: Subscription<string, InfraIR> | null = null;
  private loop: Promise<void> | null = null;
  private readonly log: Logger;
  private readonly workDir: string;
  private readonly replacing = new Set<Promise<void>>();
  private stopping = false;

  constructor(private readonly o: HostInfraOptions) {
    this.log = componentLogger(o.logger, 'infra-host');
    this.workDir = o.workDir ?? path.join(os.tmpdir(), `pier-envoys-${o.xdsHost.replace(/[^A-Za-z0-9.-]/g, '_')}_${o.xdsPort}`);
  }

  start(): void {
    this.subscription = this.o.bus.infraIR.subscribe();
    this.loop = handleSubscription(this.subscription, async (u) => {
      if (u.deleted || !u.value) {
        await this.remove(u.key);
        return;
      }
      const running = this.proxies.get(u.key);
      const settings = this.launchSettings(u.key, u.value);
      if (running && JSON.stringify(running.settings) === JSON.stringify(settings)) return;
      if (running) {
        // Envoy takes these at start only: the Gateway's proxy starts over with them.
        this.log.info({ gateway: u.key }, 'the Gateway\'s proxy settings changed: restarting its Envoy');
        await this.remove(u.key);
      }
      await this.launch(u.key, settings);
    });
  }

  list(): ProxyProcessInfo[] {
    return [...this.proxies].map(([gateway, p]) => ({
      gateway, pid: p.process.pid, adminAddress: p.process.adminAddress(),
      metricsAddress: p.settings.metrics ? `${p.settings.metrics.address}:${p.settings.metrics.port}` : null,
    }));
  }

  /**
   * The Envoy's settings: the ProxyConfig's, else Pier's. The metrics listener binds the
   * Gateway's bind address; one that would clash with another Gateway's on this host is left
   * out (with a warning), since both Envoys would bind it and scrapes would reach either.
   */
  private launchSettings(gateway: string, infra: InfraIR): LaunchSettings {
    const proxy = infra.proxy;
    const port = proxy?.metrics?.port ?? this.o.metricsPort ?? DEFAULT_PROXY_METRICS_PORT;
    const address = infra.listeners[0]?.address;
    let metrics = proxy?.metrics?.enabled === false || port === 0 || address === undefined ? undefined : { address, port };
    const taken = metrics && [...this.proxies].find(([other, p]) => other !== gateway && p.settings.metrics && clash(p.settings.metrics, metrics!));
    if (metrics && taken) {
      this.log.warn({ gateway, metrics: `${metrics.address}:${metrics.port}`, takenBy: taken[0] },
        'the Gateway\'s metrics listener would clash with another Gateway\'s on this host: its Envoy runs without one (give it another metrics port with a ProxyConfig)');
      metrics = undefined;
    }
    return {
      logLevel: proxy?.logLevel ?? this.o.envoyLogLevel,
      ...(proxy?.concurrency !== undefined ? { concurrency: proxy.concurrency } : {}),
      ...(metrics ? { metrics } : {}),
      ...(proxy?.stats ? { stats: proxy.stats } : {}),
    };
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.subscription?.close();
    await this.loop;
    await Promise.all(this.replacing);
    await Promise.all([...this.proxies.keys()].map((k) => this.remove(k)));
    rmSync(this.workDir, { recursive: true, force: true });
  }

  private async launch(gateway: string, settings: LaunchSettings): Promise<void> {
    const workDir = path.join(this.workDir, proxyDirName(gateway));
    let tls: BootstrapTls | undefined;
    if (this.o.certificates) {
      try {
        tls = await this.issueCertificate(gateway, workDir, this.o.certificates);
      } catch (err) {
        this.log.error({ gateway, err }, 'cannot issue the Envoy its client certificate; not launching it');
        return;
      }
    }
    // The metrics listener forwards to the admin interface, so it needs the admin port up front
    // (without one, Envoy picks it and writes it to the admin address file).
    let adminPort = 0;
    if (settings.metrics) {
      try {
        adminPort = await freeLoopbackPort();
      } catch (err) {
        this.log.error({ gateway, err }, 'cannot find a free loopback port for the Envoy\'s admin interface; not launching it');
        return;
      }
    }
    const proxy = new EnvoyProcess({
      binary: this.o.envoyBinary,
      gateway,
      bootstrap: buildBootstrap({
        gateway,
        nodeId: `${gateway}/${os.hostname()}-${process.pid}`,
        xdsHost: this.o.xdsHost,
        xdsPort: this.o.xdsPort,
        adsMode: this.o.adsMode,
        adminAddress: '127.0.0.1',
        adminPort,
        tls,
        metrics: settings.metrics,
        stats: settings.stats,
      }),
      workDir,
      logLevel: settings.logLevel,
      extraArgs: settings.concurrency !== undefined ? ['--concurrency', String(settings.concurrency)] : undefined,
      logger: this.log,
    });
    const orphan = findOrphanEnvoy(workDir, proxy.bootstrapPath, proxy.adminAddressPath());
    try {
      proxy.start();
    } catch (err) {
      // Its files could not be written: this Gateway gets no Envoy, the others keep theirs.
      this.log.error({ gateway, err }, 'cannot start the Envoy of this Gateway');
      return;
    }
    this.proxies.set(gateway, { process: proxy, settings });
    if (orphan !== undefined) {
      this.log.warn({ gateway, pid: orphan.pid }, 'found an Envoy left running by a previous Pier: it is stopped once the new one is ready');
      const replacing = this.replaceOrphan(gateway, proxy, orphan);
      this.replacing.add(replacing);
      void replacing.finally(() => this.replacing.delete(replacing));
    }
  }

  /**
   * Stops a left-over Envoy once the new one serves (so its traffic never has a gap): first a
   * graceful drain of its listeners (HTTP/1 answers say "Connection: close", HTTP/2 gets
   * GOAWAY, so clients move their connections to the new Envoy), then SIGTERM.
   */
  private async replaceOrphan(gateway: string, proxy: EnvoyProcess, orphan: OrphanEnvoy): Promise<void> {
    const deadline = Date.now() + ORPHAN_READY_TIMEOUT_MS;
    let ready = false;
    while (!ready && !this.stopping && Date.now() < deadline) {
      const admin = proxy.adminAddress();
      ready = admin !== null && (await adminRequest(`http://${admin}/ready`, 1000)) === 200;
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    if (!ready && !this.stopping) this.log.warn({ gateway, pid: orphan.pid }, 'the new Envoy is not ready in time; stopping the old one anyway');
    if (orphan.adminAddress && !this.stopping) {
      await adminRequest(`http://${orphan.adminAddress}/drain_listeners?graceful`, 1000, 'POST');
      await new Promise((r) => setTimeout(r, ORPHAN_DRAIN_MS));
    }
    await stopOrphan(orphan.pid);
    this.log.info({ gateway, pid: orphan.pid, newPid: proxy.pid }, 'stopped the Envoy left by a previous Pier');
  }

  /** The Envoy's own key and certificate, in its work directory (removed when Pier stops). */
  private async issueCertificate(gateway: string, workDir: string, issuer: ProxyCertificateIssuer): Promise<BootstrapTls> {
    const issued = await issuer.issue(gateway);
    const files = { caCertFile: issuer.caCertFile, certFile: path.join(workDir, 'xds-client.crt'), keyFile: path.join(workDir, 'xds-client.key') };
    writeFileAtomic(files.keyFile, issued.keyPem, true);
    writeFileAtomic(files.certFile, issued.certPem, false);
    this.log.info({ gateway, certificate: files.certFile }, 'issued the Envoy its client certificate');
    return files;
  }

  private async remove(gateway: string): Promise<void> {
    const proxy = this.proxies.get(gateway);
    if (!proxy) return;
    this.proxies.delete(gateway);
    await proxy.process.stop();
  }
}
