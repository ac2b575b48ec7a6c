/**
 * State-of-the-world xDS streams (StreamAggregatedResources and the per-type Stream* calls).
 * Per type: version_info, a fresh nonce per response, one response in flight at a time;
 * stale requests are ignored; NACKs are told by error_detail and the rejected content is not
 * sent again; LDS/CDS responses carry every subscribed resource, RDS/EDS/SDS only what changed.
 * A rejected listener or cluster that is still configured goes into later LDS/CDS responses
 * at the version the client accepted before, or not at all when it never had one.
 * version_info names what the client holds after the response: for LDS/CDS the version of the
 * whole set, for RDS/EDS/SDS a digest of what this stream sent (held.ts). Either way a client
 * moving to another replica says what it holds, and is sent only what it lacks.
 */
import type { DiscoveryRequest__Output } from '../../generated/envoy/service/discovery/v3/DiscoveryRequest';
import type { ResourceEntry } from '../cache/entry';
import { setVersion } from '../cache/entry';
import { HeldResources } from './held';
import type { TypeSnapshot } from '../cache/snapshot';
import { TypeUrl, type ResourceTypeUrl } from '../types';
import { TypeState, XdsStream, idleWork, isLegacyWildcardType, nothingDirty, type TypeWork } from './stream';

export class SotwTypeState extends TypeState {
  /** LDS and CDS: each response is the whole subscribed set; absence means deletion. */
  readonly fullState: boolean;
  /** Once a request named resources, an empty list no longer means wildcard. */
  namesEverGiven = false;
  /**
   * What the client was sent and holds. LDS/CDS: after a NACK, what it holds (see
   * revertRejected); RDS/EDS/SDS: also what it rejected (rejected content is not sent again),
   * and its digest is their version_info. LDS/CDS replace this map, never mutate it.
   */
  sent = new HeldResources();

  protected heldVersions(): Map<string, string> {
    return new Map([...this.sent].map(([name, entry]) => [name, entry.version]));
  }
  /**
   * The version_info of the stream's first request: what a reconnecting client holds. For
   * LDS/CDS it names the whole set, for RDS/EDS/SDS it digests what the client holds; versions
   * derive from content on every replica, so when it matches there is nothing to send.
   */
  claimedVersion = '';
  /**
   * LDS/CDS: what the client holds for sure: what it ACKed or held on reconnect, and after a
   * NACK what it kept of that response. It may share the sent map: full-state types replace
   * that map, never mutate it.
   */
  accepted: ReadonlyMap<string, ResourceEntry> = new Map();
  /** The resource_names list last applied, when it is a frozen one that may come again. */
  private appliedNames: readonly string[] | undefined;

  constructor(typeUrl: ResourceTypeUrl) {
    super(typeUrl);
    this.fullState = isLegacyWildcardType(typeUrl);
  }

  recordAccepted(): void {
    if (this.fullState) this.accepted = this.sent;
  }

  /**
   * LDS/CDS after a NACK: Envoy applied the response's resources except the rejected ones,
   * for which it keeps what it accepted before (or nothing). That is what it holds now.
   * Carrying rejected content along (as "stale, removed later" or because the next full-state
   * response lists everything) would send it again and provoke the same NACK.
   */
  revertRejected(rejected: ReadonlyMap<string, string>): void {
    if (!this.fullState) return;
    const sent = new HeldResources(this.sent.values());
    for (const [name, version] of rejected) {
      if (sent.get(name)?.version !== version) continue;
      const held = this.accepted.get(name);
      if (held) sent.set(name, held);
      else sent.delete(name);
    }
    this.sent = sent;
    this.accepted = sent;
  }

  /** Applies a request's resource_names. Returns true when the subscription changed. */
  applyNames(resourceNames: readonly string[]): boolean {
    // The same (frozen, shared) list as the last request: nothing changed (see wire.ts).
    if (resourceNames === this.appliedNames) return false;
    this.appliedNames = Object.isFrozen(resourceNames) ? resourceNames : undefined;
    const requested = new Set(resourceNames);
    const star = requested.delete('*');
    if (requested.size > 0) this.namesEverGiven = true;
    const wildcard = star || (requested.size === 0 && !this.namesEverGiven && this.fullState);
    const sameNames = requested.size === this.names.size && [...requested].every((n) => this.names.has(n));
    if (wildcard === this.wildcard && sameNames) return false;
    if (wildcard !== this.wildcard) this.markAllDirty();
    else {
      for (const n of requested) if (!this.names.has(n)) this.markDirty(n);
      for (const n of this.names) if (!requested.has(n)) this.markDirty(n);
    }
    this.wildcard = wildcard;
    this.names = requested;
    return true;
  }
}

