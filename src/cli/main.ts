#!/usr/bin/env -S node --max-semi-space-size=4
/**
 * The `pier` command line. The first line's V8 flag caps the young generation at 4 MiB per
 * semi-space (V8 lets it grow to 16): a large directory's start-up grows it to the cap and it
 * never shrinks back, so the cap keeps `pier serve` ~20 MiB smaller, at no measured start-up
 * cost (bench/RESULTS.md section 8). Start Pier with the same flag when not through this file.
 */
import { parseArgs } from 'node:util';
import { loadConfigFile, resolveConfig, validatePartialConfig, type PierConfig } from '../config/config';
import { createLogger } from '../logging/logger';
import { pierVersion } from '../cmd/version';
import { EchoBackend } from '../demo/echo-backend';
import { splitHostPort } from '../admin/server';
import { redactText } from '../security/redact';
import { CA_CERT_FILE, generateClientFiles } from '../security/tls-dir';
import type { Logger } from '../logging/logger';
import * as path from 'node:path';

const USAGE = `pier: a control plane for Envoy that implements the Kubernetes Gateway API

Usage:
  pier serve [flags]         serve xDS for the Gateway API resources in a directory
                             (--provider file, the default) or in a cluster (--provider kubernetes)
  pier quickstart [flags]    serve examples/quickstart with the demo backend on 127.0.0.1:8081
                             (and write a grpcurl certificate, .pier/xds-tls/client.crt)
  pier translate -f FILE|DIR [--output status|ir|xds] [-o yaml|json]
                             translate offline and print statuses, IR or xDS (pier translate -h)
  pier certgen --dir DIR [--san NAME|IP ...] | --gateway NS/NAME
                             certificates for mTLS on the xDS port (pier certgen -h)
  pier setup [--crds standard|experimental|none] [--gateway-class NAME --controller-name NAME]
                             apply the Gateway API CRDs server-side, then a GatewayClass (pier setup -h)
  pier teardown --controller-name NAME [--gateway-class NAME]
                             delete the GatewayClass and the Gateways' proxy objects (pier teardown -h)
  pier demo-backend [--listen host:port] [--name NAME]
                             run the demo echo backend alone
  pier proxies               connected proxies and their sync state per type (SYNCED/STALE/NACKED)
  pier status [--watch]      Gateway API statuses, problems first
  pier config-dump --gateway NS/NAME
                             what the proxies of a Gateway get (private keys redacted)
  pier version               this command's version and the running Pier's
  (proxies, status, config-dump and version talk to a running Pier's admin API:
   --admin-address HOST:PORT, default 127.0.0.1:19000; -o json|yaml for scripts)

Flags for serve and quickstart (a config file sets the same, by these names in camelCase):
  --config FILE              YAML or JSON settings file
  --provider file|kubernetes where objects come from (default file)
  --resources DIR            file provider: directory of Gateway API YAML (default examples/quickstart)
  --kubeconfig FILE          kubernetes provider: the cluster (default: in-cluster, then $KUBECONFIG,
                             then ~/.kube/config)
  --watch-namespaces A,B     kubernetes provider: only these namespaces (default all)
  --leader-elect[=false]     kubernetes provider: only the holder of a Lease writes status (default on)
  --leader-election-namespace NS, --leader-election-name NAME
                             that Lease (default $POD_NAMESPACE or default, pier-gateway-controller)
  --xds-address HOST:PORT    xDS gRPC server (default 0.0.0.0:18000)
  --xds-tls-dir DIR          mTLS files from pier certgen (ca.crt, server.crt, server.key, ca.key)
  --xds-tls-cert, --xds-tls-key, --xds-tls-ca, --xds-tls-ca-key FILE
                             the same files one by one (each overrides the directory's)
  --xds-insecure             plaintext xDS on a non-loopback address (not recommended)
  --xds-tls-secret NAME      kubernetes provider without TLS files: the Secret in Pier's namespace
                             where Pier keeps (and renews) its xDS CA and serving certificate
                             (default pier-xds-tls)
  --state-dir DIR            file provider: where Pier keeps the xDS CA it generates when no TLS
                             files are given and the xDS address is not loopback (default .pier)
  --admin-address HOST:PORT  admin HTTP API (default 127.0.0.1:19000)
  --metrics-address HOST:PORT
                             /metrics, /healthz and /readyz only, for Prometheus and probes
                             (default 127.0.0.1:19001)
  --controller-name NAME     GatewayClass controllerName to serve (default pier.dev/gateway-controller)
  --infrastructure host|kubernetes
                             what runs the Gateways' proxies (default: host with --provider file,
                             kubernetes with --provider kubernetes)
  --envoy-image IMAGE        kubernetes infrastructure: the proxies' image (default envoyproxy/envoy:v1.40.0)
  --gateway-service-type T   kubernetes infrastructure: LoadBalancer|ClusterIP|NodePort (default LoadBalancer)
  --gateway-replicas N       kubernetes infrastructure: Envoy replicas per Gateway (default 1)
  --proxy-xds-host HOST      kubernetes infrastructure: how proxy pods reach Pier's xDS (default pier.<ns>.svc)
  --envoy auto|off|PATH      host infrastructure: launch one Envoy per Gateway (default auto: when
                             envoy is on PATH)
  --gateway-address-pool CIDR
                             host infrastructure: each Gateway without spec.addresses gets its own
                             address from this IPv4 range, e.g. 127.32.0.0/16 (default: none)
  --rate-limit-service HOST:PORT
                             the envoyproxy/ratelimit service (gRPC) that counts RateLimitPolicy
                             global limits (default: none; spec.global is then refused)
  --rate-limit-config-dir DIR
                             where Pier writes that service's configuration (the directory it
                             watches; default: none)
  --rate-limit-config-map NAME
                             kubernetes provider: the ConfigMap in Pier's namespace where Pier
                             keeps that service's configuration instead (default: none)
  --ads-mode delta|sotw      xDS flavour for launched Envoys (default delta)
  --default-gateway-address  bind address for Gateways without spec.addresses (default 0.0.0.0)
  --demo-backend HOST:PORT   also run the demo echo backend
  --log-level LEVEL          trace|debug|info|warn|error (default info)
  --log-format FORMAT        auto|json|pretty (default auto: pretty on a terminal, JSON otherwise)
`;

