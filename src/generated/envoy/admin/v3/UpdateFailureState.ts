// Original file: proto/envoy/admin/v3/config_dump_shared.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../google/protobuf/Any';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../google/protobuf/Timestamp';

export interface UpdateFailureState {
  'failed_configuration'?: (_google_protobuf_Any | null);
  'last_update_attempt'?: (_google_protobuf_Timestamp | null);
  'details'?: (string);
  'version_info'?: (string);
}

export interface UpdateFailureState__Output {
  'failed_configuration'?: (_google_protobuf_Any__Output);
  'last_update_attempt'?: (_google_protobuf_Timestamp__Output);
  'details'?: (string);
  'version_info'?: (string);
}
