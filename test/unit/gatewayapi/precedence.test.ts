import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { TranslatedMatch } from '../../../src/gatewayapi/routes/httpmatch';
import { comparePrecedence, precedenceKey, precedenceKeyFrom, routeHostnameRank, type PrecedenceKey, type RouteIdentity } from '../../../src/gatewayapi/routes/precedence';

function match(partial: Partial<TranslatedMatch>): TranslatedMatch {
  return { pathMatch: { pathPrefix: '/' }, headerMatches: [], queryParamMatches: [], ...partial };
}

const route: RouteIdentity = { namespace: 'default', name: 'r', creationTimestamp: '2024-01-01T00:00:00Z' };
const header = (name: string) => ({ name, match: { exact: 'v' } });

function order(entries: [string, PrecedenceKey][]): string[] {
  return [...entries].sort((a, b) => comparePrecedence(a[1], b[1])).map(([label]) => label);
}

describe('route precedence', () => {
  test('exact path beats any prefix, however long', () => {
    assert.deepEqual(order([
      ['prefix', precedenceKey(match({ pathMatch: { pathPrefix: '/a/very/long/prefix' } }), route, 0, 0)],
      ['exact', precedenceKey(match({ pathMatch: { exact: '/a' } }), route, 0, 1)],
    ]), ['exact', 'prefix']);
  });
  test('longer prefix first', () => {
    assert.deepEqual(order([
      ['short', precedenceKey(match({ pathMatch: { pathPrefix: '/a' } }), route, 0, 0)],
      ['long', precedenceKey(match({ pathMatch: { pathPrefix: '/a/b' } }), route, 0, 1)],
    ]), ['long', 'short']);
  });
  test('regular expressions rank between exact and prefix paths', () => {
    assert.deepEqual(order([
      ['prefix', precedenceKey(match({ pathMatch: { pathPrefix: '/' } }), route, 0, 0)],
      ['regex', precedenceKey(match({ pathMatch: { regex: '/.*' } }), route, 0, 1)],
      ['exact', precedenceKey(match({ pathMatch: { exact: '/x' } }), route, 0, 2)],
    ]), ['exact', 'regex', 'prefix']);
  });
  test('then method, then most headers, then most query params', () => {
    assert.deepEqual(order([
      ['plain', precedenceKey(match({}), route, 0, 0)],
      ['query', precedenceKey(match({ queryParamMatches: [header('q')] }), route, 0, 1)],
      ['headers2', precedenceKey(match({ headerMatches: [header('a'), header('b')] }), route, 0, 2)],
      ['headers1', precedenceKey(match({ headerMatches: [header('a')], queryParamMatches: [header('q'), header('r')] }), route, 0, 3)],
      ['method', precedenceKey(match({ method: 'GET' }), route, 0, 4)],
    ]), ['method', 'headers2', 'headers1', 'query', 'plain']);
  });
  test('ties go to the oldest route, then namespace/name, then rule and match order', () => {
    const older: RouteIdentity = { namespace: 'z', name: 'z', creationTimestamp: '2020-01-01T00:00:00Z' };
    const newerA: RouteIdentity = { namespace: 'a', name: 'b', creationTimestamp: '2021-01-01T00:00:00Z' };
    const newerB: RouteIdentity = { namespace: 'a', name: 'c', creationTimestamp: '2021-01-01T00:00:00Z' };
    const unknownAge: RouteIdentity = { namespace: 'a', name: 'a', creationTimestamp: undefined };
    const m = match({});
    assert.deepEqual(order([
      ['unknown', precedenceKey(m, unknownAge, 0, 0)],
      ['newerB', precedenceKey(m, newerB, 0, 0)],
      ['newerA-rule1', precedenceKey(m, newerA, 1, 0)],
      ['newerA-rule0-match1', precedenceKey(m, newerA, 0, 1)],
      ['newerA-rule0-match0', precedenceKey(m, newerA, 0, 0)],
      ['older', precedenceKey(m, older, 3, 0)],
    ]), ['older', 'newerA-rule0-match0', 'newerA-rule0-match1', 'newerA-rule1', 'newerB', 'unknown']);
  });

  test('on one intersected hostname, the route\'s own hostname ranks first: exact over wildcard, longer wildcard over shorter, before path and age', () => {
    assert.deepEqual(routeHostnameRank(['*.example.com'], 'abc.example.com'), [0, 13]);
    assert.deepEqual(routeHostnameRank(['ABC.example.com', '*.example.com'], 'abc.example.com'), [15, 15]);
    assert.deepEqual(routeHostnameRank([], 'abc.example.com'), [15, 15], 'no hostnames: ranks as the name it lands on');
    assert.deepEqual(routeHostnameRank(['*.com'], '*.example.com'), [0, 5]);
    const older: RouteIdentity = { namespace: 'ns', name: 'older', creationTimestamp: '2020-01-01T00:00:00Z' };
    const newer: RouteIdentity = { namespace: 'ns', name: 'newer', creationTimestamp: '2021-01-01T00:00:00Z' };
    const longPrefix = precedenceKey(match({ pathMatch: { pathPrefix: '/path/prefix' } }), older, 0, 0).specificity;
    const shortPrefix = precedenceKey(match({ pathMatch: { pathPrefix: '/path' } }), newer, 0, 0).specificity;
    assert.deepEqual(order([
      ['older wildcard, longer path', precedenceKeyFrom(longPrefix, older, 0, 0, routeHostnameRank(['*.example.com'], 'abc.example.com'))],
      ['newer exact, shorter path', precedenceKeyFrom(shortPrefix, newer, 0, 0, routeHostnameRank(['abc.example.com'], 'abc.example.com'))],
    ]), ['newer exact, shorter path', 'older wildcard, longer path']);
  });
});
