// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-static-addresses.go
import { INFRA_NAMESPACE } from '../harness';
import { isRecord } from '../manifests';
import { gatewayMustHaveCondition, gatewayMustHaveLatestConditions, gatewayStatusMustHaveListeners } from '../kubernetes';
import { pollUntil } from '../t';
import type { ConformanceTest } from '../types';

interface Address {
  type?: string;
  value: string;
}

function addressesOf(v: unknown): Address[] {
  return Array.isArray(v) ? v.filter(isRecord).map((a) => ({ ...(typeof a.type === 'string' ? { type: a.type } : {}), value: String(a.value) })) : [];
}

export const GatewayStaticAddresses: ConformanceTest = {
  shortName: 'GatewayStaticAddresses',
  description: 'A Gateway in the gateway-conformance-infra namespace should be able to use previously determined addresses.',
  upstream: 'tests/gateway-static-addresses.go',
  features: ['Gateway', 'GatewayStaticAddresses'],
  manifests: ['tests/gateway-static-addresses.yaml'],
  async test(t, s) {
    const gwNN = { name: 'gateway-static-addresses', namespace: INFRA_NAMESPACE };
    t.log(`waiting for namespace ${gwNN.namespace} and Gateway ${gwNN.name} to be ready for testing`);
    await gatewayMustHaveLatestConditions(t, s, gwNN);

    t.log(`retrieving Gateway ${gwNN.namespace}/${gwNN.name} and noting the provided addresses`);
    const specAddresses = (): Address[] => {
      const gw = s.get('Gateway', gwNN.namespace, gwNN.name);
      if (!gw) return t.fatal(`error getting Gateway: ${gwNN.namespace}/${gwNN.name} not found`);
      return addressesOf((gw.spec as Record<string, unknown>).addresses);
    };
    let current = specAddresses();
    if (current.length !== 3) t.fatal(`expected 3 addresses on the Gateway, one invalid, one usable and one unusable. somehow got ${current.length}`);
    const [invalidAddress, unusableAddress, usableAddress] = current;
    // Patch what the applier applied: the manifest's addresses as the harness filled them.
    const setAddresses = (addresses: Address[]): void => s.patch('Gateway', gwNN.namespace, gwNN.name, (doc) => { (doc.spec as Record<string, unknown>).addresses = addresses; });

    t.log(`verifying that the Gateway ${gwNN.namespace}/${gwNN.name} is NOT accepted due to an address type that the implementation doesn't support`);
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'False', reason: 'UnsupportedAddress' });

    t.log(`patching Gateway ${gwNN.namespace}/${gwNN.name} to remove the invalid address ${invalidAddress.value}`);
    setAddresses(current.filter((a) => a.value !== invalidAddress.value));
    await gatewayMustHaveLatestConditions(t, s, gwNN);

    t.log(`verifying that the Gateway ${gwNN.namespace}/${gwNN.name} is now accepted, but is not programmed due to an address that can't be used`);
    current = specAddresses();
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'True', reason: 'Accepted' });
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Programmed', status: 'False', reason: 'AddressNotUsable' });

    t.log(`patching Gateway ${gwNN.namespace}/${gwNN.name} to remove the unusable address ${unusableAddress.value}`);
    setAddresses(current.filter((a) => a.value !== unusableAddress.value));
    await gatewayMustHaveLatestConditions(t, s, gwNN);

    t.log(`verifying that the Gateway ${gwNN.namespace}/${gwNN.name} is accepted and programmed with the usable static address ${usableAddress.value} assigned`);
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'True', reason: 'Accepted' });
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Programmed', status: 'True', reason: 'Programmed' });
    await gatewayStatusMustHaveListeners(t, s, gwNN, [{
      name: 'http',
      supportedKinds: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute' }],
      conditions: [{ type: 'Accepted', status: 'True' }, { type: 'ResolvedRefs', status: 'True' }],
      attachedRoutes: 0,
    }]);
    let statusAddresses: Address[] = [];
    const one = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.gatewayMustHaveAddress, async () => {
      statusAddresses = addressesOf((await s.status('Gateway', gwNN.namespace, gwNN.name)).addresses);
      return statusAddresses.length === 1;
    });
    if (!one) t.fatal(`expected only 1 status address on Gateway, got ${JSON.stringify(statusAddresses)}`);
    const values = statusAddresses.map((a) => a.value);
    if (values.includes(unusableAddress.value)) t.fatal('should not contain the unusable address');
    if (values.includes(invalidAddress.value)) t.fatal('should not contain the invalid address');
    if (!values.includes(usableAddress.value)) t.fatal(`should contain the usable address ${usableAddress.value}, got ${JSON.stringify(values)}`);
    for (const a of statusAddresses) {
      if (a.value === usableAddress.value && a.type !== usableAddress.type) t.fatal(`expected address type to match the usable address: ${a.type} != ${usableAddress.type}`);
    }
  },
};