export const SERVE_FLAGS = {
  config: { type: 'string' },
  resources: { type: 'string' },
  provider: { type: 'string' },
  kubeconfig: { type: 'string' },
  'watch-namespaces': { type: 'string' },
  'leader-elect': { type: 'string' },
  'leader-election-namespace': { type: 'string' },
  'leader-election-name': { type: 'string' },
  infrastructure: { type: 'string' },
  'envoy-image': { type: 'string' },
  'gateway-service-type': { type: 'string' },
  'gateway-replicas': { type: 'string' },
  'proxy-xds-host': { type: 'string' },
  'xds-address': { type: 'string' },
  'xds-tls-dir': { type: 'string' },
  'xds-tls-cert': { type: 'string' },
  'xds-tls-key': { type: 'string' },
  'xds-tls-ca': { type: 'string' },
  'xds-tls-ca-key': { type: 'string' },
  'xds-insecure': { type: 'boolean' },
  'xds-tls-secret': { type: 'string' },
  'state-dir': { type: 'string' },
  'admin-address': { type: 'string' },
  'metrics-address': { type: 'string' },
  'controller-name': { type: 'string' },
  'gateway-address-pool': { type: 'string' },
  'rate-limit-service': { type: 'string' },
  'rate-limit-config-dir': { type: 'string' },
  'rate-limit-config-map': { type: 'string' },
  envoy: { type: 'string' },
  'ads-mode': { type: 'string' },
  'default-gateway-address': { type: 'string' },
  'demo-backend': { type: 'string' },
  'log-level': { type: 'string' },
  'log-format': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function camel(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

async function runServe(args: string[], quickstart: boolean): Promise<void> {
  // --leader-elect takes an optional value: alone it means true.
  const normalized = args.map((a) => (a === '--leader-elect' ? '--leader-elect=true' : a));
  const { values } = parseArgs({ args: normalized, options: SERVE_FLAGS, allowPositionals: false });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const flags: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (k === 'config' || k === 'help' || v === undefined) continue;
    // --leader-elect alone means true; --leader-elect=false turns it off.
    const value = k === 'leader-elect' ? v !== 'false' : v;
    flags[k === 'default-gateway-address' ? 'defaultGatewayAddress' : camel(k)] = value;
  }
  const fromFile = values.config ? loadConfigFile(values.config) : {};
  const fromFlags = validatePartialConfig(flags, 'command line');
  const quickstartDefaults: Partial<PierConfig> = quickstart ? { resources: 'examples/quickstart', demoBackend: '127.0.0.1:8081' } : {};
  const config = resolveConfig({ ...quickstartDefaults, ...fromFile }, fromFlags);
  const logger = createLogger({ level: config.logLevel, format: config.logFormat });
  const { serve } = await import('../cmd/serve');
  const pier = await serve(config, logger);
  if (quickstart) {
    logger.info('quickstart ready: try `curl http://127.0.0.1:8080/` (Envoy answers once it has its config)');
    if (pier.xdsTlsGeneratedIn) await writeQuickstartClientCertificate(pier.xdsTlsGeneratedIn, pier.xdsPort, logger);
  }
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down: draining xDS streams');
    pier.stop().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

/** The Gateway of examples/quickstart, whose proxy certificate the quickstart gives grpcurl. */
const QUICKSTART_GATEWAY = 'default/quickstart';

/**
 * The xDS port speaks mTLS by default, so grpcurl needs a certificate from Pier's CA: the
 * quickstart writes one (the quickstart Gateway's identity) so the README's commands work at once.
 */
async function writeQuickstartClientCertificate(dir: string, xdsPort: number, logger: Logger): Promise<void> {
  try {
    const { cert, key } = await generateClientFiles(dir, QUICKSTART_GATEWAY);
    const rel = (f: string) => path.relative(process.cwd(), f) || f;
    logger.info({ cert, key, gateway: QUICKSTART_GATEWAY },
      `client certificate for grpcurl: grpcurl -cacert ${rel(path.join(dir, CA_CERT_FILE))} -cert ${rel(cert)} -key ${rel(key)} 127.0.0.1:${xdsPort} list`);
  } catch (err) {
    logger.warn({ dir, err: (err as Error).message }, 'could not write the quickstart client certificate for grpcurl');
  }
}

async function runDemoBackend(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { listen: { type: 'string' }, name: { type: 'string' } } });
  const { host, port } = splitHostPort(values.listen ?? '127.0.0.1:8081');
  const name = values.name ?? 'demo';
  const backend = new EchoBackend({ service: name, namespace: 'default', pod: `${name}-1` });
  const bound = await backend.listen(host, port);
  const logger = createLogger();
  logger.info({ address: `${host}:${bound}` }, 'demo backend listening');
  const stop = () => backend.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}


