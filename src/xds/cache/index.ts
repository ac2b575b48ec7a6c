export { SnapshotCache, type SnapshotCacheOptions, type SnapshotCacheStats } from './cache';
export { XdsCacheRunner, type XdsCacheRunnerOptions } from './runner';
export { contentVersion, setVersion, encodeEntry, type ResourceEntry } from './entry';
export type { CacheRead, CacheSubscription, ChangeSet, GatewaySnapshot, TypeSnapshot } from './snapshot';
