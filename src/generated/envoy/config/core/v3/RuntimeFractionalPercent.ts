// Original file: proto/envoy/config/core/v3/base.proto

import type { FractionalPercent as _envoy_type_v3_FractionalPercent, FractionalPercent__Output as _envoy_type_v3_FractionalPercent__Output } from '../../../../envoy/type/v3/FractionalPercent';

export interface RuntimeFractionalPercent {
  'default_value'?: (_envoy_type_v3_FractionalPercent | null);
  'runtime_key'?: (string);
}

export interface RuntimeFractionalPercent__Output {
  'default_value'?: (_envoy_type_v3_FractionalPercent__Output);
  'runtime_key'?: (string);
}
