/**
 * The Helm chart (charts/pier) with the pinned Helm (scripts/k8s/build-helm.mjs): `helm lint`
 * is clean, deploy/ is what the chart renders with its default values (scripts/generate-deploy.mjs
 * --check), and the values that change the rendering do what values.yaml says.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { repoRoot } from '../helpers/paths';
import { helmBinary } from './helm';

const CHART = path.join(repoRoot(), 'charts', 'pier');

// Rendered manifests under test: their shape is what the assertions check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

function render(...set: string[]): Obj[] {
  const text = execFileSync(helmBinary(), ['template', 'pier', CHART, '--namespace', 'pier-system', ...set.flatMap((s) => ['--set', s])], { encoding: 'utf8' });
  return parseAllDocuments(text).map((d) => d.toJS() as Obj).filter((o) => o);
}

const find = (objs: Obj[], kind: string, name?: string): Obj | undefined => objs.find((o) => o.kind === kind && (name === undefined || o.metadata.name === name));
const pierContainer = (objs: Obj[]): Obj => find(objs, 'Deployment', 'pier')!.spec.template.spec.containers[0];

describe('the Helm chart', () => {
  test('helm lint reports no warning or error', () => {
    const lint = spawnSync(helmBinary(), ['lint', CHART, '--strict'], { encoding: 'utf8' });
    assert.equal(lint.status, 0, lint.stdout + lint.stderr);
    assert.doesNotMatch(lint.stdout, /\[(WARNING|ERROR)\]/, lint.stdout);
  });

  test('deploy/ is the chart rendered with its default values', () => {
    const r = spawnSync(process.execPath, [path.join(repoRoot(), 'scripts', 'generate-deploy.mjs'), '--check'], { encoding: 'utf8', env: { ...process.env, HELM: helmBinary() } });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });

  test('defaults: 2 replicas, probes on the metrics port, Pier-managed xDS TLS (no volume), a PodDisruptionBudget, setup and teardown hooks', () => {
    const objs = render();
    assert.equal(find(objs, 'Deployment', 'pier')!.spec.replicas, 2);
    const c = pierContainer(objs);
    assert.equal(c.readinessProbe.httpGet.port, 'metrics');
    assert.equal(c.livenessProbe.httpGet.port, 'metrics');
    assert.ok(c.args.includes('--metrics-address=0.0.0.0:19001'));
    assert.ok(!c.args.some((a: string) => a.startsWith('--admin-address') || a.startsWith('--xds-tls-dir')), c.args.join(' '));
    assert.equal(c.volumeMounts, undefined);
    assert.ok(c.args.includes('--proxy-xds-host=pier.pier-system.svc'));
    assert.equal(find(objs, 'PodDisruptionBudget')!.spec.minAvailable, 1);
    const setup = find(objs, 'Job', 'pier-hooks-setup')!;
    assert.equal(setup.metadata.annotations['helm.sh/hook'], 'pre-install,pre-upgrade');
    assert.deepEqual(setup.spec.template.spec.containers[0].args, ['setup', '--crds=standard', '--gateway-class=pier', '--controller-name=pier.dev/gateway-controller']);
    const teardown = find(objs, 'Job', 'pier-hooks-teardown')!;
    assert.equal(teardown.metadata.annotations['helm.sh/hook'], 'post-delete');
    assert.deepEqual(teardown.spec.template.spec.containers[0].args, ['teardown', '--gateway-class=pier', '--controller-name=pier.dev/gateway-controller', '--xds-tls-secret=pier-xds-tls', '--lease=pier-gateway-controller']);
    assert.ok(c.args.includes('--gateway-replicas=1'));
    assert.equal(find(objs, 'ServiceMonitor'), undefined);
  });

  test('xds.tls.existingSecret mounts that Secret and points --xds-tls-dir at it', () => {
    const objs = render('xds.tls.existingSecret=my-xds');
    const c = pierContainer(objs);
    assert.ok(c.args.includes('--xds-tls-dir=/etc/pier/xds-tls'));
    assert.deepEqual(c.volumeMounts, [{ name: 'xds-tls', mountPath: '/etc/pier/xds-tls', readOnly: true }]);
    assert.deepEqual(find(objs, 'Deployment', 'pier')!.spec.template.spec.volumes, [{ name: 'xds-tls', secret: { secretName: 'my-xds' } }]);
    // The teardown leaves a Secret the user made.
    assert.ok(!find(objs, 'Job', 'pier-hooks-teardown')!.spec.template.spec.containers[0].args.some((a: string) => a.startsWith('--xds-tls-secret')));
    assert.ok(!find(objs, 'Role', 'pier-hooks')!.rules.some((r: Obj) => r.resources.includes('secrets')));
  });

  test('values reach the flags: controllerName, watchNamespaces, leader election, logs, infrastructure', () => {
    const c = pierContainer(render('controllerName=example.com/gw', 'watchNamespaces={a,b}', 'leaderElection.enabled=false', 'logLevel=debug',
      'infrastructure.serviceType=ClusterIP', 'infrastructure.envoyImage=envoy:x', 'infrastructure.replicas=3', 'xds.proxyHost=10.1.2.3'));
    for (const flag of ['--gateway-replicas=3', '--controller-name=example.com/gw', '--watch-namespaces=a,b', '--leader-elect=false', '--log-level=debug', '--gateway-service-type=ClusterIP', '--envoy-image=envoy:x', '--proxy-xds-host=10.1.2.3']) {
      assert.ok(c.args.includes(flag), `${flag} in ${c.args.join(' ')}`);
    }
  });

  test('crds.install=none without a GatewayClass: no setup Job; an unknown channel is refused by name', () => {
    const objs = render('crds.install=none', 'gatewayClass.create=false');
    assert.equal(find(objs, 'Job', 'pier-hooks-setup'), undefined);
    assert.ok(find(objs, 'Job', 'pier-hooks-teardown'));
    const r = spawnSync(helmBinary(), ['template', 'pier', CHART, '--set', 'crds.install=beta'], { encoding: 'utf8' });
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /crds\.install: expected standard, experimental or none, got "beta"/);
  });

  test('metrics.serviceMonitor.enabled renders a ServiceMonitor on the metrics port', () => {
    const sm = find(render('metrics.serviceMonitor.enabled=true'), 'ServiceMonitor')!;
    assert.equal(sm.spec.endpoints[0].port, 'metrics');
  });
});
