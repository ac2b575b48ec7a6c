import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { syncState } from '../../../src/xds/server';
import { conditionsColumn, sortSummaries, summarizeStatus } from '../../../src/cli/ops/status';
import { formatTable, outputFormat } from '../../../src/cli/ops/client';

const nack = (at: string) => ({ version: 'v2', nonce: 'n', message: 'bad', code: 3, at, rejected: ['x'] });

describe('pier proxies: sync state per type', () => {
  test('SYNCED after an ACK, STALE while a response waits, NACKED when the latest answer is a NACK', () => {
    assert.equal(syncState({ typeUrl: 'T', awaitingAck: false, ackedVersion: 'v1', ackedAt: '2026-01-01T00:00:01.000Z' }), 'SYNCED');
    assert.equal(syncState({ typeUrl: 'T', awaitingAck: true, ackedVersion: 'v1', ackedAt: '2026-01-01T00:00:01.000Z' }), 'STALE');
    assert.equal(syncState({ typeUrl: 'T', awaitingAck: true }), 'STALE');
    assert.equal(syncState({ typeUrl: 'T', awaitingAck: false, ackedVersion: 'v1', ackedAt: '2026-01-01T00:00:01.000Z', lastNack: nack('2026-01-01T00:00:02.000Z') }), 'NACKED');
    assert.equal(syncState({ typeUrl: 'T', awaitingAck: false, lastNack: nack('2026-01-01T00:00:02.000Z') }), 'NACKED');
    // A later ACK of a newer version clears it.
    assert.equal(syncState({ typeUrl: 'T', awaitingAck: false, ackedVersion: 'v3', ackedAt: '2026-01-01T00:00:03.000Z', lastNack: nack('2026-01-01T00:00:02.000Z') }), 'SYNCED');
  });
});

describe('pier status: problems first', () => {
  const cond = (type: string, status: 'True' | 'False', reason = 'R') => ({ type, status, reason, message: `${type} ${status}`, lastTransitionTime: '', observedGeneration: 1 });
  test('a False condition, or Conflicted True, is a problem; problems sort first', () => {
    const ok = summarizeStatus({ kind: 'Gateway', namespace: 'a', name: 'gw', status: { conditions: [cond('Accepted', 'True'), cond('Programmed', 'True')], listeners: [{ name: 'l', attachedRoutes: 0, supportedKinds: [], conditions: [cond('Conflicted', 'False')] }] } } as never);
    const conflicted = summarizeStatus({ kind: 'Gateway', namespace: 'a', name: 'c', status: { conditions: [cond('Accepted', 'True')], listeners: [{ name: 'l', attachedRoutes: 0, supportedKinds: [], conditions: [cond('Conflicted', 'True', 'HostnameConflict')] }] } } as never);
    const route = summarizeStatus({ kind: 'HTTPRoute', namespace: 'a', name: 'r', status: { parents: [{ parentRef: { name: 'gw' }, controllerName: 'x', conditions: [cond('Accepted', 'True'), cond('ResolvedRefs', 'False', 'BackendNotFound')] }] } } as never);
    assert.equal(ok.ok, true);
    assert.deepEqual(conflicted.problems.map((p) => `${p.at} ${p.type} ${p.reason}`), ['listener l Conflicted HostnameConflict']);
    assert.deepEqual(route.problems.map((p) => `${p.at} ${p.type} ${p.reason}`), ['parent a/gw ResolvedRefs BackendNotFound']);
    assert.deepEqual(sortSummaries([ok, route, conflicted]).map((s) => s.name), ['a/c', 'a/r', 'a/gw']);
  });

  test('the CONDITIONS column: a Gateway\'s own; a route\'s per parent; a policy\'s per ancestor', () => {
    const gateway = summarizeStatus({ kind: 'Gateway', namespace: 'a', name: 'gw', status: { conditions: [cond('Accepted', 'True'), cond('Programmed', 'False')], listeners: [{ name: 'l', attachedRoutes: 0, supportedKinds: [], conditions: [cond('Conflicted', 'False')] }] } } as never);
    assert.equal(conditionsColumn(gateway), 'Accepted,Programmed=False');
    const route = summarizeStatus({ kind: 'HTTPRoute', namespace: 'a', name: 'r', status: { parents: [
      { parentRef: { name: 'gw' }, controllerName: 'x', conditions: [cond('Accepted', 'True'), cond('ResolvedRefs', 'False', 'BackendNotFound')] },
      { parentRef: { name: 'other', namespace: 'b', sectionName: 'https' }, controllerName: 'x', conditions: [cond('Accepted', 'True'), cond('ResolvedRefs', 'True')] },
    ] } } as never);
    assert.equal(conditionsColumn(route), 'a/gw: Accepted,ResolvedRefs=False; b/other/https: Accepted,ResolvedRefs');
    const policy = summarizeStatus({ kind: 'BackendTLSPolicy', namespace: 'a', name: 'p', status: { ancestors: [{ ancestorRef: { name: 'gw' }, controllerName: 'x', conditions: [cond('Accepted', 'True')] }] } } as never);
    assert.equal(conditionsColumn(policy), 'a/gw: Accepted');
    assert.equal(conditionsColumn(summarizeStatus({ kind: 'HTTPRoute', namespace: 'a', name: 'none', status: { parents: [] } } as never)), '-');
  });
});

describe('operator output', () => {
  test('tables align columns; unknown -o is refused by name', () => {
    assert.equal(formatTable(['A', 'BB'], [['xxx', 'y'], ['z', '']]), 'A    BB\nxxx  y\nz\n');
    assert.throws(() => outputFormat('xml'), /-o\/--output: "xml" is not one of table, json, yaml/);
  });
});
