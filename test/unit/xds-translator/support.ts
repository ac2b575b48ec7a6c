/**
 * Shared by the xDS translator tests: golden cases, the Envoy binary, an Envoy bootstrap
 * built from translated resources (binary proto, the same bytes an ADS server would send), and
 * a real Envoy started on such a bootstrap for traffic tests.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as protobuf from 'protobufjs';
import type { DestinationSetting, Endpoint, XdsIR } from '../../../src/ir/types';
import type { EndpointSource } from '../../../src/xds/translator/endpoints/endpoints';
import { translateXds } from '../../../src/xds/translator/translate';
import { loadXdsProtos } from '../../../src/xds/proto';
import { TYPE_PREFIX, type XdsResources } from '../../../src/xds/types';
import { testData } from '../../helpers/paths';
import { requireEnvoy } from '../../helpers/tools';

export const GOLDEN_DIR = testData('golden', 'xds-translator');

export function goldenCases(): string[] {
  return readdirSync(GOLDEN_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

export function loadCaseIR(name: string): XdsIR {
  return JSON.parse(readFileSync(path.join(GOLDEN_DIR, name, 'ir.json'), 'utf8')) as XdsIR;
}

/**
 * Test IR may give a destination's endpoints inline (`endpoints`), as the golden ir.json files
 * do: they are served as the endpoints of a Service port named after the cluster, which is what
 * the endpoint translator would find in the EndpointSlices of a real Service.
 */
export type TestSetting = DestinationSetting & { endpoints?: Endpoint[] };

const TEST_NAMESPACE = 'test-endpoints';

/** The IR as the Gateway API translator would give it (endpoints referenced), and their source. */
export function splitTestEndpoints(ir: XdsIR): { ir: XdsIR; endpointsOf: EndpointSource } {
  const copy = structuredClone(ir);
  const byCluster = new Map<string, Endpoint[]>();
  const visit = (settings: TestSetting[] | undefined): void => {
    for (const s of settings ?? []) {
      const endpoints = s.endpoints;
      delete s.endpoints;
      if (endpoints === undefined || s.invalid || s.dnsName !== undefined) continue;
      byCluster.set(s.clusterName, endpoints);
      s.endpointsOf = { namespace: TEST_NAMESPACE, service: s.clusterName, portName: '' };
    }
  };
  for (const l of copy.http) {
    for (const vh of l.virtualHosts) {
      for (const r of vh.routes) {
        visit(r.destination?.settings);
        for (const m of r.mirrors ?? []) visit(m.settings);
        if (r.externalAuth) visit([r.externalAuth.service]);
      }
    }
  }
  for (const l of copy.tcp) for (const r of l.routes) visit(r.destination.settings);
  for (const l of copy.udp) visit(l.destination?.settings);
  return { ir: copy, endpointsOf: (ref) => (ref.namespace === TEST_NAMESPACE ? byCluster.get(ref.service) ?? [] : []) };
}

/** translateXds of a test IR, endpoints included. */
export function translateTestIR(ir: XdsIR): XdsResources {
  const split = splitTestEndpoints(ir);
  return translateXds(split.ir, split.endpointsOf);
}

/** Proto type names (without the type URL prefix) of each resource list. */
export const RESOURCE_TYPES = {
  listeners: 'envoy.config.listener.v3.Listener',
  routes: 'envoy.config.route.v3.RouteConfiguration',
  clusters: 'envoy.config.cluster.v3.Cluster',
  endpoints: 'envoy.config.endpoint.v3.ClusterLoadAssignment',
  secrets: 'envoy.extensions.transport_sockets.tls.v3.Secret',
} as const;

export type ResourceList = keyof typeof RESOURCE_TYPES;
export const RESOURCE_LISTS = Object.keys(RESOURCE_TYPES) as ResourceList[];

/** The envoy binary, installed as the end-to-end tests install it when none is on PATH (never a skip). */
export function envoyBinary(): string {
  return requireEnvoy();
}

export interface RunResult {
  code: number | null;
  output: string;
}

