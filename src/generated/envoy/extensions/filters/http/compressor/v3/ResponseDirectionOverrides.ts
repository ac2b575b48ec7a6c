// Original file: proto/envoy/extensions/filters/http/compressor/v3/compressor.proto

import type { BoolValue as _google_protobuf_BoolValue, BoolValue__Output as _google_protobuf_BoolValue__Output } from '../../../../../../google/protobuf/BoolValue';

export interface ResponseDirectionOverrides {
  'remove_accept_encoding_header'?: (_google_protobuf_BoolValue | null);
}

export interface ResponseDirectionOverrides__Output {
  'remove_accept_encoding_header'?: (_google_protobuf_BoolValue__Output);
}
