/**
 * One served HTTP or HTTPS listener's route table, kept between translations: the entries
 * placed on it by hostname, and the IR virtual hosts built from them (virtualhosts.ts). Adding
 * or removing a route's entries marks their hostnames stale; virtualHosts() then rebuilds only
 * those virtual hosts (and the ones a stale wildcard covers), so a route edit costs that route
 * and its virtual hosts, not every route on the listener. The result is the same as building
 * every virtual host again: each is a function of its own entries and those of the wildcards
 * covering it.
 */
import type { VirtualHost } from '../../ir/types';
import { freezeValue } from '../../message/watchable';
import { compareHostnameSpecificity, isWildcard } from '../listeners/hostnames';
import type { ListenerContext } from '../model/contexts';
import { comparePrecedence } from './precedence';
import { coveringWildcards, virtualHostRoutes, type IRRouteCache, type RouteTableEntry } from './virtualhosts';

const NO_ENTRIES: readonly RouteTableEntry[] = [];

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Where value goes in sorted (by compare) after its equals: the first index after it. */
function upperBound<T>(sorted: readonly T[], value: T, compare: (a: T, b: T) => number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(sorted[mid]!, value) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const byPrecedence = (a: RouteTableEntry, b: RouteTableEntry): number => comparePrecedence(a.precedence, b.precedence);

/** Below this many entries a hostname's list is sorted whole; above, an entry goes in by binary search. */
const SORT_WHOLE_BELOW = 16;

/** Where value goes in sorted (by compare): the first index not before it. */
export function insertionIndex<T>(sorted: readonly T[], value: T, compare: (a: T, b: T) => number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(sorted[mid]!, value) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class ListenerRouteTable {
  /** Hostname -> its entries; sorted by precedence unless the hostname is in unsorted. */
  private readonly byHostname = new Map<string, RouteTableEntry[]>();
  /**
   * Hostnames whose entries were appended, to be sorted by the next virtualHosts(). A list that
   * is long already takes an entry at its place instead (upper bound: after its equals, as a
   * stable sort would put it), so adding a route to a hostname of thousands costs a binary
   * search, not a sort.
   */
  private readonly unsorted = new Set<string>();
  /** The hostnames with entries, most specific first; and the wildcards among them. */
  private hostnames: string[] = [];
  private wildcards: string[] = [];
  /** Hostnames whose entries changed since the last virtualHosts(). */
  private readonly stale = new Set<string>();
  /** The virtual hosts last built, by hostname (frozen: the IR shares them). */
  private readonly built = new Map<string, VirtualHost>();
  private list: VirtualHost[] = [];

  constructor(readonly listener: ListenerContext) {}

  add(entries: readonly RouteTableEntry[]): void {
    for (const e of entries) {
      let list = this.byHostname.get(e.hostname);
      if (!list) {
        this.byHostname.set(e.hostname, (list = []));
        this.addHostname(e.hostname);
      }
      if (list.length < SORT_WHOLE_BELOW || this.unsorted.has(e.hostname)) {
        list.push(e);
        this.unsorted.add(e.hostname);
      } else {
        list.splice(upperBound(list, e, byPrecedence), 0, e);
      }
      this.stale.add(e.hostname);
    }
  }

  /** Removes one placement of each entry (an entry placed twice stays once). */
  remove(entries: readonly RouteTableEntry[]): void {
    for (const e of entries) {
      const list = this.byHostname.get(e.hostname);
      const at = list ? list.lastIndexOf(e) : -1;
      if (at < 0) continue;
      list!.splice(at, 1);
      this.stale.add(e.hostname);
      if (list!.length === 0) {
        this.byHostname.delete(e.hostname);
        this.removeHostname(e.hostname);
      }
    }
  }

  /** Drops every entry (a full translation places them all again); built virtual hosts stay for reuse. */
  clear(): void {
    for (const h of this.byHostname.keys()) this.stale.add(h);
    this.byHostname.clear();
    this.hostnames = [];
    this.wildcards = [];
  }

  /** The IR virtual hosts, most specific hostname first; the same array while nothing changed. */
  virtualHosts(cache: IRRouteCache | undefined): VirtualHost[] {
    if (this.stale.size === 0) return this.list;
    const affected = new Set<string>();
    for (const h of this.stale) affected.add(h);
    for (const h of this.unsorted) this.byHostname.get(h)?.sort(byPrecedence);
    this.unsorted.clear();
    // A wildcard's routes are part of every virtual host it covers.
    const staleWildcards = [...this.stale].filter(isWildcard);
    if (staleWildcards.length > 0) {
      for (const h of this.hostnames) if (coveringWildcards(h, staleWildcards).length > 0) affected.add(h);
    }
    this.stale.clear();
    const entriesOf = (h: string): readonly RouteTableEntry[] => this.byHostname.get(h) ?? NO_ENTRIES;
    for (const h of affected) {
      if (!this.byHostname.has(h)) {
        this.built.delete(h);
        continue;
      }
      const routes = virtualHostRoutes(this.listener, h, entriesOf, coveringWildcards(h, this.wildcards), cache);
      const before = this.built.get(h);
      if (before && sameItems(before.routes, routes)) continue;
      this.built.set(h, freezeValue({ name: h, domains: [h], routes }));
    }
    const list = this.hostnames.map((h) => this.built.get(h)!);
    if (!sameItems(list, this.list)) this.list = list;
    return this.list;
  }

  private addHostname(h: string): void {
    this.hostnames.splice(insertionIndex(this.hostnames, h, compareHostnameSpecificity), 0, h);
    if (isWildcard(h)) this.wildcards.splice(insertionIndex(this.wildcards, h, compareHostnameSpecificity), 0, h);
  }

  private removeHostname(h: string): void {
    this.hostnames.splice(insertionIndex(this.hostnames, h, compareHostnameSpecificity), 1);
    if (isWildcard(h)) this.wildcards.splice(insertionIndex(this.wildcards, h, compareHostnameSpecificity), 1);
  }
}
