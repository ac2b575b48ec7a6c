// Original file: proto/google/api/expr/v1alpha1/syntax.proto


export interface SourcePosition {
  'location'?: (string);
  'offset'?: (number);
  'line'?: (number);
  'column'?: (number);
}

export interface SourcePosition__Output {
  'location'?: (string);
  'offset'?: (number);
  'line'?: (number);
  'column'?: (number);
}
