/** The docs list names the code defines: every flag, config key and metric, and nothing else. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Registry } from 'prom-client';
import { SERVE_FLAGS } from '../../../src/cli/main';
import { STATUS_FLAGS } from '../../../src/cli/ops/status';
import { CONFIG_DUMP_FLAGS } from '../../../src/cli/ops/config-dump';
import { DEFAULT_CONFIG } from '../../../src/config/config';
import { PierMetrics } from '../../../src/metrics/metrics';
import { WATCH_METRICS_PREFIX } from '../../../src/provider/kubernetes/provider';
import { WatchMetrics } from '../../../src/kubeclient/watch/metrics';
import { kubernetesStatusMetrics } from '../../../src/status/kubernetes/writer';
import { INFRA_WATCH_METRICS_PREFIX, kubernetesInfraMetrics } from '../../../src/infra/kubernetes/controller';
import { XDS_TLS_SECRET_WATCH_METRICS_PREFIX, xdsTlsSecretMetrics } from '../../../src/security/xds-secret';
import { repoRoot } from '../../helpers/paths';

const doc = (name: string): string => readFileSync(path.join(repoRoot(), 'docs', name), 'utf8');
/** Every page of docs/ (the index names them all, see below). */
const DOC_PAGES = ['architecture.md', 'configuration.md', 'operations.md', 'troubleshooting.md', 'security.md', 'kubernetes.md', 'testing.md', 'gateway-api.md', 'development.md'];
const allDocs = (): string => [...DOC_PAGES.map(doc), readFileSync(path.join(repoRoot(), 'README.md'), 'utf8')].join('\n');

function metricNames(): string[] {
  const metrics = new PierMetrics({
    registry: new Registry(), version: '0.0.0',
    sources: { proxies: () => [], encodedResources: () => 0, busEvents: () => ({}), providerErrors: () => 0 },
  });
  // Kubernetes mode registers these in the same registry.
  kubernetesStatusMetrics(metrics.registry);
  new WatchMetrics({ registry: metrics.registry, prefix: WATCH_METRICS_PREFIX });
  kubernetesInfraMetrics(metrics.registry);
  new WatchMetrics({ registry: metrics.registry, prefix: INFRA_WATCH_METRICS_PREFIX });
  new WatchMetrics({ registry: metrics.registry, prefix: XDS_TLS_SECRET_WATCH_METRICS_PREFIX });
  xdsTlsSecretMetrics(metrics.registry);
  return metrics.registry.getMetricsAsArray().map((m) => m.name);
}

describe('docs agree with the code', () => {
  test('configuration.md lists every serve flag and config key, and no flag that does not exist', () => {
    const text = doc('configuration.md');
    const serveFlags = Object.keys(SERVE_FLAGS).filter((f) => f !== 'help');
    for (const flag of serveFlags) assert.ok(text.includes(`\`--${flag}`), `--${flag} is documented`);
    for (const key of Object.keys(DEFAULT_CONFIG)) assert.ok(text.includes(`\`${key}\``), `config key ${key} is documented`);
    const known = new Set([...serveFlags, ...Object.keys(STATUS_FLAGS), ...Object.keys(CONFIG_DUMP_FLAGS)]);
    const documented = [...text.matchAll(/`(?:-\w, )?--([a-z][a-z-]*)/g)].map((m) => m[1]!);
    assert.ok(documented.length >= serveFlags.length);
    for (const flag of documented) assert.ok(known.has(flag), `--${flag} in the docs exists in the code`);
  });

  test('operations.md lists every metric; the docs name no metric that does not exist', () => {
    const names = metricNames();
    const ours = names.filter((n) => !/^pier_(process|nodejs)_/.test(n));
    assert.ok(ours.length >= 15);
    const text = doc('operations.md');
    for (const name of ours) assert.ok(text.includes(`\`${name}\``), `${name} is documented`);
    assert.ok(text.includes('pier_process_*') && text.includes('pier_nodejs_*'), 'the process metrics are documented by prefix');
    const known = new Set(names);
    for (const [token] of allDocs().matchAll(/\bpier_[a-z0-9_]+/g)) {
      if (token.endsWith('_')) continue; // a prefix, as in pier_process_*
      const base = token.replace(/_(bucket|sum|count)$/, '');
      assert.ok(known.has(token) || known.has(base), `${token} in the docs is a metric Pier exports`);
    }
  });

  test('the README points to docs/ and shows pier proxies and /metrics in the quickstart', () => {
    const readme = readFileSync(path.join(repoRoot(), 'README.md'), 'utf8');
    for (const d of ['architecture', 'configuration', 'operations', 'troubleshooting']) assert.ok(readme.includes(`docs/${d}.md`), `README links docs/${d}.md`);
    const quickstart = readme.slice(readme.indexOf('## Quickstart'), readme.indexOf('\n## ', readme.indexOf('## Quickstart') + 5));
    assert.match(quickstart, /pier proxies/);
    assert.match(quickstart, /\/metrics/);
  });

  test('the README is a short entry point: at most 200 lines, the defaults, the commands, the docs index', () => {
    const readme = readFileSync(path.join(repoRoot(), 'README.md'), 'utf8');
    assert.ok(readme.split('\n').length <= 200, `README.md has ${readme.split('\n').length} lines`);
    for (const text of ['npm install', 'npm start', 'npm test', 'helm install', 'docs/README.md']) assert.ok(readme.includes(text), `README says ${text}`);
    const defaults = [DEFAULT_CONFIG.xdsAddress, DEFAULT_CONFIG.adminAddress, DEFAULT_CONFIG.controllerName];
    for (const d of defaults) assert.ok(readme.includes(`\`${d}\``), `README states the default ${d}`);
  });

  test('docs/README.md indexes every page of docs/, and every page it links exists', () => {
    const index = doc('README.md');
    const pages = readdirSync(path.join(repoRoot(), 'docs')).filter((f) => f.endsWith('.md') && f !== 'README.md').sort();
    assert.deepEqual([...DOC_PAGES].sort(), pages, 'DOC_PAGES lists the pages of docs/');
    for (const page of pages) assert.ok(index.includes(`](${page})`), `the index links ${page}`);
    for (const [, target] of index.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)) {
      if (/^https?:/.test(target!)) continue;
      assert.ok(existsSync(path.join(repoRoot(), 'docs', target!)), `${target} linked from the index exists`);
    }
  });
});
