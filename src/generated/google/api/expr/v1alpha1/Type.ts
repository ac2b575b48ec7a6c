// Original file: proto/google/api/expr/v1alpha1/checked.proto

import type { Empty as _google_protobuf_Empty, Empty__Output as _google_protobuf_Empty__Output } from '../../../../google/protobuf/Empty';
import type { NullValue as _google_protobuf_NullValue, NullValue__Output as _google_protobuf_NullValue__Output } from '../../../../google/protobuf/NullValue';
import type { Type as _google_api_expr_v1alpha1_Type, Type__Output as _google_api_expr_v1alpha1_Type__Output } from '../../../../google/api/expr/v1alpha1/Type';

export interface _google_api_expr_v1alpha1_Type_AbstractType {
  'name'?: (string);
  'parameter_types'?: (_google_api_expr_v1alpha1_Type)[];
}

export interface _google_api_expr_v1alpha1_Type_AbstractType__Output {
  'name'?: (string);
  'parameter_types'?: (_google_api_expr_v1alpha1_Type__Output)[];
}

export interface _google_api_expr_v1alpha1_Type_FunctionType {
  'result_type'?: (_google_api_expr_v1alpha1_Type | null);
  'arg_types'?: (_google_api_expr_v1alpha1_Type)[];
}

export interface _google_api_expr_v1alpha1_Type_FunctionType__Output {
  'result_type'?: (_google_api_expr_v1alpha1_Type__Output);
  'arg_types'?: (_google_api_expr_v1alpha1_Type__Output)[];
}

export interface _google_api_expr_v1alpha1_Type_ListType {
  'elem_type'?: (_google_api_expr_v1alpha1_Type | null);
}

export interface _google_api_expr_v1alpha1_Type_ListType__Output {
  'elem_type'?: (_google_api_expr_v1alpha1_Type__Output);
}

export interface _google_api_expr_v1alpha1_Type_MapType {
  'key_type'?: (_google_api_expr_v1alpha1_Type | null);
  'value_type'?: (_google_api_expr_v1alpha1_Type | null);
}

export interface _google_api_expr_v1alpha1_Type_MapType__Output {
  'key_type'?: (_google_api_expr_v1alpha1_Type__Output);
  'value_type'?: (_google_api_expr_v1alpha1_Type__Output);
}

// Original file: proto/google/api/expr/v1alpha1/checked.proto

export const _google_api_expr_v1alpha1_Type_PrimitiveType = {
  PRIMITIVE_TYPE_UNSPECIFIED: 'PRIMITIVE_TYPE_UNSPECIFIED',
  BOOL: 'BOOL',
  INT64: 'INT64',
  UINT64: 'UINT64',
  DOUBLE: 'DOUBLE',
  STRING: 'STRING',
  BYTES: 'BYTES',
} as const;

export type _google_api_expr_v1alpha1_Type_PrimitiveType =
  | 'PRIMITIVE_TYPE_UNSPECIFIED'
  | 0
  | 'BOOL'
  | 1
  | 'INT64'
  | 2
  | 'UINT64'
  | 3
  | 'DOUBLE'
  | 4
  | 'STRING'
  | 5
  | 'BYTES'
  | 6

export type _google_api_expr_v1alpha1_Type_PrimitiveType__Output = typeof _google_api_expr_v1alpha1_Type_PrimitiveType[keyof typeof _google_api_expr_v1alpha1_Type_PrimitiveType]

// Original file: proto/google/api/expr/v1alpha1/checked.proto

export const _google_api_expr_v1alpha1_Type_WellKnownType = {
  WELL_KNOWN_TYPE_UNSPECIFIED: 'WELL_KNOWN_TYPE_UNSPECIFIED',
  ANY: 'ANY',
  TIMESTAMP: 'TIMESTAMP',
  DURATION: 'DURATION',
} as const;

export type _google_api_expr_v1alpha1_Type_WellKnownType =
  | 'WELL_KNOWN_TYPE_UNSPECIFIED'
  | 0
  | 'ANY'
  | 1
  | 'TIMESTAMP'
  | 2
  | 'DURATION'
  | 3

export type _google_api_expr_v1alpha1_Type_WellKnownType__Output = typeof _google_api_expr_v1alpha1_Type_WellKnownType[keyof typeof _google_api_expr_v1alpha1_Type_WellKnownType]

export interface Type {
  'dyn'?: (_google_protobuf_Empty | null);
  'null'?: (_google_protobuf_NullValue);
  'primitive'?: (_google_api_expr_v1alpha1_Type_PrimitiveType);
  'wrapper'?: (_google_api_expr_v1alpha1_Type_PrimitiveType);
  'well_known'?: (_google_api_expr_v1alpha1_Type_WellKnownType);
  'list_type'?: (_google_api_expr_v1alpha1_Type_ListType | null);
  'map_type'?: (_google_api_expr_v1alpha1_Type_MapType | null);
  'function'?: (_google_api_expr_v1alpha1_Type_FunctionType | null);
  'message_type'?: (string);
  'type_param'?: (string);
  'type'?: (_google_api_expr_v1alpha1_Type | null);
  'error'?: (_google_protobuf_Empty | null);
  'abstract_type'?: (_google_api_expr_v1alpha1_Type_AbstractType | null);
  'type_kind'?: "dyn"|"null"|"primitive"|"wrapper"|"well_known"|"list_type"|"map_type"|"function"|"message_type"|"type_param"|"type"|"error"|"abstract_type";
}

export interface Type__Output {
  'dyn'?: (_google_protobuf_Empty__Output);
  'null'?: (_google_protobuf_NullValue__Output);
  'primitive'?: (_google_api_expr_v1alpha1_Type_PrimitiveType__Output);
  'wrapper'?: (_google_api_expr_v1alpha1_Type_PrimitiveType__Output);
  'well_known'?: (_google_api_expr_v1alpha1_Type_WellKnownType__Output);
  'list_type'?: (_google_api_expr_v1alpha1_Type_ListType__Output);
  'map_type'?: (_google_api_expr_v1alpha1_Type_MapType__Output);
  'function'?: (_google_api_expr_v1alpha1_Type_FunctionType__Output);
  'message_type'?: (string);
  'type_param'?: (string);
  'type'?: (_google_api_expr_v1alpha1_Type__Output);
  'error'?: (_google_protobuf_Empty__Output);
  'abstract_type'?: (_google_api_expr_v1alpha1_Type_AbstractType__Output);
  'type_kind'?: "dyn"|"null"|"primitive"|"wrapper"|"well_known"|"list_type"|"map_type"|"function"|"message_type"|"type_param"|"type"|"error"|"abstract_type";
}
