/**
 * A ListenerSet as translation sees it: the listeners it adds to its parent Gateway and its
 * status (Accepted, Programmed, one entry per listener). Built with the Gateway (listeners.ts).
 */
import type { ListenerSet, ListenerSetStatus, ParentReference } from '../../apis/gateway';
import { ConditionType, ListenerSetReason } from './conditions';
import type { GatewayContext, ListenerContext } from './contexts';
import { condition, verdict, type Verdict } from './status';

export class ListenerSetContext {
  /** "<namespace>/<name>" */
  readonly key: string;
  readonly listeners: ListenerContext[] = [];
  /** Set when the Gateway's allowedListeners does not take this ListenerSet: then it has no listeners. */
  notAllowed: string | undefined;

  constructor(readonly listenerSet: ListenerSet, readonly gateway: GatewayContext) {
    this.key = `${listenerSet.metadata.namespace ?? ''}/${listenerSet.metadata.name}`;
  }

  get namespace(): string {
    return this.listenerSet.metadata.namespace ?? '';
  }

  get name(): string {
    return this.listenerSet.metadata.name;
  }

  get generation(): number | undefined {
    return this.listenerSet.metadata.generation;
  }

  /** Listeners a parentRef selects by sectionName (listener name) and port; all when neither is set. */
  listenersFor(ref: Pick<ParentReference, 'sectionName' | 'port'>): ListenerContext[] {
    return this.listeners.filter((l) =>
      (ref.sectionName === undefined || ref.sectionName === '' || l.listener.name === ref.sectionName)
      && (ref.port === undefined || l.listener.port === ref.port));
  }

  /**
   * Attached: allowed by the Gateway, the Gateway accepted, and at least one listener that can
   * be programmed (valid, with a usable certificate when it terminates TLS: the conformance
   * suite's ListenerSetReferenceGrant wants a set whose only listener lacks one not accepted).
   */
  get accepted(): Verdict {
    if (this.notAllowed !== undefined) return verdict(false, ListenerSetReason.NotAllowed, this.notAllowed);
    const parent = this.gateway.accepted;
    if (!parent.ok) return verdict(false, ListenerSetReason.ParentNotAccepted, `Gateway ${this.gateway.key} is not accepted: ${parent.message}`);
    const invalid = [...new Set(this.listeners.filter((l) => !l.programmable).map((l) => l.listener.name))];
    if (invalid.length === 0) return verdict(true, ListenerSetReason.Accepted, 'ListenerSet is accepted');
    const message = `invalid listeners: ${invalid.join(', ')}`;
    return this.listeners.some((l) => l.programmable)
      ? verdict(true, ListenerSetReason.ListenersNotValid, `${message}; the others are accepted`)
      : verdict(false, ListenerSetReason.ListenersNotValid, `${message}; no listener is valid`);
  }

  get programmed(): Verdict {
    const accepted = this.accepted;
    if (!accepted.ok) {
      const reason = accepted.reason === ListenerSetReason.ParentNotAccepted ? ListenerSetReason.Invalid : accepted.reason;
      return verdict(false, reason, `ListenerSet is not programmed: ${accepted.message}`);
    }
    if (this.gateway.awaitingInfra) return verdict(false, ListenerSetReason.Pending, 'waiting for the infrastructure to assign the Gateway its address');
    if (!this.gateway.served || !this.listeners.some((l) => l.served)) {
      return verdict(false, ListenerSetReason.Invalid, 'ListenerSet has no listener that can be programmed');
    }
    return verdict(true, ListenerSetReason.Programmed, 'ListenerSet is programmed');
  }

  status(): ListenerSetStatus {
    const g = this.generation;
    const status: ListenerSetStatus = {
      conditions: [condition(ConditionType.Accepted, this.accepted, g), condition(ConditionType.Programmed, this.programmed, g)],
    };
    // Names are unique within a ListenerSet (the CRD checks it); one entry per name regardless.
    const seen = new Set<string>();
    status.listeners = [];
    for (const l of this.listeners) {
      if (seen.has(l.listener.name)) continue;
      seen.add(l.listener.name);
      status.listeners.push(l.status(this.listeners.filter((o) => o.listener.name === l.listener.name)));
    }
    return status;
  }
}
