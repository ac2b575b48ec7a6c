import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { corsPolicy, originMatcher } from '../../../src/xds/translator/listeners/cors';

function matches(origin: string, value: string): boolean {
  const m = originMatcher(origin);
  if (m.exact !== undefined) return m.exact === value;
  // Envoy's safe_regex matches the whole value.
  return new RegExp(`^(?:${m.safe_regex?.regex ?? ''})$`).test(value);
}

describe('CORS policy', () => {
  test('origins: exact, "*" for any, and a wildcard host that spans DNS labels', () => {
    assert.deepEqual(originMatcher('https://www.foo.com'), { exact: 'https://www.foo.com' });
    assert.ok(matches('*', 'http://anything.test:8080'));
    assert.ok(matches('https://*.bar.com', 'https://www.bar.com'));
    assert.ok(matches('https://*.bar.com', 'https://xpto.www.bar.com'));
    assert.ok(!matches('https://*.bar.com', 'https://bar.com'));
    assert.ok(!matches('https://*.bar.com', 'http://www.bar.com'));
    assert.ok(!matches('https://*.bar.com', 'https://www.barxcom'), 'dots are literal');
    assert.ok(!matches('https://*.bar.com', 'https://evil.test/x.bar.com'));
  });

  test('no literal "*" exposed when credentials are allowed; max age always set', () => {
    const base = { allowOrigins: ['*'], allowMethods: [], allowHeaders: [], exposeHeaders: ['*'], maxAgeSeconds: 5 };
    assert.equal(corsPolicy({ ...base, allowCredentials: true }).expose_headers, undefined);
    assert.equal(corsPolicy({ ...base, allowCredentials: false }).expose_headers, '*');
    assert.equal(corsPolicy({ ...base, allowCredentials: false }).allow_credentials, undefined);
    assert.equal(corsPolicy({ ...base, allowCredentials: false }).max_age, '5');
  });
});