/** Runs a command to completion, killing it after timeoutMs. */
export function runCommand(command: string, args: string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function walk(value: Json, visit: (obj: { [key: string]: Json }) => void): void {
  if (Array.isArray(value)) {
    for (const v of value) walk(v, visit);
  } else if (isObject(value)) {
    visit(value);
    for (const v of Object.values(value)) walk(v, visit);
  }
}

export interface BootstrapOptions {
  /**
   * 'static': routes inlined into the connection managers (instead of RDS), EDS clusters made
   * STATIC with their assignment, SDS references to static secrets; Envoy then checks every
   * resource. 'ads': the resources as they are, with an ADS config source in the bootstrap, to
   * check the dynamic references (RDS/EDS/SDS over ADS) too.
   */
  mode: 'static' | 'ads';
  /** Admin listener on 127.0.0.1 at this port (0 = ephemeral). */
  adminPort?: number;
}

/** SDS references by name only: they then name static secrets. */
function staticSecretRefs(obj: { [key: string]: Json }): void {
  const sds = obj.tls_certificate_sds_secret_configs;
  if (Array.isArray(sds)) obj.tls_certificate_sds_secret_configs = sds.map((s) => (isObject(s) ? { name: s.name } : s));
}

/** Makes the resources self-contained (see BootstrapOptions.mode 'static'). */
export function staticForm(resources: XdsResources): { listeners: Json[]; clusters: Json[]; secrets: Json[] } {
  const copy = JSON.parse(JSON.stringify(resources)) as { [key in ResourceList]: Json[] };
  const routeByName = new Map<string, Json>();
  for (const r of copy.routes) if (isObject(r) && typeof r.name === 'string') routeByName.set(r.name, r);
  const claByName = new Map<string, Json>();
  for (const e of copy.endpoints) if (isObject(e) && typeof e.cluster_name === 'string') claByName.set(e.cluster_name, e);
  for (const listener of copy.listeners) {
    walk(listener, (obj) => {
      const rds = obj.rds;
      if (isObject(rds) && typeof rds.route_config_name === 'string') {
        delete obj.rds;
        obj.route_config = routeByName.get(rds.route_config_name) ?? { name: rds.route_config_name };
      }
      staticSecretRefs(obj);
    });
  }
  for (const cluster of copy.clusters) {
    // A client certificate presented to the backend (Gateway spec.tls.backend): a static secret too.
    walk(cluster, staticSecretRefs);
    if (!isObject(cluster) || cluster.type !== 'EDS') continue;
    const name = String(cluster.name);
    cluster.type = 'STATIC';
    delete cluster.eds_cluster_config;
    cluster.load_assignment = claByName.get(name) ?? { cluster_name: name };
  }
  return { listeners: copy.listeners, clusters: copy.clusters, secrets: copy.secrets };
}

const XDS_CLUSTER = 'pier-test-xds';

/** A binary Bootstrap (Envoy reads `-c <file>.pb` as one). */
export function bootstrapBytes(resources: XdsResources, options: BootstrapOptions): Uint8Array {
  const protos = loadXdsProtos();
  const encode = (type: string, message: object): Uint8Array => protos.encode(type, message);
  const field = (w: protobuf.Writer, number: number, bytes: Uint8Array): void => {
    w.uint32((number << 3) | 2).bytes(bytes);
  };
  const parts = options.mode === 'static'
    ? staticForm(resources)
    : { listeners: resources.listeners, clusters: resources.clusters, secrets: resources.secrets };
  const clusters = [...parts.clusters];
  if (options.mode === 'ads') {
    clusters.push({
      name: XDS_CLUSTER,
      type: 'STATIC',
      connect_timeout: { seconds: 1 },
      load_assignment: { cluster_name: XDS_CLUSTER, endpoints: [{ lb_endpoints: [{ endpoint: { address: { socket_address: { address: '127.0.0.1', port_value: 1 } } } }] }] },
      typed_extension_protocol_options: {
        'envoy.extensions.upstreams.http.v3.HttpProtocolOptions': {
          '@type': `${TYPE_PREFIX}envoy.extensions.upstreams.http.v3.HttpProtocolOptions`,
          explicit_http_config: { http2_protocol_options: {} },
        },
      },
    });
  }
  // Bootstrap.StaticResources: listeners = 1, clusters = 2, secrets = 3.
  const staticResources = protobuf.Writer.create();
  for (const l of parts.listeners) field(staticResources, 1, encode(RESOURCE_TYPES.listeners, l as object));
  for (const c of clusters) field(staticResources, 2, encode(RESOURCE_TYPES.clusters, c as object));
  for (const s of parts.secrets) field(staticResources, 3, encode(RESOURCE_TYPES.secrets, s as object));

  // Bootstrap: node = 1, static_resources = 2, dynamic_resources = 3, admin = 12.
  const bootstrap = protobuf.Writer.create();
  field(bootstrap, 1, encode('envoy.config.core.v3.Node', { id: 'pier-test', cluster: resources.gateway }));
  field(bootstrap, 2, staticResources.finish());
  if (options.mode === 'ads') {
    // DynamicResources.ads_config = 3 (an ApiConfigSource).
    const dynamic = protobuf.Writer.create();
    field(dynamic, 3, encode('envoy.config.core.v3.ApiConfigSource', {
      api_type: 'DELTA_GRPC',
      transport_api_version: 'V3',
      grpc_services: [{ envoy_grpc: { cluster_name: XDS_CLUSTER } }],
    }));
    field(bootstrap, 3, dynamic.finish());
  }
  if (options.adminPort !== undefined) {
    // Admin.address = 3.
    const admin = protobuf.Writer.create();
    field(admin, 3, encode('envoy.config.core.v3.Address', { socket_address: { address: '127.0.0.1', port_value: options.adminPort } }));
    field(bootstrap, 12, admin.finish());
  }
  return bootstrap.finish();
}

export interface StaticEnvoyOptions {
  /** Where the bootstrap file is written (the caller owns and removes the directory). */
  dir: string;
  /** A request that resolves once Envoy serves the resources; retried until then. */
  ready: () => Promise<unknown>;
  /** How long to keep trying `ready` (default 15 s); attempts are bounded too, one per 100 ms. */
  timeoutMs?: number;
}

export interface StaticEnvoy {
  /** Everything Envoy wrote so far (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM, up to 5 s to exit, then SIGKILL. Safe to call more than once. */
  stop(): Promise<void>;
}

const READY_RETRY_MS = 100;
const STOP_GRACE_MS = 5_000;

/**
 * Runs Envoy on a static bootstrap of the resources and waits until `ready` succeeds. Fails
 * with Envoy's output when it exits or never becomes ready, and stops it before failing, so a
 * caller only has to stop an Envoy it got back.
 */
export async function startStaticEnvoy(resources: XdsResources, options: StaticEnvoyOptions): Promise<StaticEnvoy> {
  const file = path.join(options.dir, 'bootstrap.pb');
  writeFileSync(file, bootstrapBytes(resources, { mode: 'static' }));
  const child = spawn(envoyBinary(), ['-c', file, '--disable-hot-restart', '--concurrency', '1', '--log-level', 'warn'],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let spawnError: Error | undefined;
  child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
  child.on('error', (err) => { spawnError = err; });
  const running = (): boolean => spawnError === undefined && child.exitCode === null && child.signalCode === null;

  const envoy: StaticEnvoy = {
    output: () => output,
    async stop() {
      if (!running()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => { timer = setTimeout(resolve, STOP_GRACE_MS); })]);
      clearTimeout(timer);
      if (running()) child.kill('SIGKILL');
    },
  };

  const timeoutMs = options.timeoutMs ?? 15_000;
  const deadline = Date.now() + timeoutMs;
  const attempts = Math.ceil(timeoutMs / READY_RETRY_MS);
  try {
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (spawnError) throw new Error(`envoy did not start: ${spawnError.message}\n${output}`);
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`envoy exited with ${child.exitCode ?? child.signalCode ?? 'unknown'}:\n${output}`);
      }
      try {
        await options.ready();
        return envoy;
      } catch {
        if (Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, READY_RETRY_MS));
      }
    }
    throw new Error(`envoy did not start listening:\n${output}`);
  } catch (err) {
    await envoy.stop();
    throw err;
  }
}
