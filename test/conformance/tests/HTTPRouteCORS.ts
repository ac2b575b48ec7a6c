// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-cors.go
import { INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteCORS: ConformanceTest = {
  shortName: 'HTTPRouteCORS',
  description: 'An HTTPRoute with CORS filter should allow CORS requests from specified origins',
  upstream: 'tests/httproute-cors.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteCORS'],
  manifests: ['tests/httproute-cors.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN1 = { name: 'cors-multiple-origins-methods-headers', namespace: ns };
    const routeNN2 = { name: 'cors-wildcard-methods', namespace: ns };
    const routeNN3 = { name: 'cors-wildcard-origin', namespace: ns };
    const routeNN4 = { name: 'cors-wildcard-methods-headers', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN1, routeNN2);
    for (const routeNN of [routeNN1, routeNN2, routeNN3, routeNN4]) await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const preflight = (path: string, headers: Record<string, string>): Pick<ExpectedResponse, 'request' | 'expectedRequest'> => ({
      request: { path, method: 'OPTIONS', headers },
      expectedRequest: { host: '', method: 'OPTIONS', path: '' },
    });
    const allowedPreflight = (origin: string): ExpectedResponse['response'] => ({
      statusCodes: [200, 204],
      validHeaderValues: {
        'access-control-allow-origin': [origin],
        'access-control-allow-methods': ['GET, OPTIONS', 'OPTIONS, GET'],
        'access-control-allow-headers': ['x-header-1, x-header-2', 'x-header-2, x-header-1'],
        'access-control-expose-headers': ['x-header-3, x-header-4', 'x-header-4, x-header-3'],
        'access-control-max-age': ['3600'],
        'access-control-allow-credentials': ['true'],
      },
      ignoreWhitespace: true,
    });
    const requestedHeaders = { 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-header-1, x-header-2' };

    const testCases: ExpectedResponse[] = [{
      testCaseName: 'CORS preflight request from an exact matching origin should be allowed',
      ...preflight('/cors-1', { Origin: 'https://www.foo.com', ...requestedHeaders }),
      namespace: '',
      response: allowedPreflight('https://www.foo.com'),
    }, {
      testCaseName: 'CORS preflight request from a wildcard matching origin should be allowed',
      ...preflight('/cors-1', { Origin: 'https://www.bar.com', ...requestedHeaders }),
      namespace: '',
      response: allowedPreflight('https://www.bar.com'),
    }, {
      testCaseName: "CORS preflight request from a wildcard matching any number of periods left to '*' should be allowed",
      ...preflight('/cors-1', { Origin: 'https://xpto.www.bar.com', ...requestedHeaders }),
      namespace: '',
      response: allowedPreflight('https://xpto.www.bar.com'),
    }, {
      testCaseName: 'CORS preflight request from a non-matching origin should not be allowed',
      ...preflight('/cors-1', { Origin: 'https://foobar.com', 'access-control-request-method': 'GET' }),
      namespace: '',
      response: { statusCodes: [200, 204, 403], absentHeaders: ['access-control-allow-origin'] },
    }, {
      testCaseName: 'Simple request from an exact matching origin should be allowed',
      namespace: ns,
      request: { path: '/cors-1', method: 'GET', headers: { Origin: 'https://www.foo.com', ...requestedHeaders } },
      response: { statusCode: 200, headers: { 'access-control-allow-origin': 'https://www.foo.com' } },
    }, {
      testCaseName: 'Simple request from a wildcard matching origin should be allowed',
      namespace: ns,
      request: { path: '/cors-1', method: 'GET', headers: { Origin: 'https://www.bar.com', ...requestedHeaders } },
      response: { statusCode: 200, headers: { 'access-control-allow-origin': 'https://www.bar.com' } },
    }, {
      testCaseName: 'Simple request from a non-matching origin should not be allowed',
      namespace: ns,
      request: { path: '/cors-1', method: 'GET', headers: { Origin: 'https://foobar.com', 'access-control-request-method': 'GET' } },
      response: { absentHeaders: ['access-control-allow-origin'] },
    }, {
      testCaseName: 'CORS preflight request with POST method should be allowed by allowMethods with wildcard',
      ...preflight('/cors-2', { Origin: 'https://www.foo.com', 'access-control-request-method': 'POST' }),
      namespace: '',
      response: {
        statusCodes: [200, 204],
        validHeaderValues: { 'access-control-allow-methods': ['POST', '*'] },
        headers: { 'access-control-allow-origin': 'https://www.foo.com' },
        absentHeaders: ['access-control-allow-credentials'],
      },
    }, {
      testCaseName: 'CORS preflight request should not receive access-control-allow-credentials header without access-control-allow-credentials set to true',
      ...preflight('/cors-2', { Origin: 'https://www.foo.com', 'access-control-request-method': 'POST' }),
      namespace: '',
      response: { statusCodes: [200, 204], absentHeaders: ['Access-Control-Allow-Credentials'] },
    }, {
      testCaseName: "CORS preflight request from a wildcard origin should return header with '*' or with the requested Origin",
      namespace: '',
      ...preflight('/cors-wildcard-origin', { Origin: 'https://foobar.com', 'access-control-request-method': 'PUT' }),
      response: {
        statusCodes: [200, 204],
        validHeaderValues: { 'access-control-allow-origin': ['https://foobar.com', '*'], 'access-control-allow-methods': ['PUT'] },
        absentHeaders: ['Access-Control-Allow-Credentials'],
      },
    }, {
      testCaseName: "CORS preflight request from a wildcard origin containing a port should return header with '*' or with the requested Origin",
      namespace: '',
      ...preflight('/cors-wildcard-origin', { Origin: 'https://foobar.com:12345', 'access-control-request-method': 'PUT' }),
      response: {
        statusCodes: [200, 204],
        validHeaderValues: { 'access-control-allow-origin': ['https://foobar.com:12345', '*'], 'access-control-allow-methods': ['PUT'] },
        absentHeaders: ['Access-Control-Allow-Credentials'],
      },
    }, {
      testCaseName: "Request from a wildcard origin containing a port should return header with '*' or with the requested Origin",
      namespace: ns,
      request: { path: '/cors-wildcard-origin', method: 'PUT', headers: { Origin: 'https://foobar.com:12345' } },
      response: { statusCode: 200, validHeaderValues: { 'access-control-allow-origin': ['https://foobar.com:12345', '*'] } },
    }, {
      testCaseName: "Simple request from a wildcard origin should return header with '*' or with the requested Origin",
      namespace: ns,
      request: { path: '/cors-wildcard-origin', method: 'PUT', headers: { Origin: 'https://foobar.com' } },
      response: {
        statusCode: 200,
        validHeaderValues: { 'access-control-allow-origin': ['https://foobar.com', '*'] },
        absentHeaders: ['Access-Control-Allow-Credentials'],
      },
    }, {
      testCaseName: 'CORS preflight request requesting specific method and headers should be allowed and always echo the origin with allowCredentials set to true',
      ...preflight('/cors-wildcard-methods-headers', { Origin: 'https://other.foo.com', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'x-header-1, x-header-2' }),
      namespace: '',
      response: {
        statusCodes: [200, 204],
        validHeaderValues: {
          'access-control-allow-origin': ['https://other.foo.com'],
          'access-control-allow-methods': ['PUT'],
          'access-control-allow-headers': ['x-header-1, x-header-2', 'x-header-2, x-header-1'],
          'access-control-allow-credentials': ['true'],
        },
        ignoreWhitespace: true,
      },
    }, {
      testCaseName: 'CORS preflight request requesting specific method and headers should hide access-control-allow-credentials headers with allowCredentials set to false',
      ...preflight('/cors-wildcard-methods-headers-unauth', { Origin: 'https://other.foo.com', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'x-header-1, x-header-2' }),
      namespace: '',
      response: {
        statusCodes: [200, 204],
        validHeaderValues: {
          'access-control-allow-origin': ['https://other.foo.com', '*'],
          'access-control-allow-methods': ['PUT', '*'],
          'access-control-allow-headers': ['x-header-1, x-header-2', 'x-header-2, x-header-1', '*'],
        },
        absentHeaders: ['access-control-allow-credentials'],
        ignoreWhitespace: true,
      },
    }, {
      testCaseName: 'CORS request should receive access-control-allow-credentials header with allowCredentials set to true',
      request: { path: '/cors-wildcard-methods-headers', method: 'GET', headers: { Origin: 'https://other.foo.com' } },
      namespace: ns,
      response: { statusCode: 200, validHeaderValues: { 'access-control-allow-origin': ['https://other.foo.com'], 'access-control-allow-credentials': ['true'] } },
    }, {
      testCaseName: 'CORS request should not receive access-control-allow-credentials header without allowCredentials set to true',
      request: { path: '/cors-wildcard-methods-headers-unauth', method: 'GET', headers: { Origin: 'https://other.foo.com' } },
      namespace: ns,
      response: {
        statusCode: 200,
        validHeaderValues: { 'access-control-allow-origin': ['https://other.foo.com', '*'] },
        absentHeaders: ['access-control-allow-credentials'],
      },
    }];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
