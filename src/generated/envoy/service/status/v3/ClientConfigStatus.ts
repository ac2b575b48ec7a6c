// Original file: proto/envoy/service/status/v3/csds.proto

export const ClientConfigStatus = {
  CLIENT_UNKNOWN: 'CLIENT_UNKNOWN',
  CLIENT_REQUESTED: 'CLIENT_REQUESTED',
  CLIENT_ACKED: 'CLIENT_ACKED',
  CLIENT_NACKED: 'CLIENT_NACKED',
} as const;

export type ClientConfigStatus =
  | 'CLIENT_UNKNOWN'
  | 0
  | 'CLIENT_REQUESTED'
  | 1
  | 'CLIENT_ACKED'
  | 2
  | 'CLIENT_NACKED'
  | 3

export type ClientConfigStatus__Output = typeof ClientConfigStatus[keyof typeof ClientConfigStatus]
