// Original file: proto/envoy/type/matcher/v3/http_inputs.proto


export interface HttpRequestTrailerMatchInput {
  'header_name'?: (string);
}

export interface HttpRequestTrailerMatchInput__Output {
  'header_name'?: (string);
}
