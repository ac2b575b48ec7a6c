// Original file: proto/pier/admin/v1/admin.proto

import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../google/protobuf/Timestamp';
import type { StatusEvent as _pier_admin_v1_StatusEvent, StatusEvent__Output as _pier_admin_v1_StatusEvent__Output } from '../../../pier/admin/v1/StatusEvent';
import type { ProxyEvent as _pier_admin_v1_ProxyEvent, ProxyEvent__Output as _pier_admin_v1_ProxyEvent__Output } from '../../../pier/admin/v1/ProxyEvent';
import type { Long } from '@grpc/proto-loader';

export interface Event {
  'index'?: (number | string | Long);
  'time'?: (_google_protobuf_Timestamp | null);
  'new_snapshot_to_follow'?: (boolean);
  'end_of_snapshot'?: (boolean);
  'status'?: (_pier_admin_v1_StatusEvent | null);
  'proxy'?: (_pier_admin_v1_ProxyEvent | null);
  'payload'?: "new_snapshot_to_follow"|"end_of_snapshot"|"status"|"proxy";
}

export interface Event__Output {
  'index'?: (string);
  'time'?: (_google_protobuf_Timestamp__Output);
  'new_snapshot_to_follow'?: (boolean);
  'end_of_snapshot'?: (boolean);
  'status'?: (_pier_admin_v1_StatusEvent__Output);
  'proxy'?: (_pier_admin_v1_ProxyEvent__Output);
  'payload'?: "new_snapshot_to_follow"|"end_of_snapshot"|"status"|"proxy";
}
