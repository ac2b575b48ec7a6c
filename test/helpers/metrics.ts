/** Reading prom-client collectors in tests. */
import assert from 'node:assert/strict';
import type { Registry } from 'prom-client';

/** The sum of a metric's values whose labels include all of labels. */
export async function metricValue(registry: Registry, name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = registry.getSingleMetric(name);
  assert.ok(metric, `metric ${name} is registered`);
  const values = (await metric.get()).values.filter((v) => Object.entries(labels).every(([k, val]) => v.labels[k] === val));
  return values.reduce((n, v) => n + v.value, 0);
}
