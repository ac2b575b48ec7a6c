// Original file: proto/envoy/extensions/http/header_formatters/preserve_case/v3/preserve_case.proto


// Original file: proto/envoy/extensions/http/header_formatters/preserve_case/v3/preserve_case.proto

export const _envoy_extensions_http_header_formatters_preserve_case_v3_PreserveCaseFormatterConfig_FormatterTypeOnEnvoyHeaders = {
  DEFAULT: 'DEFAULT',
  PROPER_CASE: 'PROPER_CASE',
} as const;

export type _envoy_extensions_http_header_formatters_preserve_case_v3_PreserveCaseFormatterConfig_FormatterTypeOnEnvoyHeaders =
  | 'DEFAULT'
  | 0
  | 'PROPER_CASE'
  | 1

export type _envoy_extensions_http_header_formatters_preserve_case_v3_PreserveCaseFormatterConfig_FormatterTypeOnEnvoyHeaders__Output = typeof _envoy_extensions_http_header_formatters_preserve_case_v3_PreserveCaseFormatterConfig_FormatterTypeOnEnvoyHeaders[keyof typeof _envoy_extensions_http_header_formatters_preserve_case_v3_PreserveCaseFormatterConfig_FormatterTypeOnEnvoyHeaders]

export interface PreserveCaseFormatterConfig {
  'forward_reason_phrase'?: (boolean);
  'formatter_type_on_envoy_headers'?: (_envoy_extensions_http_header_formatters_preserve_case_v3_PreserveCaseFormatterConfig_FormatterTypeOnEnvoyHeaders);
}

export interface PreserveCaseFormatterConfig__Output {
  'forward_reason_phrase'?: (boolean);
  'formatter_type_on_envoy_headers'?: (_envoy_extensions_http_header_formatters_preserve_case_v3_PreserveCaseFormatterConfig_FormatterTypeOnEnvoyHeaders__Output);
}
