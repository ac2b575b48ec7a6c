// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/listenerset-gateway-parent-section-name-not-found.go
import { INFRA_BACKEND_V1, INFRA_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse } from '../http';
import { gatewayMustHaveAttachedListeners, gatewayMustHaveCondition, gatewayRef, httpRouteMustHaveCondition, namespacesMustBeReady, resourceRef, routesAndParentMustBeAccepted, waitForGatewayAddress } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const ListenerSetGatewayParentSectionNameNotFound: ConformanceTest = {
  shortName: 'ListenerSetGatewayParentSectionNameNotFound',
  description: 'A Route must not be able to find a ListenerSet sectionName using a Gateway parentRef',
  upstream: 'tests/listenerset-gateway-parent-section-name-not-found.go',
  features: ['Gateway', 'ListenerSet', 'HTTPRoute'],
  manifests: ['tests/listenerset-gateway-parent-section-name-not-found.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);

    const gwNN = { name: 'gateway-section-name', namespace: ns };
    const gwAddr = await waitForGatewayAddress(t, s, gatewayRef(gwNN, 'gw-listener'));
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'True' });
    await gatewayMustHaveAttachedListeners(t, s, gwNN, 1);

    const lsNN = { name: 'listenerset-section-name', namespace: ns };
    await routesAndParentMustBeAccepted(t, s, resourceRef('ListenerSet', lsNN), [{ name: 'route-via-listenerset', namespace: ns }]);

    await httpRouteMustHaveCondition(t, s, { name: 'route-via-gateway', namespace: ns }, gwNN, { type: 'Accepted', status: 'False', reason: 'NoMatchingParent' });

    await makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
      request: { host: 'ls-section-name.com', path: '/goodsection' }, backend: INFRA_BACKEND_V1, namespace: ns,
    });
    await makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
      request: { host: 'gw-section.com', path: '/badsection' }, response: { statusCode: 404 },
    });
  },
};
