/** The matcher tree a virtual host's routes go into (route-lookup.ts): what each leaf holds. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Route } from '../../../src/generated/envoy/config/route/v3/Route';
import { literalPathPrefix, routeLookupTree, withRouteLookupTree } from '../../../src/xds/translator/listeners/route-lookup';
import { virtualHostRoutes } from './vhost-routes';

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

/** Envoy's route match on the path alone (the routes here match nothing else). */
function matchesPath(route: Route, path: string): boolean {
  const m = route.match!;
  if (m.path !== undefined) return path === m.path;
  if (m.path_separated_prefix !== undefined) return path === m.path_separated_prefix || path.startsWith(`${m.path_separated_prefix}/`);
  if (m.safe_regex) return new RegExp(`^(?:${m.safe_regex.regex})$`).test(path);
  if (m.case_sensitive?.value === false) return path.toLowerCase().startsWith(m.prefix!.toLowerCase());
  return path.startsWith(m.prefix!);
}

/** What Envoy does with the tree: the leaf of the longest key that begins the path, then its routes in order. */
function lookUp(tree: NonNullable<ReturnType<typeof routeLookupTree>>, path: string): string | undefined {
  const map = tree.matcher_tree!.prefix_match_map!.map!;
  const key = Object.keys(map).filter((k) => path.startsWith(k)).sort((a, b) => b.length - a.length)[0];
  const leaf = key !== undefined ? map[key] : tree.on_no_match;
  return leaf ? names(leaf).find((n) => matchesPath(routes.concat(many).find((r) => r.name === n)!, path)) : undefined;
}

const many = Array.from({ length: 300 }, (_, i) => r(`p${i}`, { path_separated_prefix: `/svc/${i % 7}/item-${String(i).padStart(3, '0')}` }))
  .concat([r('svc', { path_separated_prefix: '/svc' }), r('svc-3', { path: '/svc/3' }), r('all', { prefix: '/' }), r('re', { safe_regex: { regex: '/svc/[0-9]/item-1.*' } })]);

test('the tree picks the route the list picks, for every path tried; keys that share a prefix share a leaf of a few routes', () => {
  for (const set of [routes, many]) {
    const tree = routeLookupTree(set)!;
    const paths = ['/', '/a', '/a/', '/a/b', '/a/bc', '/ab', '/abc', '/a/b/c', '/c', '/C/x', '/svc', '/svc/3', '/svc/3/x', '/svc/1/item-001', '/svc/1/item-1', '/svc/1/item-100/x', '/svc/2/item-002', '/svc/2/item-0021', '/svc/9', '/x', 'no-slash'];
    for (const i of [0, 7, 150, 299]) paths.push(`/svc/${i % 7}/item-${String(i).padStart(3, '0')}`, `/svc/${i % 7}/item-${String(i).padStart(3, '0')}/deeper`);
    for (const path of paths) assert.equal(lookUp(tree, path), set.find((x) => matchesPath(x, path))?.name, path);
  }
  const leaves = Object.values(routeLookupTree(many)!.matcher_tree!.prefix_match_map!.map!);
  assert.ok(leaves.length > 300 / 16 && leaves.length < 300 / 2, `${leaves.length} leaves for 300 keys`);
  assert.equal(names(routeLookupTree(routes)!.on_no_match).join(), 'regex,insensitive', 'a path no key begins: the routes without a key');
  assert.equal((routeLookupTree(routes)!.matcher_tree!.input!.typed_config as unknown as { header_name: string }).header_name, ':path');
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

test('a tree whose leaves would repeat routes too often (many regular expressions over many nested prefixes) is not made: the list stays', () => {
  const many = [
    ...Array.from({ length: 40 }, (_, i) => r(`regex-${i}`, { safe_regex: { regex: `/r${i}/.*` } })),
    ...Array.from({ length: 200 }, (_, i) => r(`prefix-${i}`, { path_separated_prefix: '/k'.repeat(i + 1) })),
  ];
  assert.equal(routeLookupTree(many), undefined);
  const vhost = withRouteLookupTree({ name: 'v', domains: ['*'], routes: many });
  assert.equal(vhost.matcher, undefined);
  assert.equal(vhost.routes, many);
  assert.ok(routeLookupTree(many.slice(0, 1).concat(many.slice(40, 60))), 'one regular expression over 20 nested prefixes is within the budget');
});

test('a virtual host whose routes fit in one leaf keeps its list; one with more gets the tree', () => {
  const few = many.slice(0, 16);
  const small = withRouteLookupTree({ name: 'v', domains: ['*'], routes: few });
  assert.equal(small.matcher, undefined);
  assert.equal(small.routes, few);
  const large = withRouteLookupTree({ name: 'v', domains: ['*'], routes: many.slice(0, 17) });
  assert.ok(large.matcher, 'a tree for 17 routes');
  assert.equal(large.routes, undefined);
});
