// Original file: proto/validate/validate.proto


export interface MessageRules {
  'skip'?: (boolean);
  'required'?: (boolean);
}

export interface MessageRules__Output {
  'skip'?: (boolean);
  'required'?: (boolean);
}
