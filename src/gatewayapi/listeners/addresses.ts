/**
 * Gateway address assignment (GEP-5093, Gateway Address Routability): which of the addresses
 * the infrastructure gives a Gateway satisfy which spec.addresses entry, and what status.addresses
 * and the AddressesAssigned condition say. Pure.
 *
 * - Each entry is evaluated on its own and is given one distinct address, or none: an entry is
 *   never given an address of another routability than it asks for (no substitution).
 * - Routability unset or "": any address of default selection (reported with its own
 *   routability: "Cluster" when it is a Service ClusterIP, else ""). The conformance sentinel
 *   `testing.x-k8s.io/sentinel` carries no guarantee: it is given what "" would be, and reported as
 *   asked. "Cluster": a Service ClusterIP (Kubernetes infrastructure only). Any other value
 *   (prefixed, implementation-specific) is one Pier does not support: unsatisfiable.
 * - An entry with a value is given exactly that address, when the Gateway has it.
 * - Entries with a value or "Cluster" are served first, so an entry that any address satisfies
 *   does not take the one a stricter entry needs.
 */
import { isIP } from 'node:net';
import { ROUTABILITY_CLUSTER, ROUTABILITY_SENTINEL, asksDefaultRoutability, specifiedAddresses, type GatewayAddress, type GatewaySpecAddress } from '../../apis/gateway';
import type { InfraAddress } from '../../ir/types';
import { GatewayReason } from '../model/conditions';
import type { GatewayContext } from '../model/contexts';
import { verdict, type Verdict } from '../model/status';
import type { GatewayOptions } from './listeners';

/** What the infrastructure gives the Gateway. */
export interface AddressOffer {
  /** What default address selection gives, in order. */
  assigned: readonly InfraAddress[];
  /** The Gateway's Service ClusterIPs: what "Cluster" entries are given. */
  cluster: readonly string[];
  /** Whether the infrastructure gives Gateways Service ClusterIPs at all (Kubernetes): without, "Cluster" can never be satisfied. */
  clusterRoutability: boolean;
}

export interface UnsatisfiedAddress {
  /** The entry's index in spec.addresses. */
  index: number;
  why: string;
  /** Nothing the infrastructure may report later satisfies it (a routability Pier cannot give here). */
  permanent: boolean;
}

export interface AddressAssignment {
  /** status.addresses: for spec.addresses, one per satisfied entry in spec order; else what default selection gave. */
  addresses: GatewayAddress[];
  unsatisfied: UnsatisfiedAddress[];
  /** How many spec.addresses entries there are (0: default selection). */
  requested: number;
}

/** "spec.addresses[1] (IPAddress 10.0.0.1 routability Cluster)", for messages. */
export function describeEntry(entry: GatewaySpecAddress, index: number): string {
  const parts = [entry.type ?? 'IPAddress', ...(entry.value ? [entry.value] : []), ...(entry.routability ? [`routability ${entry.routability}`] : [])];
  return `spec.addresses[${index}] (${parts.join(' ')})`;
}

/** Entries that can only take a particular address come first; spec order otherwise. */
function strictness(entry: GatewaySpecAddress): number {
  if (entry.value) return 0;
  return asksDefaultRoutability(entry) ? 2 : 1;
}

export function assignAddresses(entries: readonly GatewaySpecAddress[], offer: AddressOffer): AddressAssignment {
  if (entries.length === 0) {
    return { addresses: offer.assigned.map((a) => ({ type: a.type, value: a.value, routability: a.routability ?? '' })), unsatisfied: [], requested: 0 };
  }
  const clusterAddresses: InfraAddress[] = offer.cluster.map((value) => ({ type: 'IPAddress', value, routability: ROUTABILITY_CLUSTER }));
  const used = new Set<string>();
  const given = new Map<number, GatewayAddress>();
  const unsatisfied: UnsatisfiedAddress[] = [];
  const order = entries.map((entry, index) => ({ entry, index })).sort((a, b) => strictness(a.entry) - strictness(b.entry) || a.index - b.index);
  for (const { entry, index } of order) {
    const type = entry.type ?? 'IPAddress';
    const routability = entry.routability ?? '';
    const unsatisfiable = (why: string, permanent: boolean): void => { unsatisfied.push({ index, why: `${describeEntry(entry, index)}: ${why}`, permanent }); };
    let candidates: InfraAddress[];
    if (routability === ROUTABILITY_CLUSTER) {
      if (type !== 'IPAddress') { unsatisfiable('routability Cluster is supported for IPAddress only', true); continue; }
      if (!offer.clusterRoutability) { unsatisfiable('routability Cluster needs a Kubernetes Service ClusterIP, and this infrastructure gives none', true); continue; }
      candidates = clusterAddresses;
    } else if (asksDefaultRoutability(entry)) {
      // A requested value may be any address the Gateway has; otherwise default selection's.
      candidates = entry.value ? [...offer.assigned, ...clusterAddresses] : [...offer.assigned];
    } else {
      unsatisfiable(`routability "${routability}" is not supported`, true);
      continue;
    }
    const match = candidates.find((a) => a.type === type && !used.has(a.value) && (!entry.value || a.value === entry.value));
    if (!match) {
      unsatisfiable(noMatch(entry, candidates, used, routability === ROUTABILITY_CLUSTER), false);
      continue;
    }
    used.add(match.value);
    given.set(index, { type: match.type, value: match.value, routability: routability === ROUTABILITY_SENTINEL ? ROUTABILITY_SENTINEL : match.routability ?? '' });
  }
  const addresses = [...given.entries()].sort(([a], [b]) => a - b).map(([, address]) => address);
  unsatisfied.sort((a, b) => a.index - b.index);
  return { addresses, unsatisfied, requested: entries.length };
}

