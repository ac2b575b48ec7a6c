// Original file: proto/envoy/config/core/v3/protocol.proto


export interface UpstreamHttpProtocolOptions {
  'auto_sni'?: (boolean);
  'auto_san_validation'?: (boolean);
  'override_auto_sni_header'?: (string);
}

export interface UpstreamHttpProtocolOptions__Output {
  'auto_sni'?: (boolean);
  'auto_san_validation'?: (boolean);
  'override_auto_sni_header'?: (string);
}
