/** The generic Kubernetes list+watch helper: see watch.ts for the loop, client-node.ts for the client. */
export { watch, WatchStoppedError, type WatchConfig, type WatchStore } from './watch';
export { WatchMetrics, type WatchMetricsOptions } from './metrics';
export { KeyIndex, NameIndex, namespacedName, objectName, type Index } from './indexes';
export { ClientNodeWatchClient, apiVersionOf, collectionPath, type ClientNodeWatchClientOptions, type ResourceKind } from './client-node';
export { KubernetesApiError, isGone } from './errors';
export type { BackoffOptions } from './backoff';
export type { ApiStatus, InitMode, ListOptions, ObjectList, WatchClient, WatchEvent, WatchHandlers, WatchOptions, WatchedObject } from './types';
