// Original file: proto/envoy/config/core/v3/base.proto


export interface WatchedDirectory {
  'path'?: (string);
}

export interface WatchedDirectory__Output {
  'path'?: (string);
}