export class SotwStream extends XdsStream<DiscoveryRequest__Output, SotwTypeState> {
  protected newTypeState(typeUrl: ResourceTypeUrl): SotwTypeState {
    return new SotwTypeState(typeUrl);
  }

  protected handleTypeRequest(state: SotwTypeState, request: DiscoveryRequest__Output): void {
    const nonce = request.response_nonce ?? '';
    // Before our first response any nonce is accepted: a reconnecting client echoes the
    // nonce it got from the previous stream.
    if (state.lastNonce !== '' && nonce !== state.lastNonce) {
      if (this.debugging) this.logger.debug({ typeUrl: state.typeUrl, nonce, latest: state.lastNonce }, 'stale request ignored');
      return;
    }
    let reRequest = false;
    if (state.awaiting) {
      state.awaiting = false;
      if (request.error_detail) {
        state.revertRejected(this.recordNack(state, nonce, request.error_detail));
      } else {
        this.recordAck(state);
        state.recordAccepted();
      }
    } else {
      reRequest = state.initialized;
    }
    if (!state.initialized) state.claimedVersion = request.version_info ?? '';
    state.initialized = true;
    const changed = state.applyNames(request.resource_names ?? []);
    if (reRequest && !changed && !state.fullState && !request.error_detail) {
      // The client asks again for what it subscribed to (e.g. a cluster re-created its EDS
      // watch): it may need the resources again, so send them again.
      state.sent.clear();
      state.markAllDirty();
    }
  }

  protected plan(state: SotwTypeState, snapType: TypeSnapshot | undefined): TypeWork {
    if (state.claimedVersion && snapType) this.honorClaim(state, snapType);
    if (nothingDirty(state)) return idleWork(this.owesInitial(state));
    const upserts: ResourceEntry[] = [];
    const removals: string[] = [];
    const pending = new Set<string>();
    for (const name of state.candidates(snapType, state.sent.keys())) {
      const entry = state.covers(name) ? snapType?.entries.get(name) : undefined;
      const held = state.sent.get(name);
      if (entry) {
        if (held?.version !== entry.version && state.sendable(entry)) {
          upserts.push(entry);
          pending.add(name);
        }
      } else {
        // Gone from the configuration: if it comes back, that is a new configuration.
        if (!snapType?.entries.has(name)) state.rejected.delete(name);
        if (!held) continue;
        if (state.fullState) {
          removals.push(name);
          pending.add(name);
        } else {
          // RDS/EDS/SDS cannot say "deleted"; forget it so that it is sent if it comes back.
          state.sent.delete(name);
        }
      }
    }
    state.dirty = pending;
    return { upserts, removals, notices: [], owesInitial: this.owesInitial(state) };
  }

  private owesInitial(state: SotwTypeState): boolean {
    return state.fullState && !state.everSent && this.snapshot !== undefined;
  }

  protected sendUpserts(state: SotwTypeState, work: TypeWork, snapType: TypeSnapshot | undefined): void {
    const previous = state.sent;
    let resources: ResourceEntry[];
    let version: string;
    if (state.fullState) {
      // Every subscribed resource, plus those due for removal: they go in a later response,
      // after the types that refer to them stopped doing so.
      const desired = this.desired(state, snapType);
      const desiredNames = new Set(desired.map((e) => e.name));
      const stale = [...previous.values()].filter((e) => !desiredNames.has(e.name));
      resources = stale.length > 0 ? [...desired, ...stale] : desired;
      version = stale.length === 0 ? setVersionOf(desired, snapType) : setVersion(resources);
      state.sent = new HeldResources(resources);
      state.dirty = new Set(stale.map((e) => e.name));
    } else {
      resources = work.upserts;
      for (const e of resources) state.sent.set(e.name, e);
      version = state.sent.version;
      state.markClean(resources.map((e) => e.name));
    }
    if (state.typeUrl === TypeUrl.Cluster) this.resendEndpointsOf(work.upserts, previous);
    this.respond(state, snapType, version, resources, work.upserts);
  }

