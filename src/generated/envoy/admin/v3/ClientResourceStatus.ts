// Original file: proto/envoy/admin/v3/config_dump_shared.proto

export const ClientResourceStatus = {
  UNKNOWN: 'UNKNOWN',
  REQUESTED: 'REQUESTED',
  DOES_NOT_EXIST: 'DOES_NOT_EXIST',
  ACKED: 'ACKED',
  NACKED: 'NACKED',
} as const;

export type ClientResourceStatus =
  | 'UNKNOWN'
  | 0
  | 'REQUESTED'
  | 1
  | 'DOES_NOT_EXIST'
  | 2
  | 'ACKED'
  | 3
  | 'NACKED'
  | 4

export type ClientResourceStatus__Output = typeof ClientResourceStatus[keyof typeof ClientResourceStatus]
