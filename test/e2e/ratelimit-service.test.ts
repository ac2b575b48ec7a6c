/**
 * The global rate limit tooling against the real pieces: Redis (Debian's redis-server) and the
 * envoyproxy/ratelimit service (scripts/build-ratelimit.mjs), both on 127.0.0.1, called with
 * the real grpcurl. A limit answers OK until it is spent, then OVER_LIMIT; the count lives in
 * Redis (a second service on the same Redis sees it at once); a config file written into the
 * watched directory is loaded without a restart; the configuration Pier generates for its
 * global limits is loaded and counts each rule's descriptors as the proxies send them.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { waitFor } from '../helpers/net';
import { RedisServer } from '../helpers/redis';
import { RateLimitService } from '../helpers/ratelimit';
import { rateLimitServiceConfig, renderServiceConfig } from '../../src/ratelimit/serviceconfig';
import { descriptorEntries } from '../../src/ir/ratelimit';
import type { GlobalRateLimitRule } from '../../src/ir/types';

const DOMAIN = 'tooling';

/** A limit per day: a window boundary (midnight UTC) cannot fall inside the test's few seconds of requests but once in a blue moon. */
function config(limits: Record<string, number>): string {
  return [
    `domain: ${DOMAIN}`,
    'descriptors:',
    ...Object.entries(limits).flatMap(([value, perDay]) => [
      '  - key: generic_key',
      `    value: ${value}`,
      '    rate_limit:',
      '      unit: day',
      `      requests_per_unit: ${perDay}`,
    ]),
    '',
  ].join('\n');
}

