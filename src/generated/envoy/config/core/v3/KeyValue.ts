// Original file: proto/envoy/config/core/v3/base.proto


export interface KeyValue {
  'key'?: (string);
  'value'?: (Buffer | Uint8Array | string);
}

export interface KeyValue__Output {
  'key'?: (string);
  'value'?: (Buffer);
}
