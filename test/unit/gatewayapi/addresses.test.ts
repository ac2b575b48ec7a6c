/**
 * Gateway address assignment (GEP-5093): the pure matching of spec.addresses entries to what the
 * infrastructure gives, and what a Gateway's status says of it after translation.
 */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Gateway, GatewayClass, GatewaySpecAddress } from '../../../src/apis/gateway';
import { addressesAssignedVerdict, assignAddresses, assignmentImpossible, type AddressOffer } from '../../../src/gatewayapi/listeners/addresses';
import { translate, type TranslateOptions } from '../../../src/gatewayapi/translate';
import { emptyProviderResources } from '../../../src/message/resources';
import type { GatewayInfraState } from '../../../src/ir/types';

const SENTINEL = 'testing.x-k8s.io/sentinel';

/** A LoadBalancer Service's Gateway: an ingress address, and its ClusterIP. */
const LOAD_BALANCER: AddressOffer = { assigned: [{ type: 'IPAddress', value: '203.0.113.10', routability: '' }], cluster: ['10.96.0.42'], clusterRoutability: true };
/** A ClusterIP Service's Gateway: default selection gives the ClusterIP. */
const CLUSTER_IP: AddressOffer = { assigned: [{ type: 'IPAddress', value: '10.96.0.42', routability: 'Cluster' }], cluster: ['10.96.0.42'], clusterRoutability: true };
/** Host infrastructure: one address, no ClusterIP. */
const HOST: AddressOffer = { assigned: [{ type: 'IPAddress', value: '127.32.0.7' }], cluster: [], clusterRoutability: false };

const ip = (routability?: string, value?: string): GatewaySpecAddress => ({ type: 'IPAddress', ...(value ? { value } : {}), ...(routability !== undefined ? { routability } : {}) });