function noMatch(entry: GatewaySpecAddress, candidates: readonly InfraAddress[], used: ReadonlySet<string>, cluster: boolean): string {
  const what = cluster ? 'Service ClusterIP' : 'address';
  if (candidates.length === 0) return `the Gateway has no ${what} yet`;
  const free = candidates.filter((a) => !used.has(a.value)).map((a) => a.value);
  if (entry.value) return `not ${cluster ? 'the Gateway\'s Service ClusterIP' : 'an address the Gateway is served at'} (${candidates.map((a) => a.value).join(', ')})`;
  return free.length === 0 ? `every ${what} of the Gateway (${candidates.map((a) => a.value).join(', ')}) is taken by another entry` : `no ${what} of type ${entry.type ?? 'IPAddress'}`;
}

/** Whether nothing was assigned to a Gateway that asked for addresses, and nothing ever will be. */
export function assignmentImpossible(a: AddressAssignment): boolean {
  return a.requested > 0 && a.addresses.length === 0 && a.unsatisfied.every((u) => u.permanent);
}

/**
 * AddressesAssigned. The True reason is the Go constant GatewayReasonAddressesAssigned
 * ("AddressesAssigned", apis/v1 gateway_types.go of v1.7.0), which the GEP's prose calls
 * `Assigned`: the constant is what clients compare with.
 */
export function addressesAssignedVerdict(a: AddressAssignment): Verdict {
  if (a.requested === 0) {
    return a.addresses.length > 0
      ? verdict(true, GatewayReason.AddressesAssigned, 'the default address selection assigned the Gateway its addresses')
      : verdict(false, GatewayReason.AddressesNotAssigned, 'the default address selection has not assigned the Gateway an address yet');
  }
  if (a.unsatisfied.length === 0) return verdict(true, GatewayReason.AddressesAssigned, 'every spec.addresses entry is assigned an address');
  const list = a.unsatisfied.map((u) => u.why).join('; ');
  return a.addresses.length > 0
    ? verdict(false, GatewayReason.AddressesPartiallyAssigned, `not assigned: ${list}`)
    : verdict(false, GatewayReason.AddressesNotAssigned, `no spec.addresses entry is assigned an address: ${list}`);
}

/**
 * A Gateway's addresses: listeners bind to the infrastructure's address for it, else the first
 * requested IP address of default routability, else the configured default, else every
 * interface (a local Envoy serves IP addresses only). status.addresses and AddressesAssigned come
 * from assigning what the infrastructure reports (or, without a report, the address bound) to
 * spec.addresses; nothing is assigned while the infrastructure has yet to report.
 */
export function resolveAddresses(ctx: GatewayContext, options: GatewayOptions): void {
  const all = ctx.gateway.spec?.addresses ?? [];
  const unsupported = all.filter((a) => (a.type ?? 'IPAddress') !== 'IPAddress');
  const badIPs = all.filter((a) => (a.type ?? 'IPAddress') === 'IPAddress' && a.value && isIP(a.value) === 0);
  if (unsupported.length > 0) {
    ctx.addressProblem = verdict(false, GatewayReason.UnsupportedAddress,
      `address types not supported: ${unsupported.map((a) => `${a.type ?? ''} ${a.value ?? '(no value)'}`).join(', ')}; only IPAddress is`);
  } else if (badIPs.length > 0) {
    ctx.addressProblem = verdict(false, GatewayReason.UnsupportedAddress,
      `not valid IP addresses: ${badIPs.map((a) => a.value).join(', ')}`);
  }
  const first = specifiedAddresses(ctx.gateway).find((a) => (a.type ?? 'IPAddress') === 'IPAddress' && isIP(a.value) !== 0);
  const { infra, defaultAddress } = options;
  ctx.bindAddress = infra?.bindAddress ?? first?.value ?? defaultAddress ?? '0.0.0.0';
  ctx.statusAddresses = [];
  if (ctx.addressProblem) return;
  const clusterRoutability = options.clusterRoutability === true;
  // The infrastructure will say where the Gateway is reached (the bind address is not that); only
  // what nothing it may say can satisfy is known before (then it is never asked to run the Gateway).
  if (!infra && (options.infraReports || ctx.awaitingInfra)) {
    const beforeReport = assignAddresses(all, { assigned: [], cluster: [], clusterRoutability });
    if (assignmentImpossible(beforeReport)) ctx.addressAssignment = beforeReport;
    return;
  }
  // Without a report, the Gateway is reached where it binds: its first address, else (when it asks for none) the default.
  const bound = first?.value ?? (all.length === 0 ? defaultAddress : undefined);
  const offer: AddressOffer = {
    assigned: infra ? infra.addresses : bound ? [{ type: 'IPAddress', value: bound }] : [],
    cluster: infra?.clusterAddresses ?? [],
    clusterRoutability,
  };
  ctx.addressAssignment = assignAddresses(all, offer);
  ctx.statusAddresses = ctx.addressAssignment.addresses;
}
