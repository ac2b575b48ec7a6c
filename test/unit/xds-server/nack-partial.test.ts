/**
 * Envoy applies the valid listeners and clusters of an LDS/CDS response and rejects only the
 * invalid ones, naming them in the NACK. The rejected content must never be sent again, even
 * though SotW LDS/CDS responses list the whole set and another resource changes while the
 * rejected one is still configured; the valid ones Envoy applied must not be dropped.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cluster, listener, resources } from '../xds-cache/fixtures';
import { CDS, DeltaClient, LDS, SotwClient, decodedOf, deltaNamesOf, makeNode, namesOf, removedOf, startHarness, type Harness } from './harness';

const GW = 'default/eg';

const duplicate = (name: string, port: number): string =>
  `${name}: error adding listener: '${name}' has duplicate address '0.0.0.0:${port}' as existing listener, to check if the listener has duplicated addresses with other listeners or 'enable_reuse_port' is set to 'false' for the listener\n`;
const ldsError = (...lines: string[]): string => `Error adding/updating listener(s) ${lines.join('')}`;
const cdsError = (...parts: string[]): string => `Error adding/updating cluster(s) ${parts.join(', ')}`;

async function withHarness(fn: (h: Harness) => Promise<void>): Promise<void> {
  const h = await startHarness();
  try {
    await fn(h);
  } finally {
    await h.close();
  }
}

function typeStatus(h: Harness, typeUrl: string) {
  return h.registry.list()[0]?.types.find((t) => t.typeUrl === typeUrl);
}

function setListeners(h: Harness, ...listeners: ReturnType<typeof listener>[]): void {
  h.cache.setResources(GW, resources(GW, { listeners }));
}

function setClusters(h: Harness, ...clusters: ReturnType<typeof cluster>[]): void {
  h.cache.setResources(GW, resources(GW, { clusters }));
}

const routeOf = (decoded: Record<string, unknown> | undefined): string =>
  JSON.stringify(decoded).match(/"route_config_name":"([^"]+)"/)?.[1] ?? '';

/** A SotW client that subscribed to typeUrl and ACKed the first response. */
async function ackedSotw(h: Harness, typeUrl: string): Promise<{ c: SotwClient; accepted: Awaited<ReturnType<SotwClient['next']>> }> {
  const c = new SotwClient(h.address, makeNode(GW));
  h.clients.push(c);
  c.request(typeUrl);
  const accepted = await c.next();
  c.ack(accepted);
  return { c, accepted };
}

