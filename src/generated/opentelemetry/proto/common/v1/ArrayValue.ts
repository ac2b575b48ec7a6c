// Original file: proto/opentelemetry/proto/common/v1/common.proto

import type { AnyValue as _opentelemetry_proto_common_v1_AnyValue, AnyValue__Output as _opentelemetry_proto_common_v1_AnyValue__Output } from '../../../../opentelemetry/proto/common/v1/AnyValue';

export interface ArrayValue {
  'values'?: (_opentelemetry_proto_common_v1_AnyValue)[];
}

export interface ArrayValue__Output {
  'values'?: (_opentelemetry_proto_common_v1_AnyValue__Output)[];
}