describe('assignAddresses (GEP-5093)', () => {
  test('no spec.addresses: what default selection gives, each with its routability; Assigned', () => {
    const a = assignAddresses([], LOAD_BALANCER);
    assert.deepEqual(a.addresses, [{ type: 'IPAddress', value: '203.0.113.10', routability: '' }]);
    assert.deepEqual(addressesAssignedVerdict(a), { ok: true, reason: 'AddressesAssigned', message: 'the default address selection assigned the Gateway its addresses' });
    assert.deepEqual(assignAddresses([], CLUSTER_IP).addresses, [{ type: 'IPAddress', value: '10.96.0.42', routability: 'Cluster' }]);
    assert.deepEqual(assignAddresses([], HOST).addresses, [{ type: 'IPAddress', value: '127.32.0.7', routability: '' }]);
    assert.equal(addressesAssignedVerdict(assignAddresses([], { ...HOST, assigned: [] })).reason, 'NotAssigned');
  });

  test('an empty and a Cluster entry get one address each, in spec order, whatever the order', () => {
    for (const entries of [[ip(''), ip('Cluster')], [ip('Cluster'), ip()]]) {
      const a = assignAddresses(entries, LOAD_BALANCER);
      const expected = [{ type: 'IPAddress', value: '203.0.113.10', routability: '' }, { type: 'IPAddress', value: '10.96.0.42', routability: 'Cluster' }];
      assert.deepEqual(a.addresses, entries[0]!.routability === 'Cluster' ? [...expected].reverse() : expected);
      assert.equal(addressesAssignedVerdict(a).reason, 'AddressesAssigned');
    }
  });

  test('an empty request is given a ClusterIP when that is what default selection gives, and says so', () => {
    assert.deepEqual(assignAddresses([ip()], CLUSTER_IP).addresses, [{ type: 'IPAddress', value: '10.96.0.42', routability: 'Cluster' }]);
  });

  test('the conformance sentinel is given a default address and reported as asked', () => {
    const a = assignAddresses([ip(SENTINEL)], HOST);
    assert.deepEqual(a.addresses, [{ type: 'IPAddress', value: '127.32.0.7', routability: SENTINEL }]);
    assert.equal(addressesAssignedVerdict(a).reason, 'AddressesAssigned');
  });

  test('a routability Pier does not know is never satisfied, nor substituted', () => {
    for (const value of ['example.com/CorpWan', 'testing.x-k8s.io/other']) {
      const a = assignAddresses([ip(value)], LOAD_BALANCER);
      assert.deepEqual(a.addresses, []);
      assert.ok(assignmentImpossible(a));
      const v = addressesAssignedVerdict(a);
      assert.equal(v.reason, 'NotAssigned');
      assert.match(v.message, new RegExp(`spec.addresses\\[0\\] \\(IPAddress routability ${value.replace(/\./g, '\\.')}\\): routability "${value.replace(/\./g, '\\.')}" is not supported`));
    }
  });

  test('Cluster is not satisfied without a ClusterIP (host infrastructure), nor for a Hostname', () => {
    const host = assignAddresses([ip('Cluster')], HOST);
    assert.deepEqual(host.addresses, [], 'the host\'s address is not given for Cluster');
    assert.ok(assignmentImpossible(host));
    assert.match(addressesAssignedVerdict(host).message, /routability Cluster needs a Kubernetes Service ClusterIP/);
    const hostname = assignAddresses([{ type: 'Hostname', routability: 'Cluster' }], LOAD_BALANCER);
    assert.deepEqual(hostname.addresses, []);
    assert.match(hostname.unsatisfied[0]!.why, /IPAddress only/);
  });

  test('Cluster waits for the Service: unsatisfied, but not for good', () => {
    const a = assignAddresses([ip('Cluster')], { assigned: [], cluster: [], clusterRoutability: true });
    assert.deepEqual(a.addresses, []);
    assert.ok(!assignmentImpossible(a));
    assert.match(addressesAssignedVerdict(a).message, /no Service ClusterIP yet/);
  });

  test('partial: the satisfied entries only, and a message naming each unsatisfied one', () => {
    const a = assignAddresses([ip(), ip('example.com/CorpWan'), ip('Cluster', '10.96.9.9')], LOAD_BALANCER);
    assert.deepEqual(a.addresses, [{ type: 'IPAddress', value: '203.0.113.10', routability: '' }]);
    const v = addressesAssignedVerdict(a);
    assert.equal(v.ok, false);
    assert.equal(v.reason, 'PartiallyAssigned');
    assert.match(v.message, /spec\.addresses\[1\] \(IPAddress routability example\.com\/CorpWan\)/);
    assert.match(v.message, /spec\.addresses\[2\] \(IPAddress 10\.96\.9\.9 routability Cluster\): not the Gateway's Service ClusterIP \(10\.96\.0\.42\)/);
  });

  test('a value is given exactly; a ClusterIP asked by value reports Cluster; each address once', () => {
    assert.deepEqual(assignAddresses([ip('Cluster', '10.96.0.42')], LOAD_BALANCER).addresses, [{ type: 'IPAddress', value: '10.96.0.42', routability: 'Cluster' }]);
    assert.deepEqual(assignAddresses([ip('', '10.96.0.42')], LOAD_BALANCER).addresses, [{ type: 'IPAddress', value: '10.96.0.42', routability: 'Cluster' }]);
    const twice = assignAddresses([ip(), ip()], HOST);
    assert.equal(twice.addresses.length, 1, 'one address cannot satisfy two entries');
    assert.equal(addressesAssignedVerdict(twice).reason, 'PartiallyAssigned');
    // The stricter entry is served first, whatever the order.
    const both = assignAddresses([ip(), ip('', '203.0.113.10')], { ...LOAD_BALANCER, assigned: [...LOAD_BALANCER.assigned, { type: 'IPAddress', value: '203.0.113.11' }] });
    assert.deepEqual(both.addresses.map((x) => x.value), ['203.0.113.11', '203.0.113.10']);
  });
});

describe('a Gateway\'s addresses after translation', () => {
  const CONTROLLER = 'pier.dev/gateway-controller';
  const GW = 'gateway.networking.k8s.io/v1';
  const CLASS: GatewayClass = { apiVersion: GW, kind: 'GatewayClass', metadata: { name: 'pier', generation: 1 }, spec: { controllerName: CONTROLLER } };
  const gateway = (addresses: GatewaySpecAddress[]): Gateway => ({
    apiVersion: GW, kind: 'Gateway', metadata: { name: 'gw', namespace: 'default', generation: 1 },
    spec: { gatewayClassName: 'pier', addresses, listeners: [{ name: 'http', protocol: 'HTTP', port: 8080 }] },
  });
  const run = (addresses: GatewaySpecAddress[], options: Partial<TranslateOptions> = {}, infra?: GatewayInfraState) => {
    const resources = { ...emptyProviderResources(), gatewayClasses: [CLASS], gateways: [gateway(addresses)] };
    const result = translate(resources, { controllerName: CONTROLLER, defaultAddress: '127.0.0.1', ...options, ...(infra ? { gatewayInfra: new Map([['default/gw', infra]]) } : {}) });
    const status = result.statuses.find((s) => s.kind === 'Gateway');
    assert.ok(status?.kind === 'Gateway');
    const conditionOf = (type: string) => status.status.conditions?.find((c) => c.type === type);
    return { result, status: status.status, conditionOf };
  };

  test('only unsupported routabilities: not served, Programmed False/AddressNotAssigned, AddressesAssigned False/NotAssigned', () => {
    const { result, status, conditionOf } = run([ip('example.com/CorpWan')]);
    assert.equal(result.xdsIR['default/gw'], undefined, 'no proxy is given listeners');
    assert.equal(status.addresses, undefined);
    assert.equal(conditionOf('Accepted')?.status, 'True');
    assert.deepEqual([conditionOf('Programmed')?.status, conditionOf('Programmed')?.reason], ['False', 'AddressNotAssigned']);
    assert.deepEqual([conditionOf('AddressesAssigned')?.status, conditionOf('AddressesAssigned')?.reason], ['False', 'NotAssigned']);
  });

  test('Kubernetes infrastructure: a Gateway asking only for Cluster gets its ClusterIP, and its InfraIR says so', () => {
    const { result, status, conditionOf } = run([ip('Cluster')], { clusterRoutability: true },
      { bindAddress: '0.0.0.0', addresses: [{ type: 'IPAddress', value: '10.96.0.42', routability: 'Cluster' }], clusterAddresses: ['10.96.0.42'] });
    assert.equal(result.infraIR['default/gw']?.clusterOnly, true);
    assert.equal(result.infraIR['default/gw']?.requestedAddresses, undefined);
    assert.deepEqual(status.addresses, [{ type: 'IPAddress', value: '10.96.0.42', routability: 'Cluster' }]);
    assert.equal(conditionOf('Programmed')?.status, 'True');
    assert.equal(conditionOf('AddressesAssigned')?.reason, 'AddressesAssigned');
  });

  test('until the infrastructure reports, no AddressesAssigned (the assignment is not reconciled yet)', () => {
    const { conditionOf } = run([ip('Cluster')], { clusterRoutability: true, infraReports: true });
    assert.equal(conditionOf('AddressesAssigned'), undefined);
    assert.equal(conditionOf('Programmed')?.reason, 'Pending');
  });

  test('what no report can satisfy is known before the report: the infrastructure is never asked to run the Gateway', () => {
    const { result, conditionOf } = run([ip('example.com/CorpWan')], { clusterRoutability: true, infraReports: true });
    assert.equal(result.infraIR['default/gw'], undefined);
    assert.equal(conditionOf('AddressesAssigned')?.reason, 'NotAssigned');
    assert.equal(conditionOf('Programmed')?.reason, 'AddressNotAssigned');
  });

  test('a Gateway with a Hostname entry is not accepted, and says nothing of assignment', () => {
    const { conditionOf } = run([{ type: 'Hostname', value: 'gw.example', routability: 'Cluster' }]);
    assert.equal(conditionOf('Accepted')?.reason, 'UnsupportedAddress');
    assert.equal(conditionOf('AddressesAssigned'), undefined);
  });
});