describe('the rate limit service with Redis', () => {
  let dir: string;
  let redis: RedisServer;
  let service: RateLimitService;
  const others: RateLimitService[] = [];

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-ratelimit-'));
    redis = await RedisServer.start(dir);
    service = await RateLimitService.start(dir, { redis: redis.address, configs: { 'limits.yaml': config({ three: 3, reloaded: 1 }) } });
  });

  after(async () => {
    for (const s of others) await s.stop();
    await service?.stop();
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('OK until the limit is spent, then OVER_LIMIT, counted in Redis', async () => {
    const three = [[{ key: 'generic_key', value: 'three' }]];
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await service.shouldRateLimit(DOMAIN, three));
    assert.deepEqual(answers.map((a) => a.overallCode), ['OK', 'OK', 'OK', 'OVER_LIMIT'], JSON.stringify(answers));
    assert.deepEqual(answers[0]?.statuses?.[0]?.currentLimit, { requestsPerUnit: 3, unit: 'DAY' });
    // proto3 JSON leaves a zero out.
    assert.deepEqual(answers.map((a) => a.statuses?.[0]?.limitRemaining ?? 0), [2, 1, 0, 0]);

    // The service's key is <domain>_<key>_<value>_<window start>; its value is the count.
    const keys = await redis.keys(`${DOMAIN}_generic_key_three_*`);
    assert.equal(keys.length, 1, `one counter in Redis: ${keys.join(', ')}`);
    assert.equal(await redis.command('GET', keys[0] as string), '4');
  });

  test('a second service on the same Redis shares the count', async () => {
    const second = await RateLimitService.start(path.join(dir, 'second'), { redis: redis.address, configs: { 'limits.yaml': config({ three: 3, reloaded: 1 }) } });
    others.push(second);
    const answer = await second.shouldRateLimit(DOMAIN, [[{ key: 'generic_key', value: 'three' }]]);
    assert.equal(answer.overallCode, 'OVER_LIMIT', JSON.stringify(answer));
    // A fresh descriptor, spent through both services together.
    const shared = [[{ key: 'generic_key', value: 'reloaded' }]];
    assert.equal((await second.shouldRateLimit(DOMAIN, shared)).overallCode, 'OK');
    assert.equal((await service.shouldRateLimit(DOMAIN, shared)).overallCode, 'OVER_LIMIT');
  });

  test('a descriptor without a limit is not limited', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await service.shouldRateLimit(DOMAIN, [[{ key: 'generic_key', value: 'unlisted' }]]));
    assert.deepEqual(answers.map((a) => a.overallCode), ['OK', 'OK', 'OK']);
  });

  test('a config file written into the watched directory is loaded without a restart', async () => {
    service.writeConfig('limits.yaml', config({ three: 3, reloaded: 100, added: 50 }));
    // A descriptor only the new config limits says when it is in force (a load count would not:
    // one write can fire several reloads).
    await waitFor('the new config to be loaded', async () => {
      const probe = await service.shouldRateLimit(DOMAIN, [[{ key: 'generic_key', value: 'added' }]]);
      return probe.statuses?.[0]?.currentLimit ? true : undefined;
    }, { timeoutMs: 30_000, intervalMs: 200 });
    const answer = await service.shouldRateLimit(DOMAIN, [[{ key: 'generic_key', value: 'reloaded' }]]);
    assert.equal(answer.overallCode, 'OK', JSON.stringify(answer));
    assert.deepEqual(answer.statuses?.[0]?.currentLimit, { requestsPerUnit: 100, unit: 'DAY' });
    assert.deepEqual(service.configErrors, []);
  });

  test('a config the service cannot read is refused and the last good one keeps serving', async () => {
    const errors = service.configErrors.length;
    service.writeConfig('limits.yaml', `domain: ${DOMAIN}\ndescriptors:\n  - key: generic_key\n    rate_limit:\n      unit: fortnight\n      requests_per_unit: 1\n`);
    await waitFor('the bad config to be refused', () => (service.configErrors.length > errors ? true : undefined), { timeoutMs: 30_000, intervalMs: 100 });
    assert.match(service.configErrors.at(-1) ?? '', /fortnight/);
    const answer = await service.shouldRateLimit(DOMAIN, [[{ key: 'generic_key', value: 'reloaded' }]]);
    assert.deepEqual(answer.statuses?.[0]?.currentLimit, { requestsPerUnit: 100, unit: 'DAY' });
    // The service loads its files together: one bad file holds every other back. Put it right.
    service.writeConfig('limits.yaml', config({ three: 3, reloaded: 100, added: 50 }));
  });

  test('loads the configuration Pier generates, and counts per rule, per header value and per client address', async () => {
    const rules: GlobalRateLimitRule[] = [
      { id: 'shop/per-user/0', headers: [{ name: 'X-User' }], requests: 2, unit: 'day' },
      { id: 'shop/office/0', headers: [{ name: 'x-plan', value: 'free' }], source: { address: '10.0.0.0', prefixLength: 8, ipv6: false, perAddress: true }, requests: 1, unit: 'hour' },
    ];
    service.writeConfig('pier.yaml', renderServiceConfig(rateLimitServiceConfig('pier-generated', rules)));
    /** The descriptor a proxy sends for rule i, with the request's header values and client address. */
    const sent = (i: number, request: { header?: string; address?: string }): { key: string; value: string }[] => descriptorEntries(rules[i]!).map((e) => {
      if (e.value !== undefined) return { key: e.key, value: e.value };
      return { key: e.key, value: ('header' in e.from ? request.header : request.address) ?? '' };
    });
    await waitFor('the generated config to be loaded', async () => {
      const probe = await service.shouldRateLimit('pier-generated', [sent(0, { header: 'probe' })]);
      return probe.statuses?.[0]?.currentLimit ? true : undefined;
    }, { timeoutMs: 30_000, intervalMs: 200 });
    const codes = async (i: number, request: { header?: string; address?: string }, n: number): Promise<string[]> => {
      const out: string[] = [];
      for (let k = 0; k < n; k++) out.push((await service.shouldRateLimit('pier-generated', [sent(i, request)])).overallCode);
      return out;
    };
    assert.deepEqual(await codes(0, { header: 'alice' }, 3), ['OK', 'OK', 'OVER_LIMIT']);
    assert.deepEqual(await codes(0, { header: 'bob' }, 1), ['OK'], 'another header value has a count of its own');
    assert.deepEqual(await codes(1, { header: 'free', address: '10.1.2.3' }, 2), ['OK', 'OVER_LIMIT']);
    assert.deepEqual(await codes(1, { header: 'free', address: '10.1.2.4' }, 1), ['OK'], 'another client address has a count of its own');
    assert.deepEqual(service.configErrors.filter((l) => !/fortnight/.test(l)), []);
  });
});
