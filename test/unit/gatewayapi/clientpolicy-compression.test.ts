/** ClientPolicy spec.compression to the IR, and the IR to Envoy's compressor filters. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { compressionSettings } from '../../../src/gatewayapi/policies/clientpolicy-compression';
import { compressorHttpFilters } from '../../../src/xds/translator/listeners/compression';
import { parseManifests } from '../../../src/provider/file/parse';

function policy(compression: string): string {
  return [
    'apiVersion: gateway.pier.dev/v1alpha1', 'kind: ClientPolicy', 'metadata: {name: cp, namespace: default}', 'spec:',
    '  targetRefs: [{group: gateway.networking.k8s.io, kind: Gateway, name: gw}]', `  compression: ${compression}`, '',
  ].join('\n');
}

describe('ClientPolicy compression', () => {
  test('algorithms keep the user\'s order, as Envoy library names; unset limits stay unset (Envoy\'s defaults)', () => {
    assert.deepEqual(compressionSettings({ algorithms: ['Zstd', 'Gzip', 'Brotli'] }), { algorithms: ['zstd', 'gzip', 'brotli'] });
  });

  test('a repeated algorithm keeps its first place; media types are lower-cased, each once', () => {
    assert.deepEqual(
      compressionSettings({ algorithms: ['Gzip', 'Brotli', 'Gzip'], minContentLength: 512, contentTypes: ['Text/HTML', 'text/html', 'application/json'] }),
      { algorithms: ['gzip', 'brotli'], minContentLength: 512, contentTypes: ['text/html', 'application/json'] },
    );
  });

  test('one compressor filter per algorithm, in order; only the first chooses itself on q-value ties', () => {
    const filters = compressorHttpFilters({ algorithms: ['brotli', 'zstd', 'gzip'], minContentLength: 100, contentTypes: ['text/plain'] });
    assert.deepEqual(filters.map((f) => f.name), ['envoy.filters.http.compressor/brotli', 'envoy.filters.http.compressor/zstd', 'envoy.filters.http.compressor/gzip']);
    const configs = filters.map((f) => f.typed_config as unknown as Record<string, unknown> & { compressor_library: { name: string; typed_config: { '@type': string } } });
    assert.deepEqual(configs.map((c) => c.choose_first), [true, undefined, undefined]);
    assert.deepEqual(configs.map((c) => c.compressor_library.typed_config['@type'].split('/')[1]), [
      'envoy.extensions.compression.brotli.compressor.v3.Brotli', 'envoy.extensions.compression.zstd.compressor.v3.Zstd', 'envoy.extensions.compression.gzip.compressor.v3.Gzip',
    ]);
    for (const c of configs) assert.deepEqual(c.response_direction_config, { common_config: { min_content_length: { value: 100 }, content_type: ['text/plain'] } });
  });

  test('no settings, no filters; defaults leave Envoy\'s own', () => {
    assert.deepEqual(compressorHttpFilters(undefined), []);
    const [only] = compressorHttpFilters({ algorithms: ['gzip'] });
    assert.deepEqual((only!.typed_config as unknown as { response_direction_config: unknown }).response_direction_config, { common_config: {} });
  });

  test('the schema refuses a repeated or unknown algorithm, an empty list and a malformed media type, naming the field', () => {
    assert.deepEqual(parseManifests(policy('{algorithms: [Zstd, Gzip], minContentLength: 100, contentTypes: [text/html]}'), 'cp.yaml').errors, []);
    const fieldOf = (compression: string): string | undefined => parseManifests(policy(compression), 'cp.yaml').errors[0]?.field;
    assert.match(fieldOf('{algorithms: [Gzip, Gzip]}') ?? '', /^spec\.compression\.algorithms/);
    assert.match(fieldOf('{algorithms: [Deflate]}') ?? '', /^spec\.compression\.algorithms/);
    assert.match(fieldOf('{algorithms: []}') ?? '', /^spec\.compression\.algorithms/);
    assert.match(fieldOf('{algorithms: [Gzip], contentTypes: [html]}') ?? '', /^spec\.compression\.contentTypes/);
    assert.match(fieldOf('{algorithms: [Gzip], minContentLength: 0}') ?? '', /^spec\.compression\.minContentLength/);
  });
});
