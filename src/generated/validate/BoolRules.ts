// Original file: proto/validate/validate.proto


export interface BoolRules {
  'const'?: (boolean);
}

export interface BoolRules__Output {
  'const'?: (boolean);
}
