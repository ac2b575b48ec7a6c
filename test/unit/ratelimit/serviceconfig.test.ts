/**
 * The rate limit service's configuration Pier writes: one descriptor tree per global rule,
 * mirroring the descriptor the proxies send (src/ir/ratelimit.ts). Pinned by a golden file
 * (test/golden/ratelimit/service-config.yaml; PIER_UPDATE_GOLDEN=1 regenerates it).
 */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { descriptorEntries } from '../../../src/ir/ratelimit';
import type { GlobalRateLimitRule } from '../../../src/ir/types';
import { rateLimitServiceConfig, renderServiceConfig } from '../../../src/ratelimit/serviceconfig';
import { testData } from '../../helpers/paths';

const update = process.env.PIER_UPDATE_GOLDEN === '1';

export const SAMPLE_RULES: GlobalRateLimitRule[] = [
  { id: 'shop/per-user/0', headers: [{ name: 'X-User' }], requests: 10, unit: 'minute' },
  { id: 'shop/everyone/0', headers: [], requests: 1000, unit: 'hour' },
  { id: 'shop/everyone/1', headers: [{ name: 'x-plan', value: 'free' }], source: { address: '10.0.0.0', prefixLength: 8, ipv6: false, perAddress: true }, requests: 5, unit: 'second' },
  { id: 'shop/v6/0', headers: [], source: { address: '2001:db8::', prefixLength: 32, ipv6: true, perAddress: false }, requests: 7, unit: 'day' },
];

describe('rate limit service configuration', () => {
  test('matches the golden file', () => {
    const text = renderServiceConfig(rateLimitServiceConfig('pier', SAMPLE_RULES));
    const file = testData('golden', 'ratelimit', 'service-config.yaml');
    if (update) writeFileSync(file, text);
    assert.ok(existsSync(file), `${file} is missing: run with PIER_UPDATE_GOLDEN=1 to create it`);
    assert.equal(text, readFileSync(file, 'utf8'), 'output differs from the golden file (PIER_UPDATE_GOLDEN=1 regenerates)');
  });

  test('each rule is one tree whose path is its descriptor, the limit on the last entry', () => {
    const config = rateLimitServiceConfig('pier', SAMPLE_RULES);
    assert.deepEqual(config.descriptors.map((d) => d.value), ['shop/everyone/0', 'shop/everyone/1', 'shop/per-user/0', 'shop/v6/0']);
    for (const rule of SAMPLE_RULES) {
      let level = config.descriptors;
      const entries = descriptorEntries(rule);
      entries.forEach((entry, i) => {
        const node = level.find((d) => d.key === entry.key && d.value === entry.value);
        assert.ok(node, `${rule.id}: entry ${i} (${entry.key}=${entry.value ?? '*'}) in the tree`);
        if (i === entries.length - 1) assert.deepEqual(node.rate_limit, { unit: rule.unit, requests_per_unit: rule.requests });
        else assert.equal(node.rate_limit, undefined);
        level = node.descriptors ?? [];
      });
    }
  });

  test('a rule seen twice (two Gateways) is listed once; output does not depend on order', () => {
    const a = rateLimitServiceConfig('pier', [...SAMPLE_RULES, SAMPLE_RULES[0]!]);
    const b = rateLimitServiceConfig('pier', [...SAMPLE_RULES].reverse());
    assert.deepEqual(a, b);
    assert.equal(a.descriptors.length, SAMPLE_RULES.length);
  });

  test('no rules: the domain alone, valid YAML', () => {
    const text = renderServiceConfig(rateLimitServiceConfig('pier', []));
    assert.deepEqual(parse(text), { domain: 'pier', descriptors: [] });
  });
});
