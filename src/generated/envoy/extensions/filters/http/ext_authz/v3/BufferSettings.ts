// Original file: proto/envoy/extensions/filters/http/ext_authz/v3/ext_authz.proto


export interface BufferSettings {
  'max_request_bytes'?: (number);
  'allow_partial_message'?: (boolean);
  'pack_as_bytes'?: (boolean);
}

export interface BufferSettings__Output {
  'max_request_bytes'?: (number);
  'allow_partial_message'?: (boolean);
  'pack_as_bytes'?: (boolean);
}
