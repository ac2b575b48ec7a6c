/** What the Kubernetes provider watches and what it publishes of each object. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TABLE_NAMES } from '../../../../src/message/tables';
import { READABLE_SECRETS, WATCHED_KINDS, watchScopes } from '../../../../src/provider/kubernetes/kinds';
import { observedStatus, publishable, trimmed } from '../../../../src/provider/kubernetes/publish';
import { validatePartialConfig } from '../../../../src/config/config';

test('every bus table is filled by exactly one watched kind; Secrets without Helm releases, tokens and registry credentials', () => {
  assert.deepEqual(WATCHED_KINDS.map((k) => k.table).sort(), [...TABLE_NAMES].sort());
  assert.equal(WATCHED_KINDS.find((k) => k.resource.kind === 'Secret')?.listOptions?.fieldSelector,
    'type!=helm.sh/release.v1,type!=kubernetes.io/service-account-token,type!=kubernetes.io/dockercfg,type!=kubernetes.io/dockerconfigjson,type!=bootstrap.kubernetes.io/token');
});

test('scopes: all namespaces by default; with --watch-namespaces one watch per namespace, Namespaces by name, GatewayClasses whole', () => {
  assert.deepEqual(watchScopes(WATCHED_KINDS, []).map((s) => s.instance), WATCHED_KINDS.map((k) => k.resource.plural));
  const scopes = watchScopes(WATCHED_KINDS, ['a', 'b']);
  assert.deepEqual(scopes.filter((s) => s.kind.resource.kind === 'GatewayClass').map((s) => [s.instance, s.namespace]), [['gatewayclasses', undefined]]);
  assert.deepEqual(scopes.filter((s) => s.kind.resource.kind === 'HTTPRoute').map((s) => [s.instance, s.namespace]), [['httproutes@a', 'a'], ['httproutes@b', 'b']]);
  assert.deepEqual(scopes.filter((s) => s.kind.resource.kind === 'Namespace').map((s) => s.listOptions?.fieldSelector), ['metadata.name=a', 'metadata.name=b']);
  assert.deepEqual(scopes.filter((s) => s.kind.resource.kind === 'Secret').map((s) => s.listOptions?.fieldSelector), [READABLE_SECRETS.fieldSelector, READABLE_SECRETS.fieldSelector]);
});

test('published objects carry no managedFields, status or resourceVersion (a status write changes nothing Pier reads)', () => {
  const live = {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute',
    metadata: { name: 'web', namespace: 'default', generation: 3, resourceVersion: '42', uid: 'u', managedFields: [{ manager: 'kubectl' }] },
    spec: { parentRefs: [{ name: 'edge' }] }, status: { parents: [] },
  };
  const out = publishable(live);
  assert.deepEqual(out, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'web', namespace: 'default', generation: 3, uid: 'u' }, spec: { parentRefs: [{ name: 'edge' }] } });
  assert.deepEqual(publishable({ ...live, metadata: { ...live.metadata, resourceVersion: '43' }, status: { parents: [{}] } }), out);
  assert.equal(live.metadata.resourceVersion, '42', 'the input is left alone');
});

test('what the watches keep: no managedFields or last-applied copy; status and resourceVersion stay for the status writer', () => {
  const live = {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute',
    metadata: {
      name: 'web', namespace: 'default', resourceVersion: '42', managedFields: [{ manager: 'kubectl' }],
      annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{"big":"copy"}', team: 'a' },
    },
    spec: { parentRefs: [{ name: 'edge' }] }, status: { parents: [] },
  };
  const kept = trimmed(live);
  assert.deepEqual(kept, { ...live, metadata: { name: 'web', namespace: 'default', resourceVersion: '42', annotations: { team: 'a' } } });
  assert.deepEqual(observedStatus('HTTPRoute', kept), ['HTTPRoute/default/web', { resourceVersion: '42', status: { parents: [] } }]);
  assert.ok(live.metadata.managedFields, 'the input is left alone');
});

test('settings: provider, watchNamespaces and leaderElect are checked', () => {
  assert.deepEqual(validatePartialConfig({ provider: 'kubernetes', watchNamespaces: 'a, b-2', leaderElect: false }, 'x'), { provider: 'kubernetes', watchNamespaces: 'a, b-2', leaderElect: false });
  assert.throws(() => validatePartialConfig({ provider: 'k8s' }, 'pier.yaml'), /pier\.yaml: provider: expected one of file, kubernetes/);
  assert.throws(() => validatePartialConfig({ watchNamespaces: 'ok,Not_OK' }, 'x'), /"Not_OK" is not a namespace name/);
});
