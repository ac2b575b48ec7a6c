/**
 * Which resources of a response a NACK rejected.
 *
 * Envoy applies the valid listeners and clusters of an LDS/CDS update and rejects only the
 * invalid ones; error_detail.message then names each rejected resource as "NAME: reason"
 * after a fixed prefix (seen with Envoy 1.40, the same in SotW and Delta):
 *   LDS: "Error adding/updating listener(s) NAME: reason\nNAME2: reason\n"
 *   CDS: "Error adding/updating cluster(s) NAME: reason, NAME2: reason"
 * Other failures reject the whole response and name no resource that way (e.g. a proto
 * constraint violation, whose message starts with the resource's debug string), and RDS, EDS
 * and SDS updates are all-or-nothing: then every new resource of the response is rejected.
 */
import { TypeUrl, type ResourceTypeUrl } from '../types';

const PER_RESOURCE_PREFIX: ReadonlyMap<ResourceTypeUrl, string> = new Map([
  [TypeUrl.Listener, 'Error adding/updating listener(s) '],
  [TypeUrl.Cluster, 'Error adding/updating cluster(s) '],
]);

/** Envoy 1.40 ends each LDS error with "\n" and joins CDS errors with ", "; both are accepted for either. */
const SEPARATORS = ['\n', ', '] as const;

export interface NackVerdict {
  /** name → version of the rejected resources. */
  rejected: Map<string, string>;
  /**
   * True when the message named the rejected resources. False: it named none of the new
   * resources, so all of them are taken as rejected. That is exact for a whole-response
   * rejection (Envoy applied none of them), the usual reason for such a message. For a message
   * of some other shape it errs towards the rule that rejected content is never sent again
   * (any of them may be the culprit), at the cost that a valid new resource Envoy did apply
   * is left out of later LDS/CDS responses, so removed, until its content changes.
   */
  identified: boolean;
}

/**
 * fresh: name → version of the new or changed resources of the NACKed response (those a
 * NACK can reject; the unchanged ones the client already held).
 */
export function rejectedByNack(typeUrl: ResourceTypeUrl, message: string, fresh: ReadonlyMap<string, string>): NackVerdict {
  const named = namedInMessage(typeUrl, message, fresh.keys());
  if (named.size === 0) return { rejected: new Map(fresh), identified: false };
  const rejected = new Map<string, string>();
  for (const name of named) rejected.set(name, fresh.get(name) as string);
  return { rejected, identified: true };
}

/** The candidate names Envoy's per-resource error message names ("NAME: reason"). */
function namedInMessage(typeUrl: ResourceTypeUrl, message: string, candidates: Iterable<string>): Set<string> {
  const named = new Set<string>();
  const prefix = PER_RESOURCE_PREFIX.get(typeUrl);
  if (!prefix || !message.startsWith(prefix)) return named;
  const body = message.slice(prefix.length);
  for (const name of candidates) {
    const quoted = `${name}: `;
    if (body.startsWith(quoted) || SEPARATORS.some((sep) => body.includes(sep + quoted))) named.add(name);
  }
  return named;
}
