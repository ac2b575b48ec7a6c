// Original file: proto/envoy/type/matcher/v3/http_inputs.proto


export interface HttpRequestQueryParamMatchInput {
  'query_param'?: (string);
}

export interface HttpRequestQueryParamMatchInput__Output {
  'query_param'?: (string);
}
