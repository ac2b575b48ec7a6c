/**
 * A listener's pre-routing filters (filters.requests, GEP-5224) -> the checks its requests go
 * through before their route is chosen. Pier implements the ExternalAuth variant (the HTTPRoute
 * filter's payload, GEP-1494) and defines no ExtensionRef kind.
 *
 * Statuses, as the GEP prescribes (messages name the entry, "filters.requests[i]"):
 * - a variant Pier does not implement (any ExtensionRef, an unknown type), or filters on a
 *   protocol other than HTTP and HTTPS: Accepted=False, UnsupportedValue; never served without it;
 * - ExternalAuth settings that are not valid: Accepted=False, InvalidListenerFilter;
 * - an ExternalAuth backendRef that cannot be resolved: ResolvedRefs=False, InvalidListenerFilterRef
 *   (RefNotPermitted without a ReferenceGrant). The listener stays served and fails closed:
 *   every request it gets is answered 500, as a route rule whose authorization service cannot be
 *   resolved is;
 * - InvalidListenerFilterOrder never: Envoy runs the filters in any order they are given.
 */
import { GATEWAY_GROUP, type ListenerFilter } from '../../apis/gateway';
import type { ListenerRequestFilter } from '../../ir/types';
import { resolveBackend } from '../backends/backends';
import type { ReferenceFrom } from '../backends/referencegrant';
import { ListenerReason, RouteReason } from '../model/conditions';
import type { ListenerContext } from '../model/contexts';
import { verdict, type Verdict } from '../model/status';
import type { ResourceIndex } from '../resourceindex';
import { externalAuthIR, externalAuthSpec, type RuleProblem } from '../routes/httpfilters';

/** A listener filter's reference that cannot be resolved (ResolvedRefs=False). */
export interface ListenerFilterRefProblem {
  reason: typeof ListenerReason.InvalidListenerFilterRef | typeof ListenerReason.RefNotPermitted;
  message: string;
}

export interface ListenerFilterResolution {
  /** The filters to run, in order; only meaningful when no problem and no refProblems. */
  filters: ListenerRequestFilter[];
  /** Set when the listener cannot be accepted with these filters. */
  problem?: Verdict;
  refProblems: ListenerFilterRefProblem[];
}

const FILTER_PROTOCOLS: ReadonlySet<string> = new Set(['HTTP', 'HTTPS']);

function describeExtensionRef(f: ListenerFilter): string {
  const ref = f.extensionRef;
  return ref ? ` ${ref.group ? `${ref.group}/` : ''}${ref.kind} ${ref.name}` : '';
}

export function resolveListenerFilters(l: ListenerContext, index: ResourceIndex): ListenerFilterResolution {
  const requests = l.listener.filters?.requests ?? [];
  const out: ListenerFilterResolution = { filters: [], refProblems: [] };
  if (requests.length === 0) return out;
  if (!FILTER_PROTOCOLS.has(l.listener.protocol)) {
    out.problem = verdict(false, ListenerReason.UnsupportedValue, `filters may only be set when protocol is HTTP or HTTPS (protocol ${l.listener.protocol})`);
    return out;
  }
  const unsupported: string[] = [];
  const invalid: string[] = [];
  // Referrer for ReferenceGrants: the object the listener was written in.
  const from: ReferenceFrom = { group: GATEWAY_GROUP, kind: l.owner ? 'ListenerSet' : 'Gateway', namespace: l.namespace };
  requests.forEach((f, i) => {
    const at = `filters.requests[${i}]`;
    const type: string = f.type;
    if (type === 'ExtensionRef') {
      unsupported.push(`${at}: ExtensionRef${describeExtensionRef(f)} is not supported (Pier defines no listener filter extension kinds)`);
      return;
    }
    if (type !== 'ExternalAuth') {
      unsupported.push(`${at}: filter type "${type}" is not supported`);
      return;
    }
    const problems: RuleProblem[] = [];
    const spec = externalAuthSpec(f.externalAuth, problems);
    if (!spec) {
      invalid.push(...problems.map((p) => `${at}: ${p.message}`));
      return;
    }
    const r = resolveBackend(index, from, spec.backendRef, 1, spec.protocol === 'grpc' ? 'h2c' : 'http');
    if (r.problem || r.setting.invalid) {
      const reason = r.problem?.reason === RouteReason.RefNotPermitted ? ListenerReason.RefNotPermitted : ListenerReason.InvalidListenerFilterRef;
      out.refProblems.push({ reason, message: `${at}: ExternalAuth ${r.problem?.message ?? 'backendRef cannot be used'}` });
      return;
    }
    out.filters.push({ externalAuth: externalAuthIR(spec, r.setting) });
  });
  if (unsupported.length > 0) out.problem = verdict(false, ListenerReason.UnsupportedValue, unsupported.join('; '));
  else if (invalid.length > 0) out.problem = verdict(false, ListenerReason.InvalidListenerFilter, invalid.join('; '));
  return out;
}
