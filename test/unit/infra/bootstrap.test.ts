/**
 * The bootstrap's stats settings: Pier's lean defaults (traffic stats made on first use, no
 * per-cluster stats of features Pier never configures), a ProxyConfig's stats.full (Envoy's own
 * defaults back), and an inclusion list, each accepted by Envoy itself (--mode validate).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildBootstrap, ENVOY_FLAGS, LEAN_STATS, type BootstrapOptions } from '../../../src/infra/bootstrap';
import { requireEnvoy } from '../../helpers/tools';

const BASE: BootstrapOptions = {
  gateway: 'default/edge', nodeId: 'default/edge/test', xdsHost: '127.0.0.1', xdsPort: 18000, adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 0,
};

interface StatsPart { stats_config?: { stats_matcher?: unknown; stats_tags?: unknown }; deferred_stat_options?: unknown }
type Pattern = { suffix?: string; contains?: string; safe_regex?: { regex: string } };
const statsPart = (o: BootstrapOptions): StatsPart => {
  const b = buildBootstrap(o) as StatsPart;
  return { stats_config: b.stats_config, deferred_stat_options: b.deferred_stat_options };
};

const LEAN_MATCHER: { exclusion_list: { patterns: Pattern[] } } = {
  exclusion_list: {
    patterns: [
      { suffix: '.lb_subsets_active' }, { suffix: '.lb_subsets_created' }, { suffix: '.lb_subsets_fallback' }, { suffix: '.lb_subsets_fallback_panic' },
      { suffix: '.lb_subsets_removed' }, { suffix: '.lb_subsets_selected' },
      { suffix: '.lb_zone_cluster_too_small' }, { suffix: '.lb_zone_no_capacity_left' }, { suffix: '.lb_zone_routing_all_directly' },
      { suffix: '.lb_zone_routing_cross_zone' }, { suffix: '.lb_zone_routing_sampled' },
      { suffix: '.lb_local_cluster_not_ok' }, { suffix: '.lb_recalculate_zone_structures' },
      { suffix: '.assignment_stale' }, { suffix: '.assignment_timeout_received' }, { suffix: '.assignment_use_cached' },
      { contains: '.circuit_breakers.high.' },
      { safe_regex: { regex: '^cluster\\..+\\.update_duration$' } },
    ],
  },
};

describe('bootstrap stats settings', () => {
  test('by default: deferred creation of stats, and the per-cluster stats of features Pier never configures left out', () => {
    assert.deepEqual(statsPart(BASE), {
      stats_config: { stats_matcher: LEAN_MATCHER },
      deferred_stat_options: { enable_deferred_creation_stats: true },
    });
    assert.equal(LEAN_STATS.deferredCreation, true);
  });

  test('the left-out stats are none that an operator reads: request, connection, membership, DEFAULT circuit breakers and config-update stats stay', () => {
    const patterns = LEAN_MATCHER.exclusion_list.patterns;
    const excluded = (name: string): boolean => patterns.some((p) => ('suffix' in p ? name.endsWith(p.suffix!)
      : 'contains' in p ? name.includes(p.contains!) : new RegExp(p.safe_regex!.regex).test(name)));
    for (const kept of ['upstream_rq_total', 'upstream_rq_2xx', 'upstream_rq_5xx', 'upstream_rq_time', 'upstream_cx_active', 'upstream_cx_connect_fail',
      'membership_healthy', 'membership_total', 'lb_healthy_panic', 'circuit_breakers.default.rq_open', 'update_success', 'update_rejected']) {
      assert.equal(excluded(`cluster.default/web/80.${kept}`), false, kept);
    }
    assert.equal(excluded('http.default/edge/http.downstream_rq_total'), false);
    assert.equal(excluded('cluster.default/web/80.lb_zone_routing_sampled'), true);
    assert.equal(excluded('cluster.default/web/80.circuit_breakers.high.rq_open'), true);
    assert.equal(excluded('cluster.default/web/80.update_duration'), true);
    for (const kept of ['cluster_manager.cds.update_duration', 'http.edge.rds.edge.update_duration', 'listener_manager.lds.update_duration']) assert.equal(excluded(kept), false, kept);
  });

  test('stats.full: Envoy\'s own defaults (no deferred creation, nothing left out), tags still added', () => {
    assert.deepEqual(statsPart({ ...BASE, stats: { full: true } }), { stats_config: undefined, deferred_stat_options: undefined });
    assert.deepEqual(statsPart({ ...BASE, stats: { full: true, tags: [{ name: 'team', value: 'web' }] } }),
      { stats_config: { stats_tags: [{ tag_name: 'team', fixed_value: 'web' }] }, deferred_stat_options: undefined });
  });

  test('an inclusion list replaces the exclusions (Envoy takes one matcher) and keeps deferred creation', () => {
    assert.deepEqual(statsPart({ ...BASE, stats: { inclusionPrefixes: ['http.'] } }), {
      stats_config: { stats_matcher: { inclusion_list: { patterns: [{ prefix: 'http.' }] } } },
      deferred_stat_options: { enable_deferred_creation_stats: true },
    });
  });

  test('every worker makes its copy of a cluster on first use, whatever the stats settings', () => {
    for (const stats of [undefined, { full: true }]) {
      assert.deepEqual(buildBootstrap({ ...BASE, ...(stats ? { stats } : {}) }).cluster_manager, { enable_deferred_cluster_creation: true });
    }
  });

  test('Envoy accepts each (envoy --mode validate)', () => {
    const envoy = requireEnvoy();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-bootstrap-stats-'));
    try {
      for (const [name, stats] of [['lean', undefined], ['full', { full: true }], ['inclusion', { inclusionPrefixes: ['http.'] }]] as const) {
        const file = path.join(dir, `${name}.json`);
        writeFileSync(file, JSON.stringify(buildBootstrap({ ...BASE, ...(stats ? { stats } : {}) })));
        execFileSync(envoy, ['--mode', 'validate', '-c', file, ...ENVOY_FLAGS, '--log-level', 'error'], { stdio: 'pipe' });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
