/**
 * One supervised Envoy child process: started with a generated bootstrap, restarted with
 * backoff when it dies unexpectedly, stopped with SIGTERM (then SIGKILL after a grace period).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import type { Logger } from '../../logging/logger';
import { ENVOY_FLAGS } from '../bootstrap';
import { forgetEnvoyPid, recordEnvoyPid } from './orphans';

export interface EnvoyProcessOptions {
  binary: string;
  gateway: string;
  /** Bootstrap object, written as JSON for Envoy. */
  bootstrap: Record<string, unknown>;
  /** Working directory for this proxy's files (bootstrap, admin address). */
  workDir: string;
  logLevel: string;
  logger: Logger;
  /** Extra arguments for envoy. */
  extraArgs?: string[];
}

const MAX_BACKOFF_MS = 30_000;
const STOP_GRACE_MS = 5_000;

export class EnvoyProcess {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restarts = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private readonly recentStderr: string[] = [];
  private startedAt = 0;

  constructor(private readonly o: EnvoyProcessOptions) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Envoy's admin address once it has written it ("127.0.0.1:PORT"), else null. */
  adminAddress(): string | null {
    try {
      return readFileSync(this.adminAddressPath(), 'utf8').trim() || null;
    } catch {
      return null;
    }
  }

  /** Where the bootstrap is written (and what a later Pier recognises this Envoy by). */
  get bootstrapPath(): string {
    return path.join(this.o.workDir, 'bootstrap.json');
  }

  start(): void {
    mkdirSync(this.o.workDir, { recursive: true });
    const bootstrapPath = this.bootstrapPath;
    writeFileSync(bootstrapPath, JSON.stringify(this.o.bootstrap, null, 2));
    rmSync(this.adminAddressPath(), { force: true });
    const args = [
      '-c', bootstrapPath,
      '--log-level', this.o.logLevel,
      '--disable-hot-restart', // several Envoys on one host must not share hot-restart memory
      '--admin-address-path', this.adminAddressPath(),
      '--drain-time-s', '1',
      ...ENVOY_FLAGS,
      ...(this.o.extraArgs ?? []),
    ];
    this.startedAt = Date.now();
    const child = spawn(this.o.binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    recordEnvoyPid(this.o.workDir, child.pid);
    this.o.logger.info({ pid: child.pid, gateway: this.o.gateway, bootstrap: bootstrapPath }, 'envoy started');
    createInterface({ input: child.stdout! }).on('line', (line) => this.o.logger.info({ gateway: this.o.gateway, access: line }, 'envoy access'));
    createInterface({ input: child.stderr! }).on('line', (line) => {
      this.recentStderr.push(line);
      if (this.recentStderr.length > 20) this.recentStderr.shift();
      this.o.logger.warn({ gateway: this.o.gateway, envoy: line }, 'envoy log');
    });
    child.on('error', (err) => this.o.logger.error({ gateway: this.o.gateway, err: err.message }, 'envoy could not be started'));
    child.on('exit', (code, signal) => this.onExit(child, code, signal));
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return;
    this.child = null;
    if (this.stopping) {
      forgetEnvoyPid(this.o.workDir);
      this.o.logger.info({ gateway: this.o.gateway, code, signal }, 'envoy stopped');
      return;
    }
    // A proxy that ran for a while before dying starts over with a short backoff.
    if (Date.now() - this.startedAt > MAX_BACKOFF_MS) this.restarts = 0;
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.restarts);
    this.restarts++;
    this.o.logger.error(
      { gateway: this.o.gateway, code, signal, restartInMs: delay, lastLines: this.recentStderr.slice(-5) },
      'envoy exited unexpectedly; restarting',
    );
    this.restartTimer = setTimeout(() => { this.restartTimer = null; if (!this.stopping) this.start(); }, delay);
  }

  /** Stops Envoy: SIGTERM, then SIGKILL if it has not exited after the grace period. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(killer);
  }

  adminAddressPath(): string {
    return path.join(this.o.workDir, 'admin-address');
  }
}
