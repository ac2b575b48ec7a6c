// Original file: proto/pier/admin/v1/admin.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../../google/protobuf/Struct';

export interface StatusEvent {
  'kind'?: (string);
  'namespace'?: (string);
  'name'?: (string);
  'deleted'?: (boolean);
  'status'?: (_google_protobuf_Struct | null);
  'problems'?: (string)[];
}

export interface StatusEvent__Output {
  'kind'?: (string);
  'namespace'?: (string);
  'name'?: (string);
  'deleted'?: (boolean);
  'status'?: (_google_protobuf_Struct__Output);
  'problems'?: (string)[];
}
