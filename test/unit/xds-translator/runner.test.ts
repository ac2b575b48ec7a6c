import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Bus } from '../../../src/message/resources';
import { createLogger } from '../../../src/logging/logger';
import type { XdsIR } from '../../../src/ir/types';
import { XdsTranslatorRunner } from '../../../src/xds/translator/runner';
import { translateGateway } from '../../../src/xds/translator/translate';
import { loadCaseIR, splitTestEndpoints } from './support';

/** Polls until check() holds; bounded in time and attempts. */
async function waitFor(what: string, check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  assert.fail(`timed out waiting for ${what}`);
}

function capturingLogger(): { logger: ReturnType<typeof createLogger>; lines: () => Record<string, unknown>[] } {
  const raw: string[] = [];
  const logger = createLogger({ level: 'info', destination: { write: (s: string) => { raw.push(s); } } });
  return { logger, lines: () => raw.map((s) => JSON.parse(s) as Record<string, unknown>) };
}

describe('XdsTranslatorRunner', () => {
  test('translates IR present before start, then updates and deletes', async () => {
    const bus = new Bus();
    const { logger } = capturingLogger();
    const single = splitTestEndpoints(loadCaseIR('http-single-route')).ir;
    bus.xdsIR.store('default/eg', single);
    const runner = new XdsTranslatorRunner({ bus, logger });
    runner.start();
    try {
      await waitFor('the first translation', () => bus.xdsResources.load('default/eg') !== undefined);
      // Resources without endpoints, and where each cluster's endpoints come from.
      const expected = translateGateway(single);
      assert.deepEqual(bus.xdsResources.load('default/eg'), expected.resources);
      assert.deepEqual(bus.endpointBindings.load('default/eg'), expected.bindings);
      assert.deepEqual(bus.endpointBindings.load('default/eg')?.map((b) => b.cluster), ['default/backend/3000']);

      const tcp: XdsIR = { ...splitTestEndpoints(loadCaseIR('tcp-listener')).ir, gateway: 'other/gw' };
      bus.xdsIR.store('other/gw', tcp);
      await waitFor('the second gateway', () => bus.xdsResources.load('other/gw') !== undefined);
      assert.deepEqual(bus.xdsResources.load('other/gw'), translateGateway(tcp).resources);

      bus.xdsIR.delete('default/eg');
      await waitFor('the delete', () => bus.xdsResources.load('default/eg') === undefined);
      assert.deepEqual(bus.xdsResources.keys(), ['other/gw']);
      assert.deepEqual(bus.endpointBindings.keys(), ['other/gw']);
    } finally {
      await runner.stop();
      bus.close();
    }
  });

  test('logs a failed translation with the gateway key, keeps the last good resources, and carries on', async () => {
    const bus = new Bus();
    const { logger, lines } = capturingLogger();
    const runner = new XdsTranslatorRunner({ bus, logger });
    runner.start();
    try {
      const good = loadCaseIR('http-single-route');
      bus.xdsIR.store('default/eg', good);
      await waitFor('the good translation', () => bus.xdsResources.load('default/eg') !== undefined);

      // Not a valid IR (no lists): the translator throws on it.
      bus.xdsIR.store('default/eg', { gateway: 'default/eg' } as unknown as XdsIR);
      await waitFor('the error log', () => lines().some((l) => l.level === 50 && l.gateway === 'default/eg'));
      assert.deepEqual(bus.xdsResources.load('default/eg'), translateGateway(good).resources);

      const next = loadCaseIR('udp-listener');
      bus.xdsIR.store('default/eg', next);
      await waitFor('the next good translation', () => (bus.xdsResources.load('default/eg')?.listeners.length ?? 0) === 3);
      assert.equal(lines().find((l) => l.level === 50)?.component, 'xds-translator');
    } finally {
      await runner.stop();
      bus.close();
    }
  });

  test('stop() ends the subscription; start() twice subscribes once', async () => {
    const bus = new Bus();
    const runner = new XdsTranslatorRunner({ bus, logger: capturingLogger().logger });
    runner.start();
    runner.start();
    assert.equal(bus.xdsIR.subscriberCount, 1);
    await runner.stop();
    assert.equal(bus.xdsIR.subscriberCount, 0);
    bus.xdsIR.store('default/eg', loadCaseIR('http-single-route'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(bus.xdsResources.load('default/eg'), undefined);
    bus.close();
  });
});
