// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-redirect-port-and-scheme.go
import { INFRA_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse, makeTLSRequestAndExpectEventuallyConsistentResponse, testCaseName, type ExpectedResponse, type RedirectRequest } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { T } from '../t';
import type { ConformanceTest } from '../types';

export const HTTPRouteRedirectPortAndScheme: ConformanceTest = {
  shortName: 'HTTPRouteRedirectPortAndScheme',
  description: 'An HTTPRoute with port and scheme redirect filter',
  upstream: 'tests/httproute-redirect-port-and-scheme.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRoutePortRedirect', 'GatewayPort8080'],
  manifests: ['tests/httproute-redirect-port-and-scheme.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;

    let gwNN = { name: 'same-namespace', namespace: ns };
    let routeNN = { name: 'http-route-for-listener-on-port-80', namespace: ns };
    const gwAddr80 = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    gwNN = { name: 'same-namespace-with-http-listener-on-8080', namespace: ns };
    routeNN = { name: 'http-route-for-listener-on-port-8080', namespace: ns };
    const gwAddr8080 = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    gwNN = { name: 'same-namespace-with-https-listener', namespace: ns };
    routeNN = { name: 'http-route-for-listener-on-port-443', namespace: ns };
    const gwAddr443 = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const serverCertPem = s.tlsSecretCert(ns, 'tls-validity-checks-certificate');

    const redirect = (path: string, redirectRequest: RedirectRequest, host?: string): ExpectedResponse => ({
      request: { ...(host ? { host } : {}), path, unfollowRedirect: true },
      response: { statusCode: 302 },
      redirectRequest,
      namespace: ns,
    });
    const cases: (readonly [string, (t: T) => Promise<void>])[] = [];

    // Listener on port 80.
    const on80: ExpectedResponse[] = [
      redirect('/scheme-nil-and-port-nil', { scheme: 'http', host: 'example.org' }),
      redirect('/scheme-nil-and-port-80', { scheme: 'http', host: 'example.org' }),
      redirect('/scheme-nil-and-port-8080', { scheme: 'http', port: '8080', host: 'example.org' }),
      redirect('/scheme-https-and-port-nil', { scheme: 'https', host: 'example.org' }),
      redirect('/scheme-https-and-port-443', { scheme: 'https', host: 'example.org' }),
      redirect('/scheme-https-and-port-8443', { scheme: 'https', port: '8443', host: 'example.org' }),
    ];
    for (const [i, tc] of on80.entries()) cases.push([`http-listener-on-80/${testCaseName(tc, i)}`, (st) => makeRequestAndExpectEventuallyConsistentResponse(st, s, gwAddr80, tc)]);

    // Listener on port 8080.
    const on8080: ExpectedResponse[] = [
      redirect('/scheme-nil-and-port-nil', { scheme: 'http', port: '8080', host: 'example.org' }),
      redirect('/scheme-nil-and-port-80', { scheme: 'http', host: 'example.org' }),
      redirect('/scheme-https-and-port-nil', { scheme: 'https', host: 'example.org' }),
    ];
    for (const [i, tc] of on8080.entries()) cases.push([`http-listener-on-8080/${testCaseName(tc, i)}`, (st) => makeRequestAndExpectEventuallyConsistentResponse(st, s, gwAddr8080, tc)]);

    // Listener on port 443.
    const on443: ExpectedResponse[] = [
      redirect('/scheme-nil-and-port-nil', { scheme: 'https', host: 'example.org' }, 'example.org'),
      redirect('/scheme-nil-and-port-443', { scheme: 'https', host: 'example.org' }, 'example.org'),
      redirect('/scheme-nil-and-port-8443', { scheme: 'https', port: '8443', host: 'example.org' }, 'example.org'),
      redirect('/scheme-http-and-port-nil', { scheme: 'http', host: 'example.org' }, 'example.org'),
      redirect('/scheme-http-and-port-80', { scheme: 'http', host: 'example.org' }, 'example.org'),
      redirect('/scheme-http-and-port-8080', { scheme: 'http', port: '8080', host: 'example.org' }, 'example.org'),
    ];
    for (const [i, tc] of on443.entries()) cases.push([`https-listener-on-443/${testCaseName(tc, i)}`, (st) => makeTLSRequestAndExpectEventuallyConsistentResponse(st, s, gwAddr443, serverCertPem, 'example.org', tc)]);

    await t.parallel(cases);
  },
};
