// Original file: proto/pier/admin/v1/admin.proto

import type { Long } from '@grpc/proto-loader';

// Original file: proto/pier/admin/v1/admin.proto

export const _pier_admin_v1_ProxyEvent_Change = {
  CHANGE_UNSPECIFIED: 'CHANGE_UNSPECIFIED',
  CURRENT: 'CURRENT',
  CONNECTED: 'CONNECTED',
  ACKED: 'ACKED',
  NACKED: 'NACKED',
  DISCONNECTED: 'DISCONNECTED',
} as const;

export type _pier_admin_v1_ProxyEvent_Change =
  | 'CHANGE_UNSPECIFIED'
  | 0
  | 'CURRENT'
  | 1
  | 'CONNECTED'
  | 2
  | 'ACKED'
  | 3
  | 'NACKED'
  | 4
  | 'DISCONNECTED'
  | 5

export type _pier_admin_v1_ProxyEvent_Change__Output = typeof _pier_admin_v1_ProxyEvent_Change[keyof typeof _pier_admin_v1_ProxyEvent_Change]

export interface ProxyEvent {
  'change'?: (_pier_admin_v1_ProxyEvent_Change);
  'gateway'?: (string);
  'node_id'?: (string);
  'protocol'?: (string);
  'stream_id'?: (number | string | Long);
  'type_url'?: (string);
  'version'?: (string);
  'error_detail'?: (string);
  'types'?: ({[key: string]: string});
}

export interface ProxyEvent__Output {
  'change'?: (_pier_admin_v1_ProxyEvent_Change__Output);
  'gateway'?: (string);
  'node_id'?: (string);
  'protocol'?: (string);
  'stream_id'?: (string);
  'type_url'?: (string);
  'version'?: (string);
  'error_detail'?: (string);
  'types'?: ({[key: string]: string});
}
