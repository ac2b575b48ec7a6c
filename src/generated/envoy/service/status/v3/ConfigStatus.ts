// Original file: proto/envoy/service/status/v3/csds.proto

export const ConfigStatus = {
  UNKNOWN: 'UNKNOWN',
  SYNCED: 'SYNCED',
  NOT_SENT: 'NOT_SENT',
  STALE: 'STALE',
  ERROR: 'ERROR',
} as const;

export type ConfigStatus =
  | 'UNKNOWN'
  | 0
  | 'SYNCED'
  | 1
  | 'NOT_SENT'
  | 2
  | 'STALE'
  | 3
  | 'ERROR'
  | 4

export type ConfigStatus__Output = typeof ConfigStatus[keyof typeof ConfigStatus]
