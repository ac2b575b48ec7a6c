// Original file: proto/envoy/extensions/access_loggers/stream/v3/stream.proto

import type { SubstitutionFormatString as _envoy_config_core_v3_SubstitutionFormatString, SubstitutionFormatString__Output as _envoy_config_core_v3_SubstitutionFormatString__Output } from '../../../../../envoy/config/core/v3/SubstitutionFormatString';

export interface StderrAccessLog {
  'log_format'?: (_envoy_config_core_v3_SubstitutionFormatString | null);
  'access_log_format'?: "log_format";
}

export interface StderrAccessLog__Output {
  'log_format'?: (_envoy_config_core_v3_SubstitutionFormatString__Output);
  'access_log_format'?: "log_format";
}
