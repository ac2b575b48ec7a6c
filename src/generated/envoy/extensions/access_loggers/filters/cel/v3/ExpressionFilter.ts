// Original file: proto/envoy/extensions/access_loggers/filters/cel/v3/cel.proto


export interface ExpressionFilter {
  'expression'?: (string);
}

export interface ExpressionFilter__Output {
  'expression'?: (string);
}
