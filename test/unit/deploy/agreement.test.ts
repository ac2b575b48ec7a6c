/**
 * docker-compose.yml, envoy-bootstrap.yaml, the quickstart and Pier's defaults must agree:
 * the Gateway Envoy asks for, the xDS address, the listener port and the backend's port.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { repoRoot } from '../../helpers/paths';
import { DEFAULT_CONFIG } from '../../../src/config/config';
import { buildBootstrap, ENVOY_FLAGS } from '../../../src/infra/bootstrap';
import { GENERATED_TLS_SUBDIR } from '../../../src/cmd/xds-transport';
import { gatewayCertPaths, tlsPathsInDir } from '../../../src/security/tls-dir';

const root = repoRoot();
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');

// Parsed YAML under test: its shape is what the assertions check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const bootstrap = parse(read('envoy-bootstrap.yaml')) as Obj;
const compose = parse(read('docker-compose.yml')) as Obj;
const quickstartDir = path.join(root, 'examples', 'quickstart');
const quickstart: Obj[] = readdirSync(quickstartDir).filter((f) => f.endsWith('.yaml'))
  .flatMap((f) => parseAllDocuments(readFileSync(path.join(quickstartDir, f), 'utf8')).map((d) => d.toJS() as Obj));
const ofKind = (kind: string) => quickstart.filter((o) => o.kind === kind);

function flag(args: string[], name: string): string | undefined {
  return args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

describe('deployment files agree', () => {
  test('the bootstrap asks for the quickstart Gateway', () => {
    const [gw] = ofKind('Gateway');
    assert.equal(bootstrap.node.cluster, `${gw.metadata.namespace}/${gw.metadata.name}`);
  });

  test('the bootstrap reaches Pier on the default xDS port, which compose publishes', () => {
    const xdsPort = Number(DEFAULT_CONFIG.xdsAddress.split(':')[1]);
    const sa = bootstrap.static_resources.clusters[0].load_assignment.endpoints[0].lb_endpoints[0].endpoint.address.socket_address;
    assert.equal(sa.address, '127.0.0.1');
    assert.equal(sa.port_value, xdsPort);
    assert.equal(Number(flag(compose.services.pier.command, 'xds-address')?.split(':')[1]), xdsPort);
    assert.ok(compose.services.pier.ports.some((p: string) => p.startsWith(`${xdsPort}:${xdsPort}`)));
  });

  test('compose publishes the quickstart listener port and runs Envoy with the bootstrap in Pier\'s network', () => {
    const [gw] = ofKind('Gateway');
    const port = gw.spec.listeners[0].port;
    assert.equal(port, 8080);
    assert.ok(compose.services.pier.ports.some((p: string) => p.startsWith(`${port}:${port}`)));
    assert.equal(compose.services.envoy.network_mode, 'service:pier');
    assert.ok(compose.services.envoy.volumes.some((v: string) => v.startsWith('./envoy-bootstrap.yaml:')));
    const mounted = compose.services.envoy.volumes.find((v: string) => v.startsWith('./envoy-bootstrap.yaml:')).split(':')[1];
    assert.ok(compose.services.envoy.command.includes(mounted));
    assert.equal(flag(compose.services.pier.command, 'resources'), 'examples/quickstart');
  });

  test('compose and the README run Envoy with the flags Pier gives the Envoys it launches', () => {
    const readmeCommand = read('README.md').split('\n').find((l) => l.startsWith('envoy -c envoy-bootstrap.yaml'));
    for (const f of ENVOY_FLAGS) {
      assert.ok(compose.services.envoy.command.includes(f), `compose's envoy command lacks ${f}`);
      assert.ok(readmeCommand?.split(' ').includes(f), `the README's envoy command lacks ${f}`);
    }
  });

  test('the demo backend listens where the quickstart EndpointSlice points', () => {
    const [slice] = ofKind('EndpointSlice');
    const listen = flag(compose.services['demo-backend'].command, 'listen')!;
    assert.equal(listen, `${slice.endpoints[0].addresses[0]}:${slice.ports[0].port}`);
    assert.equal(compose.services['demo-backend'].network_mode, 'service:pier');
    const [svc] = ofKind('Service');
    assert.equal(svc.spec.ports[0].targetPort, slice.ports[0].port);
  });

  test('the bootstrap file matches the one Pier generates for the Envoys it launches, with the certificates of the TLS directory Pier generates', () => {
    const tlsDir = `${DEFAULT_CONFIG.stateDir}/${GENERATED_TLS_SUBDIR}`;
    const proxy = gatewayCertPaths(tlsDir, bootstrap.node.cluster);
    const generated = buildBootstrap({
      gateway: bootstrap.node.cluster, nodeId: bootstrap.node.id, xdsHost: '127.0.0.1', xdsPort: 18000,
      adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 9901,
      tls: { caCertFile: tlsPathsInDir(tlsDir).caCert, certFile: proxy.cert, keyFile: proxy.key },
    });
    assert.deepEqual(bootstrap, JSON.parse(JSON.stringify(generated)));
  });

  test('compose: certgen writes the bootstrap\'s certificates into the volume Pier serves from and Envoy reads at the bootstrap\'s paths', () => {
    const tlsDir = `${DEFAULT_CONFIG.stateDir}/${GENERATED_TLS_SUBDIR}`;
    const certgen = compose.services.certgen.command.join(' ');
    assert.ok(certgen.includes(`certgen --dir ${tlsDir} `) || certgen.includes(`certgen --dir ${tlsDir}&`), certgen);
    assert.ok(certgen.includes(`certgen --dir ${tlsDir} --gateway ${bootstrap.node.cluster}`), certgen);
    assert.equal(flag(compose.services.pier.command, 'xds-tls-dir'), tlsDir);
    const volumeAt = (svc: string) => compose.services[svc].volumes.find((v: string) => v.startsWith('xds-tls:')).split(':')[1];
    const inContainer = path.posix.join('/app', tlsDir);
    assert.equal(volumeAt('certgen'), inContainer);
    assert.equal(volumeAt('pier'), inContainer);
    assert.equal(volumeAt('envoy'), inContainer);
    assert.equal(path.posix.join(compose.services.envoy.working_dir, tlsDir), inContainer);
    const tls = bootstrap.static_resources.clusters[0].transport_socket.typed_config.common_tls_context;
    assert.equal(tls.validation_context.trusted_ca.filename, `${tlsDir}/ca.crt`);
  });
});
