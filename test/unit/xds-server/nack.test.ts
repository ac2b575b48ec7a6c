/** Which resources a NACK rejected, from Envoy's error_detail.message (shapes seen with Envoy 1.40). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rejectedByNack } from '../../../src/xds/server/nack';
import { CDS, EDS, LDS, RDS } from './harness';

const DUPLICATE = (name: string): string =>
  `error adding listener: '${name}' has duplicate address '127.0.0.41:41391' as existing listener, to check if the listener has duplicated addresses with other listeners or 'enable_reuse_port' is set to 'false' for the listener`;

/** Envoy 1.40, LDS: one "NAME: reason" line per rejected listener. */
const LDS_MESSAGE = `Error adding/updating listener(s) clash: ${DUPLICATE('clash')}\nclash2: ${DUPLICATE('clash2')}\n`;
/** Envoy 1.40, CDS: "NAME: reason" joined with ", " (reasons contain ", " too). */
const CDS_MESSAGE = "Error adding/updating cluster(s) bad-ip: malformed IP address: not-an-ip. Consider setting resolver_name or setting cluster type to 'STRICT_DNS' or 'LOGICAL_DNS', bad-lb: cluster manager: cluster provided LB specified but cluster 'bad-lb' did not provide one. Check cluster documentation.";
/** Envoy 1.40, a proto constraint violation: the whole response is rejected; the message starts with the resource's debug string. */
const PGV_MESSAGE = 'goo.gle/debugproto   \nname: "pgv"\naddress {\n  socket_address {\n    port_value: 70000\n  }\n}\n: Proto constraint validation failed (ListenerValidationError.Address: embedded message failed validation)';

function fresh(...names: string[]): Map<string, string> {
  return new Map(names.map((n) => [n, `v-${n}`]));
}

test('LDS: the listeners Envoy names are rejected, the other new ones are not', () => {
  const verdict = rejectedByNack(LDS, LDS_MESSAGE, fresh('clash', 'clash2', 'good', 'clas'));
  assert.equal(verdict.identified, true);
  assert.deepEqual([...verdict.rejected], [['clash', 'v-clash'], ['clash2', 'v-clash2']]);
});

test('CDS: the clusters Envoy names are rejected, also after a reason that contains ", "', () => {
  const verdict = rejectedByNack(CDS, CDS_MESSAGE, fresh('bad-lb', 'bad-ip', 'good2', 'cluster manager'));
  assert.equal(verdict.identified, true);
  assert.deepEqual([...verdict.rejected.keys()].sort(), ['bad-ip', 'bad-lb']);
});

test('names with slashes and dots (as the translator makes them) match exactly', () => {
  const message = 'Error adding/updating cluster(s) httproute/default/backend/rule/0: bad, httproute/default/other/rule/0.1: worse';
  const verdict = rejectedByNack(CDS, message, fresh('httproute/default/backend/rule/0', 'httproute/default/other/rule/0.1', 'httproute/default/backend/rule/1'));
  assert.deepEqual([...verdict.rejected.keys()].sort(), ['httproute/default/backend/rule/0', 'httproute/default/other/rule/0.1']);
});

test('a whole-response rejection names no resource: every new one is rejected', () => {
  const verdict = rejectedByNack(LDS, PGV_MESSAGE, fresh('pgv', 'good3'));
  assert.equal(verdict.identified, false);
  assert.deepEqual([...verdict.rejected.keys()].sort(), ['good3', 'pgv']);
});

test('a message naming none of the new resources, or of another shape, rejects them all', () => {
  assert.equal(rejectedByNack(LDS, 'Error adding/updating listener(s) old: gone', fresh('a', 'b')).rejected.size, 2);
  assert.equal(rejectedByNack(LDS, 'a: duplicate address', fresh('a', 'b')).rejected.size, 2);
  assert.equal(rejectedByNack(CDS, LDS_MESSAGE, fresh('clash', 'good')).rejected.size, 2, 'the LDS shape does not count for CDS');
});

test('RDS, EDS and SDS updates are all-or-nothing: every new resource is rejected', () => {
  for (const typeUrl of [RDS, EDS]) {
    const verdict = rejectedByNack(typeUrl, 'Error adding/updating cluster(s) r1: bad', fresh('r1', 'r2'));
    assert.deepEqual([...verdict.rejected.keys()].sort(), ['r1', 'r2']);
  }
});

test('a NACK of a response with no new resource rejects nothing', () => {
  const verdict = rejectedByNack(LDS, LDS_MESSAGE, new Map());
  assert.equal(verdict.rejected.size, 0);
});
