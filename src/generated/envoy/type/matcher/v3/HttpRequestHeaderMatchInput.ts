// Original file: proto/envoy/type/matcher/v3/http_inputs.proto


export interface HttpRequestHeaderMatchInput {
  'header_name'?: (string);
}

export interface HttpRequestHeaderMatchInput__Output {
  'header_name'?: (string);
}
