/**
 * Incremental (delta) xDS streams (DeltaAggregatedResources and the per-type Delta* calls).
 * Subscriptions change by resource_names_subscribe/_unsubscribe; responses carry only what
 * differs from what the client holds (initial_resource_versions on reconnect), and
 * removed_resources for deletions and for explicitly subscribed names that do not exist.
 */
import type { DeltaDiscoveryRequest__Output } from '../../generated/envoy/service/discovery/v3/DeltaDiscoveryRequest';
import type { ResourceEntry } from '../cache/entry';
import type { TypeSnapshot } from '../cache/snapshot';
import { TypeUrl, type ResourceTypeUrl } from '../types';
import { TypeState, XdsStream, idleWork, isLegacyWildcardType, nothingDirty, type TypeWork } from './stream';

/** Marks a name the client was told does not exist. */
const ABSENT = '';

export class DeltaTypeState extends TypeState {
  /** What the client holds: name → version, or ABSENT when told the name does not exist. */
  known = new Map<string, string>();
  /** The client came with resources (reconnect): no empty first response is owed. */
  hadInitialVersions = false;
  /** Whether the registry was told that a reconnecting client already holds this type's current version. */
  heldRecorded = false;
  /** For the resources of the response in flight: what known said before it was sent. */
  replaced = new Map<string, string | undefined>();

  protected heldVersions(): Map<string, string> {
    const out = new Map<string, string>();
    for (const [name, version] of this.known) if (version !== ABSENT) out.set(name, version);
    return out;
  }

  /**
   * After a NACK: the client did not take the rejected resources (Envoy keeps what it had), so
   * it holds what it held before; a rejected new resource is not held, and never needs a
   * removed_resources entry.
   */
  revertRejected(rejected: ReadonlyMap<string, string>): void {
    for (const [name, version] of rejected) {
      // Changed since (e.g. unsubscribed meanwhile): that newer state stands.
      if (this.known.get(name) !== version || !this.replaced.has(name)) continue;
      const before = this.replaced.get(name);
      if (before === undefined) this.known.delete(name);
      else this.known.set(name, before);
    }
  }
}

export class DeltaStream extends XdsStream<DeltaDiscoveryRequest__Output, DeltaTypeState> {
  /** Whether this server has had a snapshot of the stream's gateway since the stream began. */
  private gatewaySeen = false;

  protected newTypeState(typeUrl: ResourceTypeUrl): DeltaTypeState {
    return new DeltaTypeState(typeUrl);
  }

  protected handleTypeRequest(state: DeltaTypeState, request: DeltaDiscoveryRequest__Output): void {
    const nonce = request.response_nonce ?? '';
    if (nonce) {
      if (state.awaiting && nonce === state.lastNonce) {
        state.awaiting = false;
        if (request.error_detail) state.revertRejected(this.recordNack(state, nonce, request.error_detail));
        else this.recordAck(state);
      } else {
        if (this.debugging) this.logger.debug({ typeUrl: state.typeUrl, nonce, latest: state.lastNonce }, 'stale ACK/NACK ignored');
      }
    }
    // Subscription changes are incremental: they count even on a request with a stale nonce.
    const subscribe = request.resource_names_subscribe ?? [];
    const first = !state.initialized;
    let initial: Readonly<Record<string, string>> = {};
    if (first) {
      state.initialized = true;
      initial = request.initial_resource_versions ?? {};
      for (const [name, version] of Object.entries(initial)) if (name !== '*') state.known.set(name, version);
      state.hadInitialVersions = state.known.size > 0;
      if (subscribe.length === 0 && isLegacyWildcardType(state.typeUrl)) state.wildcard = true;
    }
    for (const name of subscribe) {
      if (name === '*') {
        if (!state.wildcard) state.markAllDirty();
        state.wildcard = true;
        continue;
      }
      // Subscribing again asks for the resource again, unless the client just said it has it.
      if (!(first && name in initial)) state.known.delete(name);
      state.names.add(name);
      state.markDirty(name);
    }
    for (const name of request.resource_names_unsubscribe ?? []) {
      if (name === '*') {
        state.wildcard = false;
        // The client drops what only the wildcard covered.
        for (const n of [...state.known.keys()]) if (!state.names.has(n)) state.known.delete(n);
        state.markAllDirty();
        continue;
      }
      state.names.delete(name);
      // The client dropped it; if the wildcard still covers it, it is owed again.
      state.known.delete(name);
      state.markDirty(name);
    }
  }

