// Original file: proto/google/api/expr/v1alpha1/checked.proto

import type { Type as _google_api_expr_v1alpha1_Type, Type__Output as _google_api_expr_v1alpha1_Type__Output } from '../../../../google/api/expr/v1alpha1/Type';
import type { Constant as _google_api_expr_v1alpha1_Constant, Constant__Output as _google_api_expr_v1alpha1_Constant__Output } from '../../../../google/api/expr/v1alpha1/Constant';

export interface _google_api_expr_v1alpha1_Decl_FunctionDecl {
  'overloads'?: (_google_api_expr_v1alpha1_Decl_FunctionDecl_Overload)[];
}

export interface _google_api_expr_v1alpha1_Decl_FunctionDecl__Output {
  'overloads'?: (_google_api_expr_v1alpha1_Decl_FunctionDecl_Overload__Output)[];
}

export interface _google_api_expr_v1alpha1_Decl_IdentDecl {
  'type'?: (_google_api_expr_v1alpha1_Type | null);
  'value'?: (_google_api_expr_v1alpha1_Constant | null);
  'doc'?: (string);
}

export interface _google_api_expr_v1alpha1_Decl_IdentDecl__Output {
  'type'?: (_google_api_expr_v1alpha1_Type__Output);
  'value'?: (_google_api_expr_v1alpha1_Constant__Output);
  'doc'?: (string);
}

export interface _google_api_expr_v1alpha1_Decl_FunctionDecl_Overload {
  'overload_id'?: (string);
  'params'?: (_google_api_expr_v1alpha1_Type)[];
  'type_params'?: (string)[];
  'result_type'?: (_google_api_expr_v1alpha1_Type | null);
  'is_instance_function'?: (boolean);
  'doc'?: (string);
}

export interface _google_api_expr_v1alpha1_Decl_FunctionDecl_Overload__Output {
  'overload_id'?: (string);
  'params'?: (_google_api_expr_v1alpha1_Type__Output)[];
  'type_params'?: (string)[];
  'result_type'?: (_google_api_expr_v1alpha1_Type__Output);
  'is_instance_function'?: (boolean);
  'doc'?: (string);
}

export interface Decl {
  'name'?: (string);
  'ident'?: (_google_api_expr_v1alpha1_Decl_IdentDecl | null);
  'function'?: (_google_api_expr_v1alpha1_Decl_FunctionDecl | null);
  'decl_kind'?: "ident"|"function";
}

export interface Decl__Output {
  'name'?: (string);
  'ident'?: (_google_api_expr_v1alpha1_Decl_IdentDecl__Output);
  'function'?: (_google_api_expr_v1alpha1_Decl_FunctionDecl__Output);
  'decl_kind'?: "ident"|"function";
}
