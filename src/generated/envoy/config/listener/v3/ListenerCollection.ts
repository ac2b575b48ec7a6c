// Original file: proto/envoy/config/listener/v3/listener.proto

import type { CollectionEntry as _xds_core_v3_CollectionEntry, CollectionEntry__Output as _xds_core_v3_CollectionEntry__Output } from '../../../../xds/core/v3/CollectionEntry';

export interface ListenerCollection {
  'entries'?: (_xds_core_v3_CollectionEntry)[];
}

export interface ListenerCollection__Output {
  'entries'?: (_xds_core_v3_CollectionEntry__Output)[];
}
