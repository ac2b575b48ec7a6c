/** The generic Kubernetes list+watch helper: see watch.ts for the loop, api-client.ts for the client. */
export { watch, WatchStoppedError, type WatchConfig, type WatchStore } from './watch';
export { WatchMetrics, type WatchMetricsOptions } from './metrics';
export { KeyIndex, NameIndex, namespacedName, objectName, type Index } from './indexes';
export { ApiWatchClient, apiVersionOf, collectionPath, type ApiWatchClientOptions, type ResourceKind } from './api-client';
export { KubernetesApiError, isGone } from './errors';
export type { BackoffOptions } from './backoff';
export type { ApiStatus, InitMode, ListOptions, ObjectList, WatchClient, WatchEvent, WatchHandlers, WatchOptions, WatchedObject } from './types';
