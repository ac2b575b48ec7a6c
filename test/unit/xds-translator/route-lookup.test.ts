/** The matcher tree a virtual host's routes go into (route-lookup.ts): what each leaf holds. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Route } from '../../../src/generated/envoy/config/route/v3/Route';
import { literalPathPrefix, routeLookupTree, virtualHostRoutes, withRouteLookupTree } from '../../../src/xds/translator/listeners/route-lookup';

const r = (name: string, match: Route['match']): Route => ({ name, match, direct_response: { status: 204 } });
const names = (onMatch: unknown): string[] =>
  ((onMatch as { action: { typed_config: { routes: Route[] } } }).action.typed_config.routes).map((x) => x.name ?? '');

// In precedence order, as the translator sorts them.
const routes = [
  r('exact-ab', { path: '/a/b' }),
  r('regex', { safe_regex: { regex: '/a/.*' } }),
  r('prefix-a-b', { path_separated_prefix: '/a/b' }),
  r('prefix-ab', { path_separated_prefix: '/ab' }),
  r('prefix-a', { path_separated_prefix: '/a' }),
  r('insensitive', { prefix: '/c', case_sensitive: { value: false } }),
  r('root', { prefix: '/' }),
];

test('a literal path prefix: exact paths and prefixes have one; regular expressions and case-insensitive matches none', () => {
  assert.deepEqual(routes.map(literalPathPrefix), ['/a/b', undefined, '/a/b', '/ab', '/a', undefined, '/']);
});

test('each leaf holds, in the list\'s order, its key\'s routes, those of every key that begins it, and the routes without a key', () => {
  const tree = routeLookupTree(routes)!;
  const map = tree.matcher_tree!.prefix_match_map!.map!;
  assert.deepEqual(Object.keys(map), ['/', '/a', '/a/b', '/ab']);
  assert.deepEqual(names(map['/']), ['regex', 'insensitive', 'root']);
  assert.deepEqual(names(map['/a']), ['regex', 'prefix-a', 'insensitive', 'root']);
  // "/a" begins "/ab" as text: its routes are in the leaf (they do not match "/ab..." paths, and say so themselves).
  assert.deepEqual(names(map['/ab']), ['regex', 'prefix-ab', 'prefix-a', 'insensitive', 'root']);
  assert.deepEqual(names(map['/a/b']), ['exact-ab', 'regex', 'prefix-a-b', 'prefix-a', 'insensitive', 'root']);
  assert.deepEqual(names(tree.on_no_match), ['regex', 'insensitive'], 'a path no key begins (no :path, "*")');
  assert.deepEqual((tree.matcher_tree!.input!.typed_config as unknown as { header_name: string }).header_name, ':path');
});

test('the routes read back from the tree come in an order a list would try them in', () => {
  const back = virtualHostRoutes({ name: 'v', domains: ['*'], matcher: routeLookupTree(routes)! }).map((x) => x.name);
  assert.deepEqual([...back].sort(), routes.map((x) => x.name).sort());
  // Every pair that shares a leaf keeps its order.
  const at = (name: string): number => back.indexOf(name);
  for (const [a, b] of [['exact-ab', 'regex'], ['regex', 'prefix-a-b'], ['prefix-a-b', 'prefix-a'], ['prefix-ab', 'prefix-a'], ['prefix-a', 'root'], ['insensitive', 'root']]) {
    assert.ok(at(a!) < at(b!), `${a} before ${b}: ${back.join(', ')}`);
  }
});

test('a tree whose leaves would repeat routes too often (many regular expressions under many prefixes) is not made: the list stays', () => {
  const many = [
    ...Array.from({ length: 40 }, (_, i) => r(`regex-${i}`, { safe_regex: { regex: `/r${i}/.*` } })),
    ...Array.from({ length: 200 }, (_, i) => r(`prefix-${i}`, { path_separated_prefix: `/p${i}` })),
  ];
  assert.equal(routeLookupTree(many), undefined);
  const vhost = withRouteLookupTree({ name: 'v', domains: ['*'], routes: many });
  assert.equal(vhost.matcher, undefined);
  assert.equal(vhost.routes, many);
  assert.ok(routeLookupTree(many.slice(0, 1).concat(many.slice(40))), 'one regular expression under 200 prefixes is within the budget');
});
