import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { RE2JS } from '@bufbuild/re2';
import type { ExternalAuth } from '../../../src/ir/types';
import { extAuthzFilterName, extAuthzHttpFilters, extAuthzPerFilterConfig, namesOtherThan } from '../../../src/xds/translator/listeners/extauthz';

const WORDS = ['host', 'content-length', 'content-type', 'te', 'transfer-encoding', 'date'];

/** Whether any matcher matches the whole name, as Envoy's RE2 does. */
function allowed(name: string): boolean {
  return namesOtherThan(WORDS, ':').some((m) => RE2JS.compile(m.safe_regex!.regex!).matches(name));
}

const auth = (over: Partial<ExternalAuth> = {}): ExternalAuth => ({
  protocol: 'http',
  service: { clusterName: 'default/auth/8080', weight: 1, protocol: 'http', endpointsOf: { namespace: 'default', service: 'auth', portName: '' } },
  allowedHeaders: [],
  allowedResponseHeaders: [],
  ...over,
});

describe('ext_authz', () => {
  test('namesOtherThan matches every name but the given words and names starting with a refused character', () => {
    for (const w of WORDS) assert.ok(!allowed(w), `${w} is refused`);
    assert.ok(!allowed(':status'));
    for (const name of ['x-user', 'hos', 'hosts', 'content', 'content-', 'content-lengths', 't', 'tea', 'transfer', 'd', 'dates', 'authorization', 'set-cookie']) {
      assert.ok(allowed(name), `${name} is allowed`);
    }
  });

  test('the same setup is one filter; any difference in settings is another', () => {
    assert.equal(extAuthzFilterName(auth()), extAuthzFilterName(auth()));
    const names = new Set([auth(), auth({ allowedHeaders: ['x-a'] }), auth({ pathPrefix: '/check' }), auth({ forwardBodyBytes: 10 }), auth({ allowedResponseHeaders: ['x-b'] })].map(extAuthzFilterName));
    assert.equal(names.size, 5);
    const filters = extAuthzHttpFilters([auth(), auth(), auth({ pathPrefix: '/check' })]);
    assert.equal(filters.length, 2);
    assert.ok(filters.every((f) => f.disabled === true), 'disabled until a route enables them');
    assert.deepEqual(Object.keys(extAuthzPerFilterConfig(auth())), [extAuthzFilterName(auth())]);
  });

  test('gRPC checks name the service as :authority (the cluster name is no host name)', () => {
    const grpc = auth({ protocol: 'grpc', service: { clusterName: 'default/auth/9000/h2c', weight: 1, protocol: 'h2c', endpointsOf: { namespace: 'default', service: 'auth', portName: '' } } });
    const [filter] = extAuthzHttpFilters([grpc]);
    const config = filter!.typed_config as { grpc_service?: { envoy_grpc?: { authority?: string } }; status_on_error?: { code?: string }; failure_mode_allow?: boolean };
    assert.equal(config.grpc_service?.envoy_grpc?.authority, 'auth.default');
    assert.equal(config.failure_mode_allow, false, 'fail closed');
    assert.equal(config.status_on_error?.code, 'ServiceUnavailable');
  });
});
