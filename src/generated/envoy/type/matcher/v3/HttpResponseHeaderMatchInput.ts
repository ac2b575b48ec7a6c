// Original file: proto/envoy/type/matcher/v3/http_inputs.proto


export interface HttpResponseHeaderMatchInput {
  'header_name'?: (string);
}

export interface HttpResponseHeaderMatchInput__Output {
  'header_name'?: (string);
}
