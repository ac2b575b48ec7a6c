/**
 * ReferenceGrant: a namespace owner's permission for objects of a kind in another namespace
 * to refer to objects in theirs. Same-namespace references never need one.
 */
import type { ResourceIndex } from '../resourceindex';

export interface ReferenceFrom {
  group: string;
  kind: string;
  namespace: string;
}

export interface ReferenceTo {
  group: string;
  kind: string;
  namespace: string;
  name: string;
}

export function isReferenceAllowed(index: ResourceIndex, from: ReferenceFrom, to: ReferenceTo): boolean {
  if (from.namespace === to.namespace) return true;
  return index.referenceGrantsIn(to.namespace).some((grant) =>
    (grant.spec?.from ?? []).some((f) => f.group === from.group && f.kind === from.kind && f.namespace === from.namespace)
    && (grant.spec?.to ?? []).some((t) => t.group === to.group && t.kind === to.kind && (!t.name || t.name === to.name)));
}
