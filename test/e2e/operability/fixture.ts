/**
 * One Pier (a real `pier serve`) and one real Envoy of its Gateway "default/ops", for the
 * operability tests (metrics, CSDS, CLI). The Gateway has an HTTP listener, an HTTPS listener
 * (so a private key travels over SDS) and a listener "clash" whose address the Envoy's bootstrap
 * already holds with a static listener: Envoy rejects it, so LDS is NACKed, while clusters,
 * endpoints, routes and secrets are ACKed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EchoBackend } from '../../../src/demo/echo-backend';
import { buildBootstrap } from '../../../src/infra/bootstrap';
import { createCertificateAuthority, issueServerCertificate, type KeyPair } from '../../../src/security/pki';
import type { ProxyInfo } from '../../../src/xds/server';
import { TypeUrl } from '../../../src/xds/types';
import { EnvoyProxy } from '../../helpers/envoy';
import { PIER_GATEWAY_CLASS, webServiceManifests } from '../../helpers/manifests';
import { freePort, httpRequest, waitFor } from '../../helpers/net';
import { PierProcess } from '../../helpers/pier';

export const OPS_GATEWAY = 'default/ops';
export const OPS_ADDRESS = '127.0.0.61';
export const OPS_NODE = 'ops-envoy';

export interface OpsFixture {
  dir: string;
  pier: PierProcess;
  envoy: EnvoyProxy;
  backend: EchoBackend;
  /** The TLS key pair whose private key must never leave SDS. */
  planted: KeyPair;
  httpPort: number;
  clashPort: number;
  /** Where Pier reads its resources (tests may add files). */
  resources: string;
  stop(): Promise<number | null>;
}

const b64 = (s: string): string => Buffer.from(s).toString('base64');

export async function startOpsFixture(): Promise<OpsFixture> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-ops-'));
  const backend = new EchoBackend({ service: 'web', namespace: 'default', pod: 'web-1' });
  const backendPort = await backend.listen('127.0.0.1', 0);
  const [httpPort, httpsPort, clashPort] = [await freePort(OPS_ADDRESS), await freePort(OPS_ADDRESS), await freePort(OPS_ADDRESS)];
  const planted = await issueServerCertificate(await createCertificateAuthority('ops CA'), ['secure.example.com']);
  const resources = path.join(dir, 'resources');
  mkdirSync(resources);
  writeFileSync(path.join(resources, 'all.yaml'), `${PIER_GATEWAY_CLASS}---
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: { name: ops, namespace: default }
spec:
  gatewayClassName: pier
  addresses: [{ type: IPAddress, value: "${OPS_ADDRESS}" }]
  listeners:
  - { name: http, protocol: HTTP, port: ${httpPort} }
  - { name: https, protocol: HTTPS, port: ${httpsPort}, hostname: secure.example.com, tls: { certificateRefs: [{ name: ops-cert }] } }
  - { name: clash, protocol: HTTP, port: ${clashPort} }
---
apiVersion: v1
kind: Secret
metadata: { name: ops-cert, namespace: default }
type: kubernetes.io/tls
data: { tls.crt: ${b64(planted.certPem)}, tls.key: ${b64(planted.keyPem)} }
---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: web, namespace: default }
spec:
  parentRefs: [{ name: ops }]
  rules: [{ backendRefs: [{ name: web, port: 80 }] }]
---
# A route to a Service that does not exist: a status problem (ResolvedRefs False).
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: broken, namespace: default }
spec:
  parentRefs: [{ name: ops }]
  rules: [{ matches: [{ path: { type: PathPrefix, value: /broken } }], backendRefs: [{ name: missing, port: 80 }] }]
---
${webServiceManifests(backendPort)}`);
  const pier = await PierProcess.start({ config: { resources, envoy: 'off' } }).catch(async (err: unknown) => {
    await backend.close();
    throw err;
  });
  const bootstrap = buildBootstrap({
    gateway: OPS_GATEWAY, nodeId: OPS_NODE, xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 0,
  });
  // A static listener on the "clash" listener's address: Envoy refuses the dynamic one (NACK).
  (bootstrap.static_resources as { listeners?: unknown[] }).listeners = [{
    name: 'squatter',
    address: { socket_address: { address: OPS_ADDRESS, port_value: clashPort } },
    filter_chains: [{ filters: [{ name: 'envoy.filters.network.tcp_proxy', typed_config: {
      '@type': 'type.googleapis.com/envoy.extensions.filters.network.tcp_proxy.v3.TcpProxy', stat_prefix: 'squatter', cluster: 'pier_xds',
    } }] }],
  }];
  const envoyDir = path.join(dir, 'envoy');
  mkdirSync(envoyDir);
  const envoy = await EnvoyProxy.start(envoyDir, bootstrap).catch(async (err: unknown) => {
    await pier.stop();
    await backend.close();
    throw err;
  });
  const fixture: OpsFixture = {
    dir, pier, envoy, backend, planted, httpPort, clashPort, resources,
    async stop() {
      await envoy.stop();
      const code = await pier.stop();
      await backend.close();
      rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
  try {
    await waitFor('the Envoy to serve the HTTP listener', async () =>
      ((await httpRequest(`http://${OPS_ADDRESS}:${httpPort}/`).catch(() => undefined))?.status === 200 ? true : undefined), { timeoutMs: 20_000 });
    await waitFor('Envoy to NACK the clashing listener and ACK the rest', async () => {
      const proxy = (await pier.admin<ProxyInfo[]>('/proxies')).find((p) => p.nodeId === OPS_NODE);
      const type = (t: string) => proxy?.types.find((x) => x.typeUrl === t);
      const acked = [TypeUrl.Cluster, TypeUrl.ClusterLoadAssignment, TypeUrl.RouteConfiguration, TypeUrl.Secret].every((t) => type(t)?.ackedVersion && !type(t)?.awaitingAck);
      return acked && type(TypeUrl.Listener)?.lastNack ? true : undefined;
    }, { timeoutMs: 20_000 });
  } catch (err) {
    await fixture.stop();
    throw err;
  }
  return fixture;
}
