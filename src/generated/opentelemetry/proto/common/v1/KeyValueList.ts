// Original file: proto/opentelemetry/proto/common/v1/common.proto

import type { KeyValue as _opentelemetry_proto_common_v1_KeyValue, KeyValue__Output as _opentelemetry_proto_common_v1_KeyValue__Output } from '../../../../opentelemetry/proto/common/v1/KeyValue';

export interface KeyValueList {
  'values'?: (_opentelemetry_proto_common_v1_KeyValue)[];
}

export interface KeyValueList__Output {
  'values'?: (_opentelemetry_proto_common_v1_KeyValue__Output)[];
}