  protected plan(state: DeltaTypeState, snapType: TypeSnapshot | undefined): TypeWork {
    if (nothingDirty(state)) return idleWork(this.owesInitial(state));
    const upserts: ResourceEntry[] = [];
    const removals: string[] = [];
    const notices: string[] = [];
    const pending = new Set<string>();
    const gatewayExists = this.snapshot !== undefined;
    if (gatewayExists) this.gatewaySeen = true;
    for (const name of state.candidates(snapType, state.known.keys())) {
      const entry = state.covers(name) ? snapType?.entries.get(name) : undefined;
      const held = state.known.get(name);
      if (entry) {
        if (held !== entry.version && state.sendable(entry)) {
          upserts.push(entry);
          pending.add(name);
        }
      } else if (held !== undefined && held !== ABSENT) {
        // A client that came back (initial_resource_versions) to a server that has not computed
        // its gateway yet (a replica just started) keeps what it holds until the gateway is
        // there: removing it would take its listeners and clusters down. Planned again then.
        if (!this.gatewaySeen) continue;
        if (state.covers(name)) {
          removals.push(name);
          pending.add(name);
        } else {
          state.known.delete(name);
        }
      } else if (held === undefined && state.names.has(name) && gatewayExists) {
        notices.push(name);
        pending.add(name);
      } else if (held === ABSENT && !state.names.has(name)) {
        state.known.delete(name);
      }
      // Gone from the configuration: if it comes back, that is a new configuration.
      if (!entry && !snapType?.entries.has(name)) state.rejected.delete(name);
    }
    state.dirty = pending;
    // A client that came back holding exactly what this server would send is sent nothing; the
    // registry (and so /proxies and CSDS) still learns which version it holds.
    if (pending.size === 0 && state.hadInitialVersions && !state.everSent && !state.heldRecorded && snapType) {
      state.heldRecorded = true;
      this.recordHeld(state, snapType.version);
    }
    return { upserts, removals, notices, owesInitial: this.owesInitial(state) };
  }

  private owesInitial(state: DeltaTypeState): boolean {
    return state.wildcard && !state.everSent && !state.hadInitialVersions && this.snapshot !== undefined;
  }

  protected sendUpserts(state: DeltaTypeState, work: TypeWork, snapType: TypeSnapshot | undefined): void {
    if (state.typeUrl === TypeUrl.Cluster) {
      const eds = this.types.get(TypeUrl.ClusterLoadAssignment);
      if (eds) {
        for (const name of this.endpointsToResend(work.upserts, (n) => known(state, n))) {
          eds.known.delete(name);
          eds.markDirty(name);
        }
      }
    }
    state.replaced = new Map(work.upserts.map((e) => [e.name, state.known.get(e.name)]));
    for (const e of work.upserts) state.known.set(e.name, e.version);
    for (const name of work.notices) state.known.set(name, ABSENT);
    state.markClean(work.upserts.map((e) => e.name));
    state.markClean(work.notices);
    this.respond(state, snapType, work.upserts, work.notices);
  }

  protected sendRemovals(state: DeltaTypeState, work: TypeWork, snapType: TypeSnapshot | undefined): void {
    state.replaced = new Map();
    for (const name of work.removals) {
      if (state.names.has(name)) state.known.set(name, ABSENT);
      else state.known.delete(name);
    }
    state.markClean(work.removals);
    this.respond(state, snapType, [], work.removals);
  }

  private respond(state: DeltaTypeState, snapType: TypeSnapshot | undefined, upserts: readonly ResourceEntry[], removed: readonly string[]): void {
    const response = this.deps.responses.delta(state.typeUrl, snapType, upserts, removed, this.sentSeq);
    const version = snapType?.version ?? '';
    this.recordSent(state, version, response.nonce, upserts);
    if (this.debugging) {
      this.logger.debug({ typeUrl: state.typeUrl, version, nonce: response.nonce, resources: upserts.length, removed: removed.length }, 'delta response');
    }
    this.write(response);
  }
}

function known(state: DeltaTypeState, name: string): string | undefined {
  const v = state.known.get(name);
  return v === ABSENT ? undefined : v;
}
