import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bus, statusKey, type ObjectStatus } from '../../../src/message/resources';
import { FileStatusWriter } from '../../../src/status/writer';
import { createLogger, silentLogger } from '../../../src/logging/logger';
import { waitFor } from '../../helpers/net';

function routeStatus(accepted: 'True' | 'False', generation: number): ObjectStatus {
  return {
    kind: 'HTTPRoute', namespace: 'default', name: 'web',
    status: {
      parents: [{
        parentRef: { group: 'gateway.networking.k8s.io', kind: 'Gateway', namespace: 'default', name: 'edge' },
        controllerName: 'pier.dev/gateway-controller',
        conditions: [
          { type: 'Accepted', status: accepted, reason: accepted === 'True' ? 'Accepted' : 'NotAllowedByListeners', message: '', observedGeneration: generation },
          { type: 'ResolvedRefs', status: 'True', reason: 'ResolvedRefs', message: '', observedGeneration: generation },
        ],
      }],
    },
  };
}

test('transition times are stamped when a condition changes status, kept otherwise', async () => {
  const bus = new Bus();
  let now = Date.parse('2026-01-01T00:00:00Z');
  const writer = new FileStatusWriter({ bus, logger: silentLogger(), now: () => new Date(now) });
  writer.start();
  const key = statusKey('HTTPRoute', 'default', 'web');
  const conditions = () => {
    const s = writer.get(key);
    return s && s.kind === 'HTTPRoute' ? s.status.parents[0].conditions : undefined;
  };
  try {
    bus.statuses.store(key, routeStatus('True', 1));
    await waitFor('the first status', () => conditions());
    assert.deepEqual(conditions()!.map((c) => c.lastTransitionTime), ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);

    now += 60_000; // same statuses, new generation: times stay
    bus.statuses.store(key, routeStatus('True', 2));
    await waitFor('generation 2', () => (conditions()![0].observedGeneration === 2 ? true : undefined));
    assert.deepEqual(conditions()!.map((c) => c.lastTransitionTime), ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);

    now += 60_000; // Accepted flips: only its time moves
    bus.statuses.store(key, routeStatus('False', 3));
    await waitFor('Accepted=False', () => (conditions()![0].status === 'False' ? true : undefined));
    assert.deepEqual(conditions()!.map((c) => c.lastTransitionTime), ['2026-01-01T00:02:00.000Z', '2026-01-01T00:00:00.000Z']);

    bus.statuses.delete(key);
    await waitFor('the status to go', () => (writer.get(key) === undefined ? true : undefined));
    assert.deepEqual(writer.list(), []);
  } finally {
    await writer.stop();
  }
});

test('policy ancestors and gateway listeners are stamped per entry', async () => {
  const bus = new Bus();
  let now = Date.parse('2026-01-01T00:00:00Z');
  const writer = new FileStatusWriter({ bus, logger: silentLogger(), now: () => new Date(now) });
  writer.start();
  const ancestor = (name: string, accepted: 'True' | 'False') => ({
    ancestorRef: { group: 'gateway.networking.k8s.io', kind: 'Gateway', namespace: 'default', name },
    controllerName: 'pier.dev/gateway-controller',
    conditions: [{ type: 'Accepted', status: accepted, reason: accepted === 'True' ? 'Accepted' : 'NoValidCACertificate', message: '' }],
  });
  const key = statusKey('BackendTLSPolicy', 'default', 'tls');
  const times = () => {
    const s = writer.get(key);
    return s?.kind === 'BackendTLSPolicy' ? s.status.ancestors.map((a) => `${a.ancestorRef.name}:${a.conditions[0].status}@${a.conditions[0].lastTransitionTime}`) : undefined;
  };
  try {
    bus.statuses.store(key, { kind: 'BackendTLSPolicy', namespace: 'default', name: 'tls', status: { ancestors: [ancestor('a', 'True'), ancestor('b', 'True')] } });
    await waitFor('the policy status', () => times());
    now += 60_000;
    bus.statuses.store(key, { kind: 'BackendTLSPolicy', namespace: 'default', name: 'tls', status: { ancestors: [ancestor('a', 'True'), ancestor('b', 'False')] } });
    await waitFor('b to flip', () => (times()?.[1].includes('False') ? true : undefined));
    assert.deepEqual(times(), ['a:True@2026-01-01T00:00:00.000Z', 'b:False@2026-01-01T00:01:00.000Z']);

    const gw = statusKey('Gateway', 'default', 'edge');
    const listener = (name: string, programmed: 'True' | 'False') => ({
      name, supportedKinds: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute' }], attachedRoutes: 0,
      conditions: [{ type: 'Programmed', status: programmed, reason: programmed === 'True' ? 'Programmed' : 'Invalid', message: '' }],
    });
    bus.statuses.store(gw, { kind: 'Gateway', namespace: 'default', name: 'edge', status: { conditions: [], listeners: [listener('http', 'True'), listener('https', 'True')] } });
    await waitFor('the gateway status', () => writer.get(gw));
    now += 60_000;
    bus.statuses.store(gw, { kind: 'Gateway', namespace: 'default', name: 'edge', status: { conditions: [], listeners: [listener('https', 'False'), listener('http', 'True')] } });
    await waitFor('https to flip', () => {
      const s = writer.get(gw);
      return s?.kind === 'Gateway' && s.status.listeners?.[0].conditions[0].status === 'False' ? s.status.listeners : undefined;
    });
    const s = writer.get(gw);
    assert.ok(s?.kind === 'Gateway');
    assert.deepEqual(s.status.listeners?.map((l) => `${l.name}@${l.conditions[0].lastTransitionTime}`), ['https@2026-01-01T00:02:00.000Z', 'http@2026-01-01T00:01:00.000Z']);
  } finally {
    await writer.stop();
  }
});

test('logs a person reads: a batch of changes is one info line counting them by kind and condition; one change is one line naming it; each change at debug', async () => {
  const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
  const logger = createLogger({ level: 'debug', destination: { write: (line: string) => { lines.push(JSON.parse(line) as { level: number; msg: string }); } } });
  const bus = new Bus();
  const writer = new FileStatusWriter({ bus, logger });
  writer.start();
  const route = (name: string, accepted: 'True' | 'False'): ObjectStatus => ({ ...routeStatus(accepted, 1), name } as ObjectStatus);
  const info = () => lines.filter((l) => l.level === 30);
  try {
    // A start: 100 routes at once, 3 of them not accepted.
    for (let i = 0; i < 100; i++) bus.statuses.store(statusKey('HTTPRoute', 'default', `r${i}`), route(`r${i}`, i < 3 ? 'False' : 'True'));
    await waitFor('the batch logged', () => (info().length > 0 ? true : undefined));
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(info().map((l) => ({ msg: l.msg, statuses: l.statuses, kinds: l.kinds, conditions: l.conditions })), [{
      msg: '100 statuses changed (each at debug)', statuses: 100, kinds: { HTTPRoute: 100 },
      conditions: { 'Accepted=False': 3, 'Accepted=True': 97, 'ResolvedRefs=True': 100 },
    }]);
    assert.equal(lines.filter((l) => l.level === 20 && l.msg === 'status changed').length, 100, 'each change at debug');

    // One edit: one line naming the object.
    bus.statuses.store(statusKey('HTTPRoute', 'default', 'r0'), route('r0', 'True'));
    await waitFor('the single change logged', () => (info().length === 2 ? true : undefined));
    assert.deepEqual({ msg: info()[1]!.msg, object: info()[1]!.object }, { msg: 'status changed', object: 'HTTPRoute/default/r0' });
  } finally {
    await writer.stop();
  }
});
