// Original file: proto/validate/validate.proto


export interface AnyRules {
  'required'?: (boolean);
  'in'?: (string)[];
  'not_in'?: (string)[];
}

export interface AnyRules__Output {
  'required'?: (boolean);
  'in'?: (string)[];
  'not_in'?: (string)[];
}
