/**
 * The real envoyproxy/ratelimit service for end-to-end tests, built once by
 * scripts/build-ratelimit.mjs (pinned, from the Go module proxy) into
 * ~/.cache/pier/ratelimit-<version>/. Each instance serves gRPC (envoy.service.ratelimit.v3) on
 * a 127.0.0.1 port the test picks, counts in the Redis it is given, and reads its limits from
 * the YAML files of a directory it watches (its "runtime" directory: a file written there,
 * atomically, is loaded within moments). No statsd, no tracing, nothing bound beyond 127.0.0.1.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { freePort, httpRequest } from './net';
import { repoRoot } from './paths';
import { ServiceProcess } from './service-process';
import { requireBuiltBinary, requireGrpcurl } from './tools';

const run = promisify(execFile);

/** The service binary; builds it (pinned, cached) when it is not there yet. */
export function requireRateLimitService(): string {
  return requireBuiltBinary('build-ratelimit.mjs', 'the rate limit service');
}

/** The service's layout under its runtime root: <root>/<subdirectory>/<app directory>/*.yaml. */
const RUNTIME_SUBDIRECTORY = 'ratelimit';
const RUNTIME_APP_DIRECTORY = 'config';

export interface RateLimitServiceOptions {
  /** host:port of the Redis that keeps the counts. */
  redis: string;
  /**
   * The directory whose YAML files configure the limits (what Pier writes into); by default
   * <dir>/runtime/ratelimit/config. It must end in ratelimit/config: the service watches
   * <RUNTIME_ROOT>/<RUNTIME_SUBDIRECTORY>/<RUNTIME_APPDIRECTORY>.
   */
  configDir?: string;
  /** Files (name -> YAML) written into the config directory before the service starts. */
  configs?: Record<string, string>;
  /** The gRPC port (by default a free one); a restarted service can take its predecessor's. */
  grpcPort?: number;
}

/** A ShouldRateLimit answer, as grpcurl prints it (proto3 JSON). */
export interface RateLimitResponse {
  overallCode: 'OK' | 'OVER_LIMIT' | 'UNKNOWN';
  statuses?: { code: string; currentLimit?: { requestsPerUnit: number; unit: string }; limitRemaining?: number; durationUntilReset?: string }[];
}

export class RateLimitService {
  private loads = 0;
  private loadErrors: string[] = [];

  private constructor(readonly grpcPort: number, readonly httpPort: number, readonly configDir: string) {}
  private process!: ServiceProcess;

  /** Starts the service (runtime files under dir); resolves once it answers its health check. */
  static async start(dir: string, options: RateLimitServiceOptions): Promise<RateLimitService> {
    const bin = requireRateLimitService();
    const configDir = options.configDir ?? path.join(dir, 'runtime', RUNTIME_SUBDIRECTORY, RUNTIME_APP_DIRECTORY);
    if (path.basename(configDir) !== RUNTIME_APP_DIRECTORY || path.basename(path.dirname(configDir)) !== RUNTIME_SUBDIRECTORY) {
      throw new Error(`the rate limit service's config directory must end in ${RUNTIME_SUBDIRECTORY}/${RUNTIME_APP_DIRECTORY}: ${configDir}`);
    }
    mkdirSync(dir, { recursive: true });
    mkdirSync(configDir, { recursive: true });
    const grpcPort = options.grpcPort ?? await freePort('127.0.0.1');
    const httpPort = await freePort('127.0.0.1');
    const debugPort = await freePort('127.0.0.1');
    const service = new RateLimitService(grpcPort, httpPort, configDir);
    for (const [name, yaml] of Object.entries(options.configs ?? {})) service.writeConfig(name, yaml);
    // Only what is set here: the service reads dozens of variables, and a stray one (PORT, say)
    // from the test's environment must not reach it.
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOST: '127.0.0.1', PORT: String(httpPort),
      GRPC_HOST: '127.0.0.1', GRPC_PORT: String(grpcPort),
      DEBUG_HOST: '127.0.0.1', DEBUG_PORT: String(debugPort),
      USE_STATSD: 'false', USE_PROMETHEUS: 'false', TRACING_ENABLED: 'false',
      BACKEND_TYPE: 'redis', REDIS_SOCKET_TYPE: 'tcp', REDIS_TYPE: 'SINGLE', REDIS_URL: options.redis, REDIS_POOL_SIZE: '4',
      RUNTIME_ROOT: path.dirname(path.dirname(configDir)), RUNTIME_SUBDIRECTORY, RUNTIME_APPDIRECTORY: RUNTIME_APP_DIRECTORY,
      // Watch the config directory itself (not a symlinked root), and skip dot files: writers
      // stage a file under a dot name and rename it into place.
      RUNTIME_WATCH_ROOT: 'false', RUNTIME_IGNOREDOTFILES: 'true',
      LOG_LEVEL: 'info', LOG_FORMAT: 'text',
    };
    service.process = ServiceProcess.spawn('ratelimit', bin, [], {
      cwd: dir, env,
      onLine: (line) => {
        if (line.includes('Successfully loaded new configuration')) service.loads++;
        else if (/error loading new configuration/i.test(line)) service.loadErrors.push(line);
      },
    });
    await service.process.waitReady('answering /healthcheck', async () => {
      const r = await httpRequest(`http://127.0.0.1:${httpPort}/healthcheck`, { timeoutMs: 2000 }).catch(() => undefined);
      return r?.status === 200 && service.loads > 0;
    });
    return service;
  }

  /** host:port of its gRPC server. */
  get address(): string {
    return `127.0.0.1:${this.grpcPort}`;
  }

  /** The log lines of configurations it refused. */
  get configErrors(): readonly string[] {
    return this.loadErrors;
  }

  /** Writes one config file atomically (a dot file renamed into place, so no half file is loaded). */
  writeConfig(name: string, yaml: string): void {
    const staged = path.join(this.configDir, `.${name}.tmp`);
    writeFileSync(staged, yaml);
    renameSync(staged, path.join(this.configDir, name));
  }

  /** One ShouldRateLimit call through the real grpcurl, with the vendored Envoy protos. */
  async shouldRateLimit(domain: string, descriptors: { key: string; value: string }[][], hitsAddend?: number): Promise<RateLimitResponse> {
    const request = { domain, descriptors: descriptors.map((entries) => ({ entries })), ...(hitsAddend === undefined ? {} : { hits_addend: hitsAddend }) };
    const { stdout } = await run(requireGrpcurl(), [
      '-plaintext', '-max-time', '10', '-import-path', path.join(repoRoot(), 'proto'), '-proto', 'envoy/service/ratelimit/v3/rls.proto',
      '-d', JSON.stringify(request), this.address, 'envoy.service.ratelimit.v3.RateLimitService/ShouldRateLimit',
    ], { timeout: 15_000 });
    return JSON.parse(stdout) as RateLimitResponse;
  }

  get running(): boolean {
    return this.process.running;
  }

  get logs(): string {
    return this.process.logs;
  }

  stop(): Promise<void> {
    return this.process.stop();
  }
}
