// Original file: proto/envoy/config/core/v3/substitution_format_string.proto


export interface JsonFormatOptions {
  'sort_properties'?: (boolean);
}

export interface JsonFormatOptions__Output {
  'sort_properties'?: (boolean);
}