describe('SotW: partial rejection of a full-state response', () => {
  test('LDS: another listener changing does not resend the rejected one; the valid new one stays', () => withHarness(async (h) => {
    setListeners(h, listener('l1', 'r1', 10080));
    const { c, accepted } = await ackedSotw(h, LDS);

    // "clash" shares l1's port: Envoy rejects it and applies "good".
    setListeners(h, listener('l1', 'r1', 10080), listener('clash', 'r1', 10080), listener('good', 'r1', 10082));
    const rejected = await c.next();
    assert.deepEqual(namesOf(rejected), ['clash', 'good', 'l1']);
    c.nack(rejected, ldsError(duplicate('clash', 10080)), accepted.version_info);
    await c.expectNone();
    const nack = typeStatus(h, LDS)?.lastNack;
    assert.deepEqual(nack?.rejected, ['clash'], 'only the listener Envoy named is taken as rejected');

    // l1 changes while "clash" is still configured.
    setListeners(h, listener('l1', 'r2', 10080), listener('clash', 'r1', 10080), listener('good', 'r1', 10082));
    const next = await c.next();
    assert.deepEqual(namesOf(next), ['good', 'l1'], 'the rejected listener is left out, the applied one kept');
    assert.equal(routeOf(decodedOf(next).get('l1')), 'r2', 'the changed listener is sent');
    assert.notEqual(next.version_info, h.cache.snapshot(GW)?.types.get(LDS)?.version, 'the set sent is not the whole snapshot');
    c.ack(next);
    await c.expectNone();
    assert.equal(typeStatus(h, LDS)?.ackedVersion, next.version_info);
    assert.equal(typeStatus(h, LDS)?.lastNack?.nonce, nack?.nonce, 'no new NACK');

    // The rejected listener leaves the configuration: the client never had it, nothing to send.
    setListeners(h, listener('l1', 'r2', 10080), listener('good', 'r1', 10082));
    await c.expectNone();
    assert.equal(typeStatus(h, LDS)?.ackedVersion, h.cache.snapshot(GW)?.types.get(LDS)?.version, 'the client holds the current set');

    // Configured again on its own port, it is a new listener and is sent.
    setListeners(h, listener('l1', 'r2', 10080), listener('clash', 'r1', 10083), listener('good', 'r1', 10082));
    const fixed = await c.next();
    assert.deepEqual(namesOf(fixed), ['clash', 'good', 'l1']);
    assert.equal(fixed.version_info, h.cache.snapshot(GW)?.types.get(LDS)?.version);
  }));

  test('CDS: a rejected change goes at the accepted version, a rejected new cluster not at all; valid new ones stay', () => withHarness(async (h) => {
    setClusters(h, cluster('c1', 1), cluster('c2', 1));
    const { c, accepted } = await ackedSotw(h, CDS);

    setClusters(h, cluster('c1', 2), cluster('c2', 1), cluster('bad', 1), cluster('good', 1));
    const rejected = await c.next();
    assert.deepEqual(namesOf(rejected), ['bad', 'c1', 'good', 'c2'].sort());
    c.nack(rejected, cdsError("c1: cluster manager: cluster provided LB specified but cluster 'c1' did not provide one. Check cluster documentation.", 'bad: malformed IP address: x. Consider setting resolver_name'), accepted.version_info);
    await c.expectNone();
    assert.deepEqual(typeStatus(h, CDS)?.lastNack?.rejected, ['bad', 'c1']);

    // c2 changes; c1 and bad still carry the rejected content.
    setClusters(h, cluster('c1', 2), cluster('c2', 5), cluster('bad', 1), cluster('good', 1));
    const next = await c.next();
    assert.deepEqual(namesOf(next), ['c1', 'c2', 'good']);
    const decoded = decodedOf(next) as Map<string, { connect_timeout?: { seconds?: string } }>;
    assert.equal(decoded.get('c1')?.connect_timeout?.seconds, '1', 'c1 as the client accepted it, not the rejected change');
    assert.equal(decoded.get('c2')?.connect_timeout?.seconds, '5');
    c.ack(next);
    await c.expectNone();

    // A newer c1 is sent.
    setClusters(h, cluster('c1', 3), cluster('c2', 5), cluster('bad', 1), cluster('good', 1));
    const newer = await c.next();
    assert.deepEqual(namesOf(newer), ['c1', 'c2', 'good']);
    assert.equal((decodedOf(newer) as Map<string, { connect_timeout?: { seconds?: string } }>).get('c1')?.connect_timeout?.seconds, '3');
  }));

  test('a later NACK keeps what the client holds from the earlier one', () => withHarness(async (h) => {
    setListeners(h, listener('l1', 'r1', 10080));
    const { c, accepted } = await ackedSotw(h, LDS);
    // "good" is applied by the client although the response is NACKed for "clash".
    setListeners(h, listener('l1', 'r1', 10080), listener('good', 'r1', 10082), listener('clash', 'r1', 10080));
    c.nack(await c.next(), ldsError(duplicate('clash', 10080)), accepted.version_info);
    // Now good's change is rejected: the client keeps the good it has, which must stay listed.
    setListeners(h, listener('l1', 'r1', 10080), listener('good', 'r9', 10082), listener('clash', 'r1', 10080));
    const second = await c.next();
    assert.deepEqual(namesOf(second), ['good', 'l1']);
    c.nack(second, ldsError('good: error updating listener\n'), accepted.version_info);
    await c.expectNone();
    setListeners(h, listener('l1', 'r2', 10080), listener('good', 'r9', 10082), listener('clash', 'r1', 10080));
    const third = await c.next();
    assert.deepEqual(namesOf(third), ['good', 'l1'], 'good is not deleted');
    assert.equal(routeOf(decodedOf(third).get('good')), 'r1', 'good as the client holds it');
    assert.equal(routeOf(decodedOf(third).get('l1')), 'r2');
  }));

  test('a NACK that names no resource rejects every new one of the response', () => withHarness(async (h) => {
    setListeners(h, listener('l1', 'r1', 10080));
    const { c, accepted } = await ackedSotw(h, LDS);
    setListeners(h, listener('l1', 'r1', 10080), listener('x', 'r1', 70000), listener('y', 'r1', 10082));
    c.nack(await c.next(), 'Proto constraint validation failed (SocketAddressValidationError.PortValue)', accepted.version_info);
    await c.expectNone();
    assert.deepEqual(typeStatus(h, LDS)?.lastNack?.rejected, ['x', 'y']);
    setListeners(h, listener('l1', 'r2', 10080), listener('x', 'r1', 70000), listener('y', 'r1', 10082));
    const next = await c.next();
    assert.deepEqual(namesOf(next), ['l1']);
  }));
});

describe('Delta: partial rejection', () => {
  test('LDS: another listener changing sends only that one; the rejected one is neither resent nor removed', () => withHarness(async (h) => {
    setListeners(h, listener('l1', 'r1', 10080));
    const c = new DeltaClient(h.address, makeNode(GW));
    h.clients.push(c);
    c.subscribe(LDS);
    c.ack(await c.next());

    setListeners(h, listener('l1', 'r1', 10080), listener('clash', 'r1', 10080), listener('good', 'r1', 10082));
    const rejected = await c.next();
    assert.deepEqual(deltaNamesOf(rejected), ['clash', 'good']);
    c.nack(rejected, ldsError(duplicate('clash', 10080)));
    await c.expectNone();
    assert.deepEqual(typeStatus(h, LDS)?.lastNack?.rejected, ['clash']);

    setListeners(h, listener('l1', 'r2', 10080), listener('clash', 'r1', 10080), listener('good', 'r1', 10082));
    const next = await c.next();
    assert.deepEqual(deltaNamesOf(next), ['l1']);
    assert.deepEqual(removedOf(next), []);
    c.ack(next);
    await c.expectNone();

    // Dropping the never-held listener needs no removed_resources; dropping "good" does.
    setListeners(h, listener('l1', 'r2', 10080));
    const removal = await c.next();
    assert.deepEqual(deltaNamesOf(removal), []);
    assert.deepEqual(removedOf(removal), ['good']);
    c.ack(removal);
    await c.expectNone();
  }));

  test('a rejected change of a held listener: the held version stays, and its removal is sent', () => withHarness(async (h) => {
    setListeners(h, listener('l1', 'r1', 10080), listener('l2', 'r1', 10081));
    const c = new DeltaClient(h.address, makeNode(GW));
    h.clients.push(c);
    c.subscribe(LDS);
    c.ack(await c.next());
    setListeners(h, listener('l1', 'r1', 10080), listener('l2', 'r9', 10081));
    c.nack(await c.next(), ldsError('l2: error updating listener\n'));
    await c.expectNone();
    setListeners(h, listener('l1', 'r1', 10080));
    const removal = await c.next();
    assert.deepEqual(removedOf(removal), ['l2'], 'the client still holds its earlier l2');
  }));
});
