// Original file: proto/envoy/type/v3/range.proto


export interface Int32Range {
  'start'?: (number);
  'end'?: (number);
}

export interface Int32Range__Output {
  'start'?: (number);
  'end'?: (number);
}
