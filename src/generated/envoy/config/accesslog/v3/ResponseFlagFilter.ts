// Original file: proto/envoy/config/accesslog/v3/accesslog.proto


export interface ResponseFlagFilter {
  'flags'?: (string)[];
}

export interface ResponseFlagFilter__Output {
  'flags'?: (string)[];
}
