// Original file: proto/envoy/type/matcher/v3/http_inputs.proto


export interface HttpResponseTrailerMatchInput {
  'header_name'?: (string);
}

export interface HttpResponseTrailerMatchInput__Output {
  'header_name'?: (string);
}
