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
