import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseManifests } from '../../../src/provider/file/parse';
import { kindInfo } from '../../../src/provider/file/kinds';
import { defaultCrdSchemas } from '../../../src/provider/crd/load';

const GATEWAY = `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  name: eg
spec:
  gatewayClassName: pier
  listeners:
    - name: http
      protocol: HTTP
      port: 80
`;

describe('parseManifests', () => {
  test('reads every document of a multi-document file, skipping empty ones', () => {
    const text = [
      '---',
      '# only a comment',
      '---',
      GATEWAY,
      '---',
      '---',
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: svc\n  namespace: apps\nspec:\n  ports: [{port: 80}]\n',
      '---',
      'apiVersion: gateway.networking.k8s.io/v1\nkind: GatewayClass\nmetadata:\n  name: pier\n  namespace: ignored\nspec:\n  controllerName: pier.dev/c\n',
    ].join('\n');
    const result = parseManifests(text, 'm.yaml');
    assert.deepEqual(result.errors, []);
    assert.equal(result.syntaxOk, true);
    assert.deepEqual(result.objects.map((o) => `${o.object.kind} ${o.object.metadata.namespace ?? '-'}/${o.object.metadata.name} @${o.line}`), [
      'Gateway default/eg @4',
      'Service apps/svc @17',
      'GatewayClass -/pier @26',
    ]);
    assert.ok(result.objects.every((o) => o.source === 'm.yaml'));
  });

  test('a ProxyConfig (Pier\'s own CRD) is validated against its schema and CEL rules; errors name the file, line and field', () => {
    const config = (spec: string): string => `# proxies\napiVersion: gateway.pier.dev/v1alpha1\nkind: ProxyConfig\nmetadata: {name: proxy, namespace: infra}\nspec:\n${spec}`;
    const good = parseManifests(config('  logLevel: debug\n  concurrency: 2\n  resources: {requests: {cpu: 100m, memory: 128Mi}}\n  stats: {inclusionPrefixes: [http.], tags: [{name: tier, value: edge}]}\n  metrics: {port: 19100}\n'), 'proxy.yaml');
    assert.deepEqual(good.errors, []);
    assert.equal(good.objects[0]?.object.kind, 'ProxyConfig');
    const bad = parseManifests(config('  logLevel: loud\n  concurrency: 0\n  resources: {requests: {cpu: lots}}\n'), 'proxy.yaml');
    assert.deepEqual(bad.objects, []);
    assert.deepEqual(bad.errors.map((e) => `${e.field} line ${e.line}`), ['spec.logLevel line 6', 'spec.concurrency line 7', 'spec.resources.requests.cpu line 8', 'undefined line 2']);
    assert.match(bad.errors[3]!.message, /some validation rules were not checked/, 'as the API server says');
    assert.ok(bad.errors.every((e) => e.source === 'proxy.yaml' && e.object === 'ProxyConfig infra/proxy'), JSON.stringify(bad.errors));
    // CEL rules, once the schema holds.
    const rule = parseManifests(config('  stats: {tags: [{name: envoy_cluster_name, value: x}]}\n  metrics: {port: 19001}\n'), 'proxy.yaml');
    assert.deepEqual(rule.errors.map((e) => `${e.field} line ${e.line}`), ['spec.stats.tags line 6', 'spec.metrics line 7']);
    assert.match(rule.errors[1]!.message, /must not be the proxies' admin \(19000\) or readiness \(19001\) port/);
  });

  test('an XBackendTrafficPolicy (x-k8s.io) is validated against its CRD and gets its defaults', () => {
    const policy = (spec: string): string => `apiVersion: gateway.networking.x-k8s.io/v1alpha1\nkind: XBackendTrafficPolicy\nmetadata: {name: p}\nspec:\n  targetRefs: [{group: "", kind: Service, name: web}]\n${spec}`;
    const good = parseManifests(policy('  retryConstraint: {}\n  sessionPersistence: {cookie: {}}\n'), 'p.yaml');
    assert.deepEqual(good.errors, []);
    const spec = (good.objects[0]?.object as unknown as { spec: Record<string, unknown> }).spec;
    assert.deepEqual(spec.retryConstraint, { budget: { percent: 20, interval: '10s' }, minRetryRate: { count: 10, interval: '1s' } });
    assert.deepEqual(spec.sessionPersistence, { type: 'Cookie', cookie: { path: '/', lifetimeType: 'Session' } });
    const bad = parseManifests(policy('  retryConstraint: {budget: {percent: 120, interval: 100ms}}\n  sessionPersistence: {type: Header}\n'), 'p.yaml');
    assert.deepEqual(bad.objects, []);
    assert.deepEqual(bad.errors.map((e) => e.field), ['spec.retryConstraint.budget.percent', 'spec.retryConstraint.budget.interval', 'spec.sessionPersistence']);
    assert.match(bad.errors[2]!.message, /header must be specified for Header type/);
  });

  test('a RateLimitPolicy (gateway.pier.dev) is validated like the Gateway API kinds: schema and CEL, naming file, line and field', () => {
    const policy = (local: string): string => [
      'apiVersion: gateway.pier.dev/v1alpha1', 'kind: RateLimitPolicy', 'metadata: {name: rl, namespace: default}', 'spec:',
      '  targetRefs: [{group: gateway.networking.k8s.io, kind: Gateway, name: gw}]', '  local:', '    rules:', local,
    ].join('\n');
    const good = parseManifests(policy('      - limit: {requests: 5, unit: Second, burst: 10}\n        clients: {headers: [{name: x-user}]}\n'), 'rl.yaml');
    assert.deepEqual(good.errors, []);
    assert.equal(good.objects[0]?.object.kind, 'RateLimitPolicy');
    // burst < requests breaks a CEL rule on limit (its fieldPath: burst).
    const cel = parseManifests(policy('      - limit: {requests: 5, unit: Second}\n      - limit: {requests: 5, unit: Second, burst: 4}\n'), 'rl.yaml');
    assert.deepEqual(cel.objects, []);
    assert.deepEqual(cel.errors.map((e) => [e.source, e.line, e.field]), [['rl.yaml', 9, 'spec.local.rules[1].limit.burst']]);
    assert.match(cel.errors[0]!.message, /RateLimitPolicy.gateway.pier.dev "rl" is invalid: spec.local.rules\[1\].limit.burst: Invalid value: "object": burst must be at least requests/);
    // An unknown unit breaks the schema's enum (CEL rules then wait, as the API server says).
    const schema = parseManifests(policy('      - limit: {requests: 1, unit: Day}\n'), 'rl.yaml');
    assert.deepEqual(schema.errors.map((e) => [e.line, e.field]).slice(0, 1), [[8, 'spec.local.rules[0].limit.unit']]);
    assert.match(schema.errors[0]!.message, /Unsupported value: "Day"/);
    // Neither local nor global: the rule on spec.
    const empty = parseManifests('apiVersion: gateway.pier.dev/v1alpha1\nkind: RateLimitPolicy\nmetadata: {name: rl}\nspec:\n  targetRefs: [{group: gateway.networking.k8s.io, kind: Gateway, name: gw}]\n', 'e.yaml');
    assert.deepEqual(empty.errors.map((e) => [e.field, e.line]), [['spec', 5]]);
    assert.match(empty.errors[0]!.message, /local or global must be set/);
  });

  test('a ClientPolicy (gateway.pier.dev) is validated the same way: schema and CEL, naming file, line and field', () => {
    const policy = (detection: string): string => [
      'apiVersion: gateway.pier.dev/v1alpha1', 'kind: ClientPolicy', 'metadata: {name: cp, namespace: default}', 'spec:',
      '  targetRefs: [{group: gateway.networking.k8s.io, kind: Gateway, name: gw, sectionName: http}]', '  clientIPDetection:', detection,
    ].join('\n');
    const good = parseManifests(policy('    customHeader: {name: X-Real-IP, failClosed: true}\n'), 'cp.yaml');
    assert.deepEqual(good.errors, []);
    assert.equal(good.objects[0]?.object.kind, 'ClientPolicy');
    // Both ways at once break the CEL rule on clientIPDetection.
    const both = parseManifests(policy('    xForwardedFor: {numTrustedHops: 1}\n    customHeader: {name: x-real-ip}\n'), 'cp.yaml');
    assert.deepEqual(both.objects, []);
    assert.deepEqual(both.errors.map((e) => [e.source, e.line, e.field]), [['cp.yaml', 7, 'spec.clientIPDetection']]);
    assert.match(both.errors[0]!.message, /ClientPolicy.gateway.pier.dev "cp" is invalid: spec.clientIPDetection: Invalid value: "object": exactly one of xForwardedFor and customHeader must be set/);
    // No trusted hop is not a setting: the schema's minimum.
    const zero = parseManifests(policy('    xForwardedFor: {numTrustedHops: 0}\n'), 'cp.yaml');
    assert.deepEqual(zero.errors.map((e) => [e.line, e.field]).slice(0, 1), [[7, 'spec.clientIPDetection.xForwardedFor.numTrustedHops']]);
  });

  test('ClientPolicy connection settings: CEL on TLS versions, enums on ciphers, duration patterns, naming file, line and field', () => {
    const policy = (body: string): string => [
      'apiVersion: gateway.pier.dev/v1alpha1', 'kind: ClientPolicy', 'metadata: {name: cp, namespace: default}', 'spec:',
      '  targetRefs: [{group: gateway.networking.k8s.io, kind: Gateway, name: gw}]', body,
    ].join('\n');
    assert.deepEqual(parseManifests(policy('  tls: {minVersion: "1.2", ciphers: [ECDHE-RSA-AES256-GCM-SHA384]}\n  proxyProtocol: {}\n  timeouts: {idle: 1m30s}\n'), 'cp.yaml').errors, []);
    const versions = parseManifests(policy('  tls: {minVersion: "1.3", maxVersion: "1.2"}\n'), 'cp.yaml');
    assert.deepEqual(versions.errors.map((e) => [e.source, e.line, e.field]), [['cp.yaml', 6, 'spec.tls']]);
    assert.match(versions.errors[0]!.message, /minVersion must not be above maxVersion/);
    const cipher = parseManifests(policy('  tls:\n    ciphers: [NOT-A-CIPHER]\n'), 'cp.yaml');
    assert.deepEqual(cipher.errors.map((e) => [e.line, e.field]).slice(0, 1), [[7, 'spec.tls.ciphers[0]']]);
    const duration = parseManifests(policy('  timeouts:\n    request: 10 seconds\n'), 'cp.yaml');
    assert.deepEqual(duration.errors.map((e) => [e.line, e.field]).slice(0, 1), [[7, 'spec.timeouts.request']]);
  });

  test('a BackendPolicy (gateway.pier.dev) is validated by its schema and CEL rules, naming file, line and field', () => {
    const policy = (body: string): string => [
      'apiVersion: gateway.pier.dev/v1alpha1', 'kind: BackendPolicy', 'metadata: {name: bp, namespace: default}', 'spec:',
      '  targetRefs: [{group: gateway.networking.k8s.io, kind: HTTPRoute, name: app, sectionName: a}]', body,
    ].join('\n');
    const good = parseManifests(policy('  circuitBreaker: {maxConnections: 10, maxParallelRetries: 0}\n'), 'bp.yaml');
    assert.deepEqual(good.errors, []);
    assert.equal(good.objects[0]?.object.kind, 'BackendPolicy');
    const negative = parseManifests(policy('  circuitBreaker:\n    maxPendingRequests: -1\n'), 'bp.yaml');
    assert.deepEqual(negative.errors.map((e) => [e.source, e.line, e.field]), [['bp.yaml', 7, 'spec.circuitBreaker.maxPendingRequests']]);
    const empty = parseManifests(policy(''), 'bp.yaml');
    assert.deepEqual(empty.errors.map((e) => e.field), ['spec']);
    assert.match(empty.errors[0]!.message, /spec must set circuitBreaker/);
  });

  test('an ObservabilityPolicy (gateway.pier.dev) is validated by schema and CEL, naming file, line and field', () => {
    const policy = (logs: string): string => [
      'apiVersion: gateway.pier.dev/v1alpha1', 'kind: ObservabilityPolicy', 'metadata: {name: logs, namespace: default}', 'spec:',
      '  targetRefs: [{group: gateway.networking.k8s.io, kind: Gateway, name: gw}]', '  accessLogs:', logs,
    ].join('\n');
    const good = parseManifests(policy('    - format: {type: JSON, json: {code: "%RESPONSE_CODE%"}}\n      sink: {type: File, path: /var/log/gw.log}\n      filter: {statusCodes: {min: 400}}\n'), 'o.yaml');
    assert.deepEqual(good.errors, []);
    assert.equal(good.objects[0]?.object.kind, 'ObservabilityPolicy');
    // A File sink without a path breaks the CEL rule on sink.
    const cel = parseManifests(policy('    - sink: {type: Stdout}\n    - sink: {type: File}\n'), 'o.yaml');
    assert.deepEqual(cel.objects, []);
    assert.deepEqual(cel.errors.map((e) => [e.source, e.line, e.field]), [['o.yaml', 8, 'spec.accessLogs[1].sink']]);
    assert.match(cel.errors[0]!.message, /ObservabilityPolicy.gateway.pier.dev "logs" is invalid: spec.accessLogs\[1\].sink: Invalid value: "object": path is set with type File, and only then/);
    // A Service is not a target this kind attaches to: the schema's enum.
    const service = parseManifests(policy('    - sink: {type: Stdout}\n').replace('kind: Gateway', 'kind: Service'), 'o.yaml');
    assert.deepEqual(service.errors.map((e) => [e.line, e.field]).slice(0, 1), [[5, 'spec.targetRefs[0].kind']]);
    // A route target sets no tracing provider (the tracer is the listener's): the spec's CEL rule.
    const routeTracing = parseManifests(policy('    - sink: {type: Stdout}\n').replace('kind: Gateway', 'kind: HTTPRoute').replace('  accessLogs:', '  tracing: {serviceName: s}\n  accessLogs:'), 'o.yaml');
    assert.match(routeTracing.errors[0]?.message ?? '', /tracing.provider and tracing.serviceName are for Gateway and ListenerSet targets, not routes/);
  });

  test('an empty file or a file of comments has no objects and no errors', () => {
    for (const text of ['', '\n\n', '# nothing here\n', '---\n---\n']) {
      assert.deepEqual(parseManifests(text, 'e.yaml'), { syntaxOk: true, objects: [], errors: [], rejected: [] });
    }
  });

  test('a YAML syntax error yields no objects at all and reports the line', () => {
    const text = `${GATEWAY}---\napiVersion: v1\nkind: Service\nmetadata: {name: a\nspec: {}\n`;
    const result = parseManifests(text, 'broken.yaml');
    assert.equal(result.syntaxOk, false);
    assert.deepEqual(result.objects, []);
    assert.ok(result.errors.length >= 1);
    const [error] = result.errors;
    assert.equal(error?.source, 'broken.yaml');
    assert.ok(error?.line !== undefined && error.line >= 14 && error.line <= 16, `line ${error?.line}`);
    assert.match(error?.message ?? '', /^YAML syntax error: /);
    assert.doesNotMatch(error?.message ?? '', /\n/, 'no code frame in the message');
  });

  test('duplicate mapping keys are a syntax error', () => {
    const result = parseManifests('apiVersion: v1\nkind: Namespace\nkind: Namespace\nmetadata: {name: a}\n', 'dup.yaml');
    assert.equal(result.syntaxOk, false);
    assert.equal(result.errors[0]?.line, 3);
  });

  test('a document that is not a mapping is reported; the others are kept', () => {
    const result = parseManifests(`- a\n- b\n---\n${GATEWAY}---\njust a string\n`, 'x.yaml');
    assert.equal(result.syntaxOk, true);
    assert.equal(result.objects.length, 1);
    assert.deepEqual(result.errors.map((e) => [e.line, e.message.split(' (')[0]]), [
      [1, 'document is not a mapping'],
      [15, 'document is not a mapping'],
    ]);
  });

  test('missing apiVersion, kind or metadata.name', () => {
    const cases: [string, string, number][] = [
      ['kind: Namespace\nmetadata: {name: a}\n', 'apiVersion is required', 1],
      ['apiVersion: v1\nmetadata: {name: a}\n', 'kind is required', 1],
      ['apiVersion: v1\nkind: 42\nmetadata: {name: a}\n', 'kind must be a non-empty string', 2],
      ['apiVersion: v1\nkind: Namespace\n', 'metadata is required', 1],
      ['apiVersion: v1\nkind: Namespace\nmetadata:\n  labels: {a: b}\n', 'metadata.name is required', 4],
      ['apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ""\n', 'metadata.name must not be empty', 4],
    ];
    for (const [text, message, line] of cases) {
      const result = parseManifests(text, 'f.yaml');
      assert.equal(result.objects.length, 0, text);
      assert.equal(result.errors.length, 1, text);
      assert.equal(result.errors[0]?.line, line, text);
      assert.ok(result.errors[0]?.message.startsWith(message), `${result.errors[0]?.message} should start with ${message}`);
      assert.deepEqual(result.rejected, [], 'no identity to keep');
    }
  });

  test('an unknown kind is named in a clear error and does not affect other documents', () => {
    const text = `apiVersion: v1\nkind: Deployment\nmetadata:\n  name: settings\n---\n${GATEWAY}`;
    const result = parseManifests(text, 'k.yaml');
    assert.equal(result.objects.length, 1);
    assert.equal(result.errors.length, 1);
    const [error] = result.errors;
    assert.equal(error?.line, 2);
    assert.equal(error?.field, 'kind');
    assert.match(error?.message ?? '', /unsupported kind "Deployment" \(apiVersion v1, name "settings"\)/);
    assert.match(error?.message ?? '', /Supported kinds: GatewayClass, Gateway, ListenerSet, HTTPRoute/);
  });

  test('a known kind with an unsupported apiVersion', () => {
    const result = parseManifests(GATEWAY.replace('/v1', '/v2'), 'v.yaml');
    assert.equal(result.objects.length, 0);
    assert.match(result.errors[0]?.message ?? '', /Gateway "eg": apiVersion "gateway.networking.k8s.io\/v2" is not supported \(not served by the Gateway API v1.7.0 CRDs\); use gateway.networking.k8s.io\/v1 or gateway.networking.k8s.io\/v1beta1$/);
  });

  test('older Gateway API versions the v1.7.0 CRDs still serve are accepted', () => {
    const text = [
      GATEWAY.replace('/v1', '/v1beta1'),
      'apiVersion: gateway.networking.k8s.io/v1beta1\nkind: HTTPRoute\nmetadata: {name: h}\nspec: {}\n',
      'apiVersion: gateway.networking.k8s.io/v1beta1\nkind: ReferenceGrant\nmetadata: {name: g}\nspec:\n  from: [{group: gateway.networking.k8s.io, kind: HTTPRoute, namespace: a}]\n  to: [{group: "", kind: Service}]\n',
    ].join('---\n');
    const result = parseManifests(text, 'old.yaml');
    assert.deepEqual(result.errors, []);
    assert.deepEqual(result.objects.map((o) => o.object.kind), ['Gateway', 'HTTPRoute', 'ReferenceGrant']);
  });

  test('versions the v1.7.0 CRDs do not serve are refused, naming file, object and field; the last good version is kept', () => {
    const route = (apiVersion: string, kind: string, spec: string): string => `apiVersion: gateway.networking.k8s.io/${apiVersion}\nkind: ${kind}\nmetadata: {name: t}\nspec:\n${spec}`;
    const rules = '  rules: [{backendRefs: [{name: s, port: 1}]}]\n';
    const cases: [string, string][] = [
      [route('v1alpha2', 'TLSRoute', `  hostnames: [a.example]\n${rules}`), 'TLSRoute'],
      [route('v1alpha3', 'TLSRoute', `  hostnames: [a.example]\n${rules}`), 'TLSRoute'],
      [route('v1alpha2', 'TCPRoute', rules), 'TCPRoute'],
      [route('v1alpha2', 'UDPRoute', rules), 'UDPRoute'],
      [route('v1alpha2', 'GRPCRoute', '  rules: [{}]\n'), 'GRPCRoute'],
      [route('v1alpha3', 'BackendTLSPolicy', '  targetRefs: []\n'), 'BackendTLSPolicy'],
      ['apiVersion: gateway.networking.k8s.io/v1alpha2\nkind: ReferenceGrant\nmetadata: {name: t}\nspec: {}\n', 'ReferenceGrant'],
    ];
    for (const [text, kind] of cases) {
      const result = parseManifests(text, 'old.yaml');
      assert.deepEqual(result.objects, [], text);
      const version = /apiVersion: (\S+)/.exec(text)?.[1] ?? '';
      assert.deepEqual(result.errors, [{
        source: 'old.yaml', line: 1, column: 13, object: `${kind} default/t`, field: 'apiVersion',
        message: `${kind} "t": apiVersion "${version}" is not supported (not served by the Gateway API v1.7.0 CRDs); use gateway.networking.k8s.io/v1${kind === 'ReferenceGrant' ? ' or gateway.networking.k8s.io/v1beta1' : ''}`,
      }], text);
      assert.deepEqual(result.rejected, [{ kind, namespace: 'default', name: 't' }], 'the last good version is kept');
    }
  });

  test('the Gateway API versions read are exactly those the vendored CRDs serve', () => {
    const schemas = defaultCrdSchemas();
    for (const kind of schemas.kinds()) {
      const info = kindInfo(kind);
      if (!info) continue; // a kind Pier does not read yet (ListenerSet)
      const crd = schemas.crd(kind)!;
      const served = Object.entries(crd.versions).filter(([, v]) => v.served).map(([v]) => `${crd.group}/${v}`).sort();
      assert.deepEqual([...info.apiVersions].sort(), served, kind);
    }
  });

  test('wrong field types name the file, line, object and field, in the API server\'s words', () => {
    const text = GATEWAY.replace('port: 80', 'port: "80"');
    const result = parseManifests(text, 'gw.yaml');
    assert.deepEqual(result.objects, []);
    assert.deepEqual(result.errors, [
      {
        source: 'gw.yaml', line: 10, column: 13,
        object: 'Gateway default/eg', field: 'spec.listeners[0].port',
        message: 'Gateway.gateway.networking.k8s.io "eg" is invalid: spec.listeners[0].port: Invalid value: "string": spec.listeners[0].port in body must be of type integer: "string"',
      },
      {
        source: 'gw.yaml', line: 1, column: 1, object: 'Gateway default/eg',
        message: 'Gateway.gateway.networking.k8s.io "eg" is invalid: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
      },
    ]);
    assert.deepEqual(result.rejected, [{ kind: 'Gateway', namespace: 'default', name: 'eg' }]);
  });

  test('Gateway API kinds are checked against their CRD schema', () => {
    const httpRoute = (spec: string): string => `apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r}\n${spec}`;
    const cases: [string, string][] = [
      [GATEWAY.replace(/listeners:[\s\S]*/, 'listeners: http\n'), 'Gateway.gateway.networking.k8s.io "eg" is invalid: spec.listeners: Invalid value: "string": spec.listeners in body must be of type array: "string"'],
      [GATEWAY.replace(/  listeners:[\s\S]*/, ''), 'Gateway.gateway.networking.k8s.io "eg" is invalid: spec.listeners: Required value'],
      [GATEWAY.replace('port: 80', 'port: 70000'), 'Gateway.gateway.networking.k8s.io "eg" is invalid: spec.listeners[0].port: Invalid value: 70000: spec.listeners[0].port in body should be less than or equal to 65535'],
      [GATEWAY.replace('port: 80', 'port: 80.5'), 'Gateway.gateway.networking.k8s.io "eg" is invalid: spec.listeners[0].port: Invalid value: "number": spec.listeners[0].port in body must be of type integer: "number"'],
      [httpRoute('spec:\n  rules:\n    - backendRefs: [{name: s, port: 80, weight: -1}]\n'), 'HTTPRoute.gateway.networking.k8s.io "r" is invalid: spec.rules[0].backendRefs[0].weight: Invalid value: -1: spec.rules[0].backendRefs[0].weight in body should be greater than or equal to 0'],
      [httpRoute('spec:\n  parentRefs: {name: eg}\n'), 'HTTPRoute.gateway.networking.k8s.io "r" is invalid: spec.parentRefs: Invalid value: "object": spec.parentRefs in body must be of type array: "object"'],
      [httpRoute('spec:\n  rules:\n    - matches:\n        - headers: [{name: a}]\n'), 'HTTPRoute.gateway.networking.k8s.io "r" is invalid: spec.rules[0].matches[0].headers[0].value: Required value'],
      [httpRoute(''), 'HTTPRoute.gateway.networking.k8s.io "r" is invalid: spec: Required value'],
      [httpRoute('spec:\n  rules:\n    - matches: [{path: {type: Prefix, value: /}}]\n'), 'HTTPRoute.gateway.networking.k8s.io "r" is invalid: spec.rules[0].matches[0].path.type: Unsupported value: "Prefix": supported values: "Exact", "PathPrefix", "RegularExpression"'],
      [httpRoute('spec:\n  rules:\n    - matches: [{path: {value: api}}]\n'), 'HTTPRoute.gateway.networking.k8s.io "r" is invalid: spec.rules[0].matches[0].path: Invalid value: "object": value must be an absolute path and start with \'/\' when type one of [\'Exact\', \'PathPrefix\']'],
      [httpRoute('spec:\n  rules:\n    - backendRefs: [{name: s}]\n'), 'HTTPRoute.gateway.networking.k8s.io "r" is invalid: spec.rules[0].backendRefs[0]: Invalid value: "object": Must have port for Service reference'],
      [httpRoute('spec:\n  rules:\n    - matchs: []\n'), 'HTTPRoute in version "v1" cannot be handled as a HTTPRoute: strict decoding error: unknown field "spec.rules[0].matchs"'],
      ['apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r, lables: {a: b}}\nspec: {}\n', 'HTTPRoute in version "v1" cannot be handled as a HTTPRoute: strict decoding error: unknown field "metadata.lables"'],
      ['apiVersion: gateway.networking.k8s.io/v1\nkind: TCPRoute\nmetadata: {name: t}\nspec: {}\n', 'TCPRoute.gateway.networking.k8s.io "t" is invalid: spec.rules: Required value'],
      ['apiVersion: gateway.networking.k8s.io/v1\nkind: ReferenceGrant\nmetadata: {name: g}\nspec:\n  from: [{kind: HTTPRoute, namespace: a}]\n  to: [{group: "", kind: Service}]\n', 'ReferenceGrant.gateway.networking.k8s.io "g" is invalid: spec.from[0].group: Required value'],
    ];
    for (const [text, message] of cases) {
      const result = parseManifests(text, 't.yaml');
      assert.equal(result.objects.length, 0, message);
      assert.ok(result.errors.some((e) => e.message === message), `expected "${message}", got ${JSON.stringify(result.errors.map((e) => e.message), null, 1)}`);
      assert.ok(result.errors.every((e) => e.line !== undefined), 'every error has a line');
    }
  });

  test('experimental-channel fields validate: HTTPRoute rules[].retry, Gateway addresses without a value', () => {
    const route = `apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r}\nspec:\n  rules:\n    - retry: RETRY\n      backendRefs: [{name: s, port: 80}]\n`;
    const good = parseManifests(route.replace('RETRY', '{codes: [500, 503], attempts: 3, backoff: 100ms}'), 't.yaml');
    assert.deepEqual(good.errors, []);
    const rule = good.objects[0]?.object.kind === 'HTTPRoute' ? good.objects[0].object.spec.rules?.[0] : undefined;
    assert.deepEqual(rule?.retry, { codes: [500, 503], attempts: 3, backoff: '100ms' });
    const cases: [string, string][] = [
      ['{codes: [600]}', 'spec.rules[0].retry.codes[0]: Invalid value: 600: spec.rules[0].retry.codes[0] in body should be less than or equal to 599'],
      ['{attempts: -1}', 'spec.rules[0].retry.attempts: Invalid value: -1: spec.rules[0].retry.attempts in body should be greater than or equal to 0'],
      ['{backoff: soon}', 'spec.rules[0].retry.backoff: Invalid value: "soon": spec.rules[0].retry.backoff in body should match'],
    ];
    for (const [retry, message] of cases) {
      const result = parseManifests(route.replace('RETRY', retry), 't.yaml');
      assert.equal(result.objects.length, 0, retry);
      assert.ok(result.errors.some((e) => e.message.startsWith(`HTTPRoute.gateway.networking.k8s.io "r" is invalid: ${message}`)), `expected "${message}", got ${JSON.stringify(result.errors.map((e) => e.message))}`);
    }
    const gateway = parseManifests(GATEWAY.replace('spec:\n', 'spec:\n  addresses: [{type: IPAddress}]\n'), 'g.yaml');
    assert.deepEqual(gateway.errors, []);
    assert.deepEqual(gateway.objects[0]?.object.kind === 'Gateway' && gateway.objects[0].object.spec.addresses, [{ type: 'IPAddress' }]);
  });

  test('core kinds keep their light checks', () => {
    const cases: [string, string][] = [
      ['apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n  labels: {team: 7}\n', 'metadata.labels.team must be a string (found number 7); quote it in YAML'],
      ['apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec:\n  ports: [{port: http}]\n', 'spec.ports[0].port must be an integer (found the string "http")'],
      ['apiVersion: discovery.k8s.io/v1\nkind: EndpointSlice\nmetadata: {name: e}\nendpoints: []\n', 'addressType is required'],
      ['apiVersion: discovery.k8s.io/v1\nkind: EndpointSlice\nmetadata: {name: e}\naddressType: IPv4\nendpoints: [{addresses: 10.0.0.1}]\n', 'endpoints[0].addresses must be a list (found the string "10.0.0.1")'],
      ['apiVersion: v1\nkind: Secret\nmetadata: {name: s}\ndata: {tls.crt: 5}\n', 'data.tls.crt must be a string (found number 5); quote it in YAML'],
      // Metadata of Gateway API kinds is checked the same way (their CRD schema leaves it to the API server).
      [GATEWAY.replace('name: eg', 'name: eg\n  labels: {a: 1}'), 'metadata.labels.a must be a string (found number 1); quote it in YAML'],
    ];
    for (const [text, message] of cases) {
      const result = parseManifests(text, 't.yaml');
      assert.equal(result.objects.length, 0, message);
      assert.ok(result.errors.some((e) => e.message.startsWith(message)), `expected "${message}", got ${JSON.stringify(result.errors.map((e) => e.message))}`);
      assert.ok(result.errors.every((e) => e.line !== undefined), 'every error has a line');
    }
  });

  test('a kubernetes.io/tls Secret needs tls.crt and tls.key, in data or stringData', () => {
    const tls = (data: string): string => `apiVersion: v1\nkind: Secret\nmetadata: {name: cert}\ntype: kubernetes.io/tls\n${data}`;
    const refused: [string, string[]][] = [
      [tls('data: {tls.key: a2V5}\n'), ['tls.crt']],
      [tls('data: {tls.crt: Y3J0}\n'), ['tls.key']],
      [tls(''), ['tls.crt', 'tls.key']],
    ];
    for (const [text, missing] of refused) {
      const result = parseManifests(text, 'secret.yaml');
      assert.deepEqual(result.objects, [], text);
      assert.deepEqual(result.errors.map((e) => [e.source, e.object, e.field, e.message]), missing.map((key) => [
        'secret.yaml', 'Secret default/cert', `data.${key}`,
        `data[${key}]: Required value (a Secret of type kubernetes.io/tls must have it); this version of the object is rejected`,
      ]), text);
      assert.deepEqual(result.rejected, [{ kind: 'Secret', namespace: 'default', name: 'cert' }]);
    }
    const taken = [
      tls('data: {tls.crt: Y3J0, tls.key: a2V5}\n'),
      tls('data: {tls.crt: Y3J0}\nstringData: {tls.key: key}\n'),
      'apiVersion: v1\nkind: Secret\nmetadata: {name: other}\ndata: {ca.crt: Y2E=}\n',
    ];
    for (const text of taken) assert.deepEqual(parseManifests(text, 'secret.yaml').errors, [], text);
  });

  test('a missing required field points at its closest parent', () => {
    const text = 'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r}\nspec:\n  rules:\n    - backendRefs:\n        - port: 80\n';
    const [error] = parseManifests(text, 'r.yaml').errors;
    assert.equal(error?.field, 'spec.rules[0].backendRefs[0].name');
    assert.equal(error?.line, 7);
  });

  test('normalises like the API server: namespace default, nulls and status dropped', () => {
    const text = `${GATEWAY}  addresses:\nstatus:\n  conditions: []\n`;
    const [entry] = parseManifests(text, 'n.yaml').objects;
    assert.ok(entry);
    assert.equal(entry.object.metadata.namespace, 'default');
    assert.equal('status' in entry.object, false);
    assert.equal('addresses' in (entry.object as { spec: object }).spec, false);
  });

  test('YAML anchors and merge keys resolve', () => {
    const text = 'apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec:\n  ports:\n    - &p {port: 80, name: http}\n    - <<: *p\n      port: 81\n      name: alt\n';
    const result = parseManifests(text, 'a.yaml');
    assert.deepEqual(result.errors, []);
    assert.deepEqual((result.objects[0]?.object as { spec: unknown }).spec, { ports: [{ port: 80, name: 'http' }, { port: 81, name: 'alt' }] });
  });

  test('kind: List items are read with their own positions', () => {
    const text = 'apiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    kind: Namespace\n    metadata: {name: a}\n  - apiVersion: v1\n    kind: Service\n    metadata: {name: s}\n    spec: {ports: [{port: x}]}\n';
    const result = parseManifests(text, 'l.yaml');
    assert.deepEqual(result.objects.map((o) => [o.object.kind, o.line]), [['Namespace', 4]]);
    assert.equal(result.errors[0]?.field, 'items[1].spec.ports[0].port');
    assert.equal(result.errors[0]?.line, 10);
  });
});