  protected sendRemovals(state: SotwTypeState, _work: TypeWork, snapType: TypeSnapshot | undefined): void {
    const desired = this.desired(state, snapType);
    const version = setVersionOf(desired, snapType);
    state.sent = new HeldResources(desired);
    state.dirty = new Set();
    this.respond(state, snapType, version, desired, []);
  }

  /** A reconnecting client already holding exactly the current set of a type is sent nothing of it. */
  private honorClaim(state: SotwTypeState, snapType: TypeSnapshot): void {
    const claimed = state.claimedVersion;
    state.claimedVersion = '';
    if (state.everSent) return;
    if (!state.fullState) return this.honorHeldClaim(state, snapType, claimed);
    const desired = this.desired(state, snapType);
    const version = setVersionOf(desired, snapType);
    if (version !== claimed) return;
    state.sent = new HeldResources(desired);
    state.accepted = state.sent;
    state.everSent = true;
    this.recordHeld(state, claimed);
  }

  /**
   * RDS/EDS/SDS: the claim digests what the client holds (held.ts). Matching the current
   * resources for its names, they are held and nothing is sent; matching them but one, only
   * that one is sent (a name subscribed just before the stream broke). Otherwise the digest
   * cannot say which names are older, and every subscribed resource is sent (as before).
   */
  private honorHeldClaim(state: SotwTypeState, snapType: TypeSnapshot, claimed: string): void {
    if (state.typeUrl === TypeUrl.ClusterLoadAssignment && this.clustersSent()) return;
    const current = new HeldResources();
    if (state.wildcard) for (const entry of snapType.entries.values()) current.set(entry.name, entry);
    else {
      for (const name of state.names) {
        const entry = snapType.entries.get(name);
        if (entry) current.set(name, entry);
      }
    }
    if (current.version === claimed) {
      state.sent = current;
      this.recordHeld(state, claimed);
      return;
    }
    for (const entry of current.values()) {
      if (current.versionWithout(entry) !== claimed) continue;
      current.delete(entry.name);
      state.sent = current;
      return;
    }
  }

  /**
   * Whether this stream sent clusters already: then some may be warming on their endpoints,
   * and which is not known, so an EDS claim is not taken (every assignment is sent).
   */
  private clustersSent(): boolean {
    return (this.types.get(TypeUrl.Cluster)?.lastNonce ?? '') !== '';
  }

  /**
   * The LDS/CDS set to send: every subscribed resource, except that a rejected one goes at
   * the version the client holds, or not at all when it holds none.
   */
  private desired(state: SotwTypeState, snapType: TypeSnapshot | undefined): ResourceEntry[] {
    if (!snapType) return [];
    const out: ResourceEntry[] = [];
    for (const [name, entry] of snapType.entries) {
      if (!state.covers(name)) continue;
      if (state.sendable(entry)) {
        out.push(entry);
        continue;
      }
      const held = state.sent.get(name);
      if (held) out.push(held);
    }
    return out;
  }

  private resendEndpointsOf(clusters: readonly ResourceEntry[], previous: ReadonlyMap<string, ResourceEntry>): void {
    const eds = this.types.get(TypeUrl.ClusterLoadAssignment);
    if (!eds) return;
    // A cluster the client did not hold from this stream is new to it, or changed (a resumed
    // stream's claim did not match): either way it warms on its endpoints ('' never matches).
    for (const name of this.endpointsToResend(clusters, (n) => previous.get(n)?.version ?? '')) {
      eds.sent.delete(name);
      eds.markDirty(name);
    }
  }

  /** fresh: the new or changed resources among those sent (what a NACK rejects). */
  private respond(state: SotwTypeState, snapType: TypeSnapshot | undefined, version: string, resources: readonly ResourceEntry[], fresh: readonly ResourceEntry[]): void {
    const response = this.deps.responses.sotw(state.typeUrl, snapType, version, resources, this.sentSeq);
    this.recordSent(state, version, response.nonce, fresh);
    if (this.debugging) this.logger.debug({ typeUrl: state.typeUrl, version, nonce: response.nonce, resources: resources.length }, 'SotW response');
    this.write(response);
  }
}

/** The version_info of a full set: the snapshot's when the set is the snapshot, as is. */
function setVersionOf(set: readonly ResourceEntry[], snapType: TypeSnapshot | undefined): string {
  if (snapType && set.length === snapType.entries.size && set.every((e) => snapType.entries.get(e.name) === e)) return snapType.version;
  return setVersion(set);
}
