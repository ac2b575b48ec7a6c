// Original file: proto/envoy/extensions/http/original_ip_detection/custom_header/v3/custom_header.proto

import type { HttpStatus as _envoy_type_v3_HttpStatus, HttpStatus__Output as _envoy_type_v3_HttpStatus__Output } from '../../../../../../envoy/type/v3/HttpStatus';

export interface CustomHeaderConfig {
  'header_name'?: (string);
  'allow_extension_to_set_address_as_trusted'?: (boolean);
  'reject_with_status'?: (_envoy_type_v3_HttpStatus | null);
}

export interface CustomHeaderConfig__Output {
  'header_name'?: (string);
  'allow_extension_to_set_address_as_trusted'?: (boolean);
  'reject_with_status'?: (_envoy_type_v3_HttpStatus__Output);
}
