/** Where a ListenerSet attaches: the key of the Gateway its parentRef names. */
import type { ListenerSet } from '../../apis/gateway';

/** "<namespace>/<name>" of the parent Gateway; the namespace defaults to the ListenerSet's. */
export function listenerSetParentKey(set: ListenerSet): string {
  const ref = set.spec?.parentRef;
  return `${ref?.namespace ?? set.metadata.namespace ?? ''}/${ref?.name ?? ''}`;
}
