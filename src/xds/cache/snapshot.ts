/** The immutable view of one gateway's resources that streams read. */
import type { ResourceTypeUrl } from '../types';
import type { ResourceEntry } from './entry';

export interface TypeSnapshot {
  readonly typeUrl: ResourceTypeUrl;
  /** Content-derived version of the whole set (SotW version_info). */
  readonly version: string;
  /** By name, in name order. */
  readonly entries: ReadonlyMap<string, ResourceEntry>;
}

export interface GatewaySnapshot {
  readonly gateway: string;
  /** Position in the gateway's event sequence; grows with every change. */
  readonly seq: number;
  /** Every resource type, present even when empty. */
  readonly types: ReadonlyMap<ResourceTypeUrl, TypeSnapshot>;
}

/** Names that changed per type (stored, modified or removed). */
export type ChangeSet = ReadonlyMap<ResourceTypeUrl, ReadonlySet<string>>;

/** What a subscriber reads: the latest state and what changed since its previous read. */
export interface CacheRead {
  /** Undefined while the gateway does not exist (never stored, or deleted). */
  snapshot: GatewaySnapshot | undefined;
  /**
   * The names to look at since the previous read, or 'full' when the reader must compare
   * everything: on its first read, or when it fell too far behind to catch up from events.
   */
  changes: ChangeSet | 'full';
}

/** A reader of one gateway topic. Reads never queue: each returns the latest state. */
export interface CacheSubscription extends AsyncIterable<CacheRead> {
  readonly gateway: string;
  /** The latest state and the changes since the previous read; undefined when nothing changed. */
  read(): CacheRead | undefined;
  close(): void;
}
