// Original file: proto/google/api/expr/v1alpha1/syntax.proto

import type { Constant as _google_api_expr_v1alpha1_Constant, Constant__Output as _google_api_expr_v1alpha1_Constant__Output } from '../../../../google/api/expr/v1alpha1/Constant';
import type { Expr as _google_api_expr_v1alpha1_Expr, Expr__Output as _google_api_expr_v1alpha1_Expr__Output } from '../../../../google/api/expr/v1alpha1/Expr';
import type { Long } from '@grpc/proto-loader';

export interface _google_api_expr_v1alpha1_Expr_Call {
  'target'?: (_google_api_expr_v1alpha1_Expr | null);
  'function'?: (string);
  'args'?: (_google_api_expr_v1alpha1_Expr)[];
}

export interface _google_api_expr_v1alpha1_Expr_Call__Output {
  'target'?: (_google_api_expr_v1alpha1_Expr__Output);
  'function'?: (string);
  'args'?: (_google_api_expr_v1alpha1_Expr__Output)[];
}

export interface _google_api_expr_v1alpha1_Expr_Comprehension {
  'iter_var'?: (string);
  'iter_range'?: (_google_api_expr_v1alpha1_Expr | null);
  'accu_var'?: (string);
  'accu_init'?: (_google_api_expr_v1alpha1_Expr | null);
  'loop_condition'?: (_google_api_expr_v1alpha1_Expr | null);
  'loop_step'?: (_google_api_expr_v1alpha1_Expr | null);
  'result'?: (_google_api_expr_v1alpha1_Expr | null);
}

export interface _google_api_expr_v1alpha1_Expr_Comprehension__Output {
  'iter_var'?: (string);
  'iter_range'?: (_google_api_expr_v1alpha1_Expr__Output);
  'accu_var'?: (string);
  'accu_init'?: (_google_api_expr_v1alpha1_Expr__Output);
  'loop_condition'?: (_google_api_expr_v1alpha1_Expr__Output);
  'loop_step'?: (_google_api_expr_v1alpha1_Expr__Output);
  'result'?: (_google_api_expr_v1alpha1_Expr__Output);
}

export interface _google_api_expr_v1alpha1_Expr_CreateList {
  'elements'?: (_google_api_expr_v1alpha1_Expr)[];
}

export interface _google_api_expr_v1alpha1_Expr_CreateList__Output {
  'elements'?: (_google_api_expr_v1alpha1_Expr__Output)[];
}

export interface _google_api_expr_v1alpha1_Expr_CreateStruct {
  'message_name'?: (string);
  'entries'?: (_google_api_expr_v1alpha1_Expr_CreateStruct_Entry)[];
}

export interface _google_api_expr_v1alpha1_Expr_CreateStruct__Output {
  'message_name'?: (string);
  'entries'?: (_google_api_expr_v1alpha1_Expr_CreateStruct_Entry__Output)[];
}

export interface _google_api_expr_v1alpha1_Expr_CreateStruct_Entry {
  'id'?: (number | string | Long);
  'field_key'?: (string);
  'map_key'?: (_google_api_expr_v1alpha1_Expr | null);
  'value'?: (_google_api_expr_v1alpha1_Expr | null);
  'key_kind'?: "field_key"|"map_key";
}

export interface _google_api_expr_v1alpha1_Expr_CreateStruct_Entry__Output {
  'id'?: (string);
  'field_key'?: (string);
  'map_key'?: (_google_api_expr_v1alpha1_Expr__Output);
  'value'?: (_google_api_expr_v1alpha1_Expr__Output);
  'key_kind'?: "field_key"|"map_key";
}

export interface _google_api_expr_v1alpha1_Expr_Ident {
  'name'?: (string);
}

export interface _google_api_expr_v1alpha1_Expr_Ident__Output {
  'name'?: (string);
}

export interface _google_api_expr_v1alpha1_Expr_Select {
  'operand'?: (_google_api_expr_v1alpha1_Expr | null);
  'field'?: (string);
  'test_only'?: (boolean);
}

export interface _google_api_expr_v1alpha1_Expr_Select__Output {
  'operand'?: (_google_api_expr_v1alpha1_Expr__Output);
  'field'?: (string);
  'test_only'?: (boolean);
}

export interface Expr {
  'id'?: (number | string | Long);
  'const_expr'?: (_google_api_expr_v1alpha1_Constant | null);
  'ident_expr'?: (_google_api_expr_v1alpha1_Expr_Ident | null);
  'select_expr'?: (_google_api_expr_v1alpha1_Expr_Select | null);
  'call_expr'?: (_google_api_expr_v1alpha1_Expr_Call | null);
  'list_expr'?: (_google_api_expr_v1alpha1_Expr_CreateList | null);
  'struct_expr'?: (_google_api_expr_v1alpha1_Expr_CreateStruct | null);
  'comprehension_expr'?: (_google_api_expr_v1alpha1_Expr_Comprehension | null);
  'expr_kind'?: "const_expr"|"ident_expr"|"select_expr"|"call_expr"|"list_expr"|"struct_expr"|"comprehension_expr";
}

export interface Expr__Output {
  'id'?: (string);
  'const_expr'?: (_google_api_expr_v1alpha1_Constant__Output);
  'ident_expr'?: (_google_api_expr_v1alpha1_Expr_Ident__Output);
  'select_expr'?: (_google_api_expr_v1alpha1_Expr_Select__Output);
  'call_expr'?: (_google_api_expr_v1alpha1_Expr_Call__Output);
  'list_expr'?: (_google_api_expr_v1alpha1_Expr_CreateList__Output);
  'struct_expr'?: (_google_api_expr_v1alpha1_Expr_CreateStruct__Output);
  'comprehension_expr'?: (_google_api_expr_v1alpha1_Expr_Comprehension__Output);
  'expr_kind'?: "const_expr"|"ident_expr"|"select_expr"|"call_expr"|"list_expr"|"struct_expr"|"comprehension_expr";
}
