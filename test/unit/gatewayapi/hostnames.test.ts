import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { compareHostnameSpecificity, hostnameCovers, intersectHostname, intersectListenerAndRoute } from '../../../src/gatewayapi/listeners/hostnames';

describe('hostnameCovers', () => {
  test('exact names cover only themselves', () => {
    assert.equal(hostnameCovers('foo.example.com', 'foo.example.com'), true);
    assert.equal(hostnameCovers('foo.example.com', 'bar.example.com'), false);
    assert.equal(hostnameCovers('foo.example.com', '*.example.com'), false);
  });
  test('a wildcard covers subdomains at any depth but not the apex', () => {
    assert.equal(hostnameCovers('*.example.com', 'foo.example.com'), true);
    assert.equal(hostnameCovers('*.example.com', 'a.b.example.com'), true);
    assert.equal(hostnameCovers('*.example.com', 'example.com'), false);
    assert.equal(hostnameCovers('*.example.com', 'fooexample.com'), false);
    assert.equal(hostnameCovers('*.example.com', 'example.org'), false);
  });
  test('a wildcard covers narrower wildcards', () => {
    assert.equal(hostnameCovers('*.example.com', '*.foo.example.com'), true);
    assert.equal(hostnameCovers('*.foo.example.com', '*.example.com'), false);
    assert.equal(hostnameCovers('*.com', '*.example.com'), true);
  });
  test('"*" covers everything and nothing but itself covers it', () => {
    assert.equal(hostnameCovers('*', 'foo.example.com'), true);
    assert.equal(hostnameCovers('*', '*.example.com'), true);
    assert.equal(hostnameCovers('*.example.com', '*'), false);
  });
});

describe('intersectHostname', () => {
  test('is the narrower name, or nothing', () => {
    assert.equal(intersectHostname('*.example.com', 'foo.example.com'), 'foo.example.com');
    assert.equal(intersectHostname('foo.example.com', '*.example.com'), 'foo.example.com');
    assert.equal(intersectHostname('*.example.com', '*.a.example.com'), '*.a.example.com');
    assert.equal(intersectHostname('*.example.com', 'example.com'), undefined);
    assert.equal(intersectHostname('a.example.com', 'b.example.com'), undefined);
  });
});

describe('intersectListenerAndRoute', () => {
  test('no hostname on either side means any host', () => {
    assert.deepEqual(intersectListenerAndRoute(undefined, undefined), ['*']);
    assert.deepEqual(intersectListenerAndRoute(undefined, []), ['*']);
  });
  test('a route without hostnames takes the listener hostname', () => {
    assert.deepEqual(intersectListenerAndRoute('foo.example.com', []), ['foo.example.com']);
    assert.deepEqual(intersectListenerAndRoute('*.example.com', undefined), ['*.example.com']);
  });
  test('a listener without hostname keeps the route hostnames, most specific first', () => {
    assert.deepEqual(intersectListenerAndRoute(undefined, ['*.b.com', 'a.com']), ['a.com', '*.b.com']);
  });
  test('route hostnames outside the listener hostname are ignored', () => {
    assert.deepEqual(intersectListenerAndRoute('*.example.com', ['foo.example.com', 'test.example.net']), ['foo.example.com']);
  });
  test('the spec examples for a listener with test.example.com', () => {
    assert.deepEqual(intersectListenerAndRoute('test.example.com', ['test.example.com']), ['test.example.com']);
    assert.deepEqual(intersectListenerAndRoute('test.example.com', ['*.example.com']), ['test.example.com']);
    assert.deepEqual(intersectListenerAndRoute('test.example.com', ['other.example.com']), []);
  });
  test('the spec examples for a listener with *.example.com', () => {
    assert.deepEqual(intersectListenerAndRoute('*.example.com', ['*.example.com', 'test.example.com', 'foo.test.example.com']),
      ['foo.test.example.com', 'test.example.com', '*.example.com']);
    assert.deepEqual(intersectListenerAndRoute('*.example.com', ['example.com', 'test.example.net']), []);
  });
  test('names are compared case-insensitively and deduplicated', () => {
    assert.deepEqual(intersectListenerAndRoute('Foo.Example.com', ['foo.example.COM', 'FOO.example.com']), ['foo.example.com']);
  });
});

describe('compareHostnameSpecificity', () => {
  test('exact before wildcard, more labels first, "*" last', () => {
    const sorted = ['*', '*.example.com', 'b.example.com', '*.foo.example.com', 'a.example.com', 'x.y.example.com', 'longer.example.com']
      .sort(compareHostnameSpecificity);
    assert.deepEqual(sorted, ['x.y.example.com', 'longer.example.com', 'a.example.com', 'b.example.com', '*.foo.example.com', '*.example.com', '*']);
  });
});
