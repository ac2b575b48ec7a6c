// Original file: proto/udpa/annotations/status.proto

export const PackageVersionStatus = {
  UNKNOWN: 'UNKNOWN',
  FROZEN: 'FROZEN',
  ACTIVE: 'ACTIVE',
  NEXT_MAJOR_VERSION_CANDIDATE: 'NEXT_MAJOR_VERSION_CANDIDATE',
} as const;

export type PackageVersionStatus =
  | 'UNKNOWN'
  | 0
  | 'FROZEN'
  | 1
  | 'ACTIVE'
  | 2
  | 'NEXT_MAJOR_VERSION_CANDIDATE'
  | 3

export type PackageVersionStatus__Output = typeof PackageVersionStatus[keyof typeof PackageVersionStatus]
