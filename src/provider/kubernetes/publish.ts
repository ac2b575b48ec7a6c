/**
 * What the provider publishes of an API object: the object as the API server validated and
 * defaulted it, without what only the API server needs. Without status and resourceVersion, a
 * status write (Pier's own, or another controller's) leaves the tables unchanged, so it causes
 * no translation.
 */
import type { KubeObject } from '../../apis/meta';
import { statusKey, type ObservedStatus } from '../../message/resources';

export function publishable<T extends KubeObject>(obj: T): T {
  const { managedFields: _managed, resourceVersion: _version, ...metadata } = obj.metadata as T['metadata'] & { managedFields?: unknown };
  const { status: _status, ...rest } = obj as T & { status?: unknown };
  return { ...rest, metadata } as T;
}

/** The status key and what the API server holds of the object's status (see Bus.observedStatuses). */
export function observedStatus(kind: string, obj: KubeObject): [string, ObservedStatus] {
  const { status } = obj as KubeObject & { status?: Record<string, unknown> };
  return [statusKey(kind, obj.metadata.namespace, obj.metadata.name), { resourceVersion: obj.metadata.resourceVersion ?? '', ...(status ? { status } : {}) }];
}

/** Written by `kubectl apply`: a copy of the whole object as last applied, which Pier never reads. */
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * What the provider's watches keep of an object (their transform): the object without its
 * managedFields and kubectl's last-applied copy, which can be larger than the rest of it and
 * which Pier never reads. The status and resourceVersion stay (the status writer's view).
 */
export function trimmed<T extends KubeObject>(obj: T): T {
  const { managedFields: _managed, ...metadata } = obj.metadata as T['metadata'] & { managedFields?: unknown };
  if (metadata.annotations && LAST_APPLIED in metadata.annotations) {
    const { [LAST_APPLIED]: _applied, ...annotations } = metadata.annotations;
    metadata.annotations = annotations;
  }
  return { ...obj, metadata } as T;
}
