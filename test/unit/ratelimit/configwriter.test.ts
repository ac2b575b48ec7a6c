/**
 * The writer of the rate limit service's file: follows the Gateways' IR (a real WatchableMap),
 * writes the file whole when the global limits change, leaves it alone when they do not.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import type { GlobalRateLimitRule, XdsIR } from '../../../src/ir/types';
import { WatchableMap } from '../../../src/message/watchable';
import { createLogger } from '../../../src/logging/logger';
import { FILE_NAME, FileSink, RateLimitConfigWriter } from '../../../src/ratelimit/configwriter';
import { eventually } from '../../helpers/eventually';

function irWith(gateway: string, rules: GlobalRateLimitRule[]): XdsIR {
  const route = {
    name: `httproute/default/r/rule/0/match/0`, pathMatch: { pathPrefix: '/' }, headerMatches: [], queryParamMatches: [], origin: 'test',
    destination: { settings: [] },
    policies: { rateLimit: { source: { kind: 'RateLimitPolicy', namespace: 'default', name: 'p', target: 'HTTPRoute default/r' }, id: 'x', global: { failOpen: true, rules } } },
  };
  return { gateway, http: [{ name: `${gateway}/http`, address: '0.0.0.0', port: 80, hostnames: ['*'], virtualHosts: [{ name: '*', domains: ['*'], routes: [route] }] }], tcp: [], udp: [] } as unknown as XdsIR;
}

const rule = (id: string, requests: number): GlobalRateLimitRule => ({ id, headers: [], requests, unit: 'minute' });

describe('rate limit service configuration writer', () => {
  let dir: string;
  let xdsIR: WatchableMap<string, XdsIR>;
  let writer: RateLimitConfigWriter;
  const written = (): { domain: string; descriptors: { value: string; rate_limit: { requests_per_unit: number } }[] } => parse(readFileSync(path.join(dir, FILE_NAME), 'utf8'));

  before(() => {
    dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'pier-rl-writer-')), 'config');
    xdsIR = new WatchableMap();
    writer = new RateLimitConfigWriter({ xdsIR, sink: new FileSink(dir), domain: 'test', logger: createLogger({ level: 'silent' }) });
    writer.start();
  });

  after(async () => {
    await writer.stop();
    xdsIR.close();
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  test('at start: the directory made, the domain with no descriptors', async () => {
    await eventually(() => assert.deepEqual(written(), { domain: 'test', descriptors: [] }), 'the first file');
  });

  test('the rules of every Gateway, each once; a Gateway gone takes its rules along', async () => {
    xdsIR.store('default/a', irWith('default/a', [rule('default/p/0', 5), rule('default/p/1', 6)]));
    xdsIR.store('default/b', irWith('default/b', [rule('default/p/0', 5), rule('default/q/0', 7)]));
    await eventually(() => assert.deepEqual(written().descriptors.map((d) => d.value), ['default/p/0', 'default/p/1', 'default/q/0']), 'both Gateways\' rules');
    xdsIR.delete('default/b');
    await eventually(() => assert.deepEqual(written().descriptors.map((d) => d.value), ['default/p/0', 'default/p/1']), 'b\'s rule gone');
  });

  test('an IR change that leaves the rules as they were does not rewrite the file; no staged file is left behind', async () => {
    const before = statSync(path.join(dir, FILE_NAME)).ino;
    xdsIR.store('default/c', irWith('default/c', []));
    xdsIR.store('default/a', irWith('default/a', [rule('default/p/1', 6), rule('default/p/0', 5)]));
    xdsIR.store('default/d', irWith('default/d', [rule('default/p/0', 9)]));
    await eventually(() => assert.equal(written().descriptors[0]?.rate_limit.requests_per_unit, 5), 'the first sighting of a rule describes it');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(statSync(path.join(dir, FILE_NAME)).ino, before, 'renaming a new file into place would change the inode');
    assert.deepEqual(readdirSync(dir), [FILE_NAME]);
  });
});
