/**
 * The bytes of a virtual host's route matcher tree (translator/listeners/route-lookup.ts),
 * assembled from each route's bytes encoded once: a leaf lists routes inside a RouteList packed in
 * an Any, which a generic encoder would encode again, every route, at every edit of the virtual
 * host. Field numbers are those of xds.type.matcher.v3.Matcher and the messages it holds.
 */
import { anySize, fieldSize, writeBytesField, writeFieldHead } from './assembly';

const MATCHER_TREE = 2;
const MATCHER_ON_NO_MATCH = 3;
const TREE_INPUT = 1;
const TREE_PREFIX_MATCH_MAP = 3;
const MATCH_MAP_ENTRY = 1;
const MAP_KEY = 1;
const MAP_VALUE = 2;
const ON_MATCH_ACTION = 2;
const EXTENSION_NAME = 1;
const EXTENSION_TYPED_CONFIG = 2;
const ROUTE_LIST_ROUTES = 1;

export const ROUTE_LIST_TYPE = 'type.googleapis.com/envoy.config.route.v3.RouteList';
const ROUTE_LIST_TYPE_BYTES = Buffer.from(ROUTE_LIST_TYPE);

/** The shape route-lookup.ts builds: a prefix map on one input, each leaf a RouteList. */
export interface RouteTree {
  matcher_tree: { input: object; prefix_match_map: { map: Record<string, RouteListOnMatch> } };
  on_no_match?: RouteListOnMatch;
}
interface RouteListOnMatch { action: { name: string; typed_config: { '@type': string; routes: object[] } } }

function isRouteListOnMatch(value: unknown): value is RouteListOnMatch {
  const action = (value as { action?: { name?: unknown; typed_config?: { '@type'?: unknown; routes?: unknown } } } | undefined)?.action;
  return typeof action?.name === 'string' && action.typed_config?.['@type'] === ROUTE_LIST_TYPE && Array.isArray(action.typed_config.routes)
    && Object.keys(value as object).length === 1 && Object.keys(action).length === 2 && Object.keys(action.typed_config).length === 2;
}

/** Trees the translator built in the shape above: known without looking through them. */
const BUILT = new WeakSet<object>();

/** Marks a tree as built in the shape above (route-lookup.ts), so the encoder takes it as it is. */
export function markRouteTree<T extends object>(tree: T): T {
  BUILT.add(tree);
  return tree;
}

/** Whether a matcher is one this module encodes (anything else goes to the generic encoder). */
export function isRouteTree(matcher: unknown): matcher is RouteTree {
  if (typeof matcher === 'object' && matcher !== null && BUILT.has(matcher)) return true;
  const m = matcher as { matcher_tree?: { input?: unknown; prefix_match_map?: { map?: unknown } }; on_no_match?: unknown } | undefined;
  if (!m?.matcher_tree?.input || typeof m.matcher_tree.prefix_match_map?.map !== 'object') return false;
  if (Object.keys(m).some((k) => k !== 'matcher_tree' && k !== 'on_no_match') || Object.keys(m.matcher_tree).length !== 2) return false;
  if (m.on_no_match !== undefined && !isRouteListOnMatch(m.on_no_match)) return false;
  return Object.values(m.matcher_tree.prefix_match_map.map as object).every(isRouteListOnMatch);
}

const NAME_BYTES = new Map<string, Uint8Array>();
function utf8(text: string): Uint8Array {
  let bytes = NAME_BYTES.get(text);
  if (!bytes) {
    bytes = Buffer.from(text);
    if (NAME_BYTES.size < 64) NAME_BYTES.set(text, bytes);
  }
  return bytes;
}

/** An OnMatch holding a RouteList action, measured: each size is of a message's content. */
interface SizedOnMatch { name: Uint8Array; routes: Uint8Array[]; list: number; any: number; extension: number; onMatch: number }

function sized(onMatch: RouteListOnMatch, encodeRoute: (route: object) => Uint8Array): SizedOnMatch {
  const routes = onMatch.action.typed_config.routes.map(encodeRoute);
  let list = 0;
  for (const r of routes) list += fieldSize(ROUTE_LIST_ROUTES, r.length);
  const name = utf8(onMatch.action.name);
  const any = anySize(ROUTE_LIST_TYPE_BYTES, list);
  const extension = fieldSize(EXTENSION_NAME, name.length) + fieldSize(EXTENSION_TYPED_CONFIG, any);
  return { name, routes, list, any, extension, onMatch: fieldSize(ON_MATCH_ACTION, extension) };
}

/** Writes an OnMatch's content at `at`; returns the position after it. */
function writeOnMatch(out: Uint8Array, at: number, m: SizedOnMatch): number {
  at = writeFieldHead(out, at, ON_MATCH_ACTION, m.extension);
  at = writeBytesField(out, at, EXTENSION_NAME, m.name);
  at = writeFieldHead(out, at, EXTENSION_TYPED_CONFIG, m.any);
  at = writeBytesField(out, at, 1, ROUTE_LIST_TYPE_BYTES); // Any.type_url
  at = writeFieldHead(out, at, 2, m.list); // Any.value
  for (const r of m.routes) at = writeBytesField(out, at, ROUTE_LIST_ROUTES, r);
  return at;
}

/**
 * The Matcher's bytes, written once into a buffer sized up front (nested messages would
 * otherwise copy every route's bytes once per level); encodeInput encodes the tree's input.
 */
export function routeTreeBytes(tree: RouteTree, encodeRoute: (route: object) => Uint8Array, encodeInput: (input: object) => Uint8Array): Uint8Array {
  const entries = Object.entries(tree.matcher_tree.prefix_match_map.map).map(([key, onMatch]) => {
    const k = Buffer.from(key);
    const m = sized(onMatch, encodeRoute);
    return { k, m, size: fieldSize(MAP_KEY, k.length) + fieldSize(MAP_VALUE, m.onMatch) };
  });
  let map = 0;
  for (const e of entries) map += fieldSize(MATCH_MAP_ENTRY, e.size);
  const input = encodeInput(tree.matcher_tree.input);
  const matcherTree = fieldSize(TREE_INPUT, input.length) + fieldSize(TREE_PREFIX_MATCH_MAP, map);
  const noMatch = tree.on_no_match ? sized(tree.on_no_match, encodeRoute) : undefined;
  const total = fieldSize(MATCHER_TREE, matcherTree) + (noMatch ? fieldSize(MATCHER_ON_NO_MATCH, noMatch.onMatch) : 0);
  const out = new Uint8Array(total);
  let at = writeFieldHead(out, 0, MATCHER_TREE, matcherTree);
  at = writeBytesField(out, at, TREE_INPUT, input);
  at = writeFieldHead(out, at, TREE_PREFIX_MATCH_MAP, map);
  for (const e of entries) {
    at = writeFieldHead(out, at, MATCH_MAP_ENTRY, e.size);
    at = writeBytesField(out, at, MAP_KEY, e.k);
    at = writeOnMatch(out, writeFieldHead(out, at, MAP_VALUE, e.m.onMatch), e.m);
  }
  if (noMatch) at = writeOnMatch(out, writeFieldHead(out, at, MATCHER_ON_NO_MATCH, noMatch.onMatch), noMatch);
  if (at !== total) throw new Error(`route tree encoding wrote ${at} of ${total} bytes`);
  return out;
}
