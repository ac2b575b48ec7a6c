// Original file: proto/envoy/type/v3/range.proto


export interface DoubleRange {
  'start'?: (number | string);
  'end'?: (number | string);
}

export interface DoubleRange__Output {
  'start'?: (number);
  'end'?: (number);
}