export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    // Each command's code is loaded when it runs: start-up (`pier serve` in Kubernetes mode
    // especially) does not pay for the file provider's validators or the other commands.
    switch (command) {
      case 'serve': await runServe(rest, false); return -1;
      case 'quickstart': await runServe(rest, true); return -1;
      case 'translate': return await (await import('./translate')).runTranslate(rest);
      case 'certgen': return await (await import('./certgen')).runCertgen(rest);
      case 'setup': return await (await import('./cluster')).runSetup(rest);
      case 'teardown': return await (await import('./cluster')).runTeardown(rest);
      case 'demo-backend': await runDemoBackend(rest); return -1;
      case 'version': return await (await import('./ops/version')).runVersion(rest);
      case '--version': process.stdout.write(`pier ${pierVersion()}\n`); return 0;
      case 'proxies': return await (await import('./ops/proxies')).runProxies(rest);
      case 'status': return await (await import('./ops/status')).runStatus(rest);
      case 'config-dump': return await (await import('./ops/config-dump')).runConfigDump(rest);
      case undefined: case 'help': case '--help': case '-h': process.stdout.write(USAGE); return 0;
      default:
        process.stderr.write(`pier: unknown command "${command}"\n\n${USAGE}`);
        return 2;
    }
  } catch (err) {
    // Users get the message; the stack only helps us, so it is shown on request.
    const message = err instanceof Error ? (process.env.PIER_DEBUG ? err.stack ?? err.message : err.message) : String(err);
    process.stderr.write(`pier: ${redactText(message)}\n`);
    return 1;
  }
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  const startsServers = ['serve', 'quickstart', 'demo-backend'].includes(argv[0] ?? '');
  main(argv).then((code) => {
    if (code < 0) return; // serving until a signal
    // A failed start may leave servers half open: exit outright instead of waiting for them.
    if (code > 0 && startsServers) process.exit(code);
    process.exitCode = code;
  });
}
