// Original file: proto/google/api/expr/v1alpha1/checked.proto

import type { Reference as _google_api_expr_v1alpha1_Reference, Reference__Output as _google_api_expr_v1alpha1_Reference__Output } from '../../../../google/api/expr/v1alpha1/Reference';
import type { Type as _google_api_expr_v1alpha1_Type, Type__Output as _google_api_expr_v1alpha1_Type__Output } from '../../../../google/api/expr/v1alpha1/Type';
import type { Expr as _google_api_expr_v1alpha1_Expr, Expr__Output as _google_api_expr_v1alpha1_Expr__Output } from '../../../../google/api/expr/v1alpha1/Expr';
import type { SourceInfo as _google_api_expr_v1alpha1_SourceInfo, SourceInfo__Output as _google_api_expr_v1alpha1_SourceInfo__Output } from '../../../../google/api/expr/v1alpha1/SourceInfo';

export interface CheckedExpr {
  'reference_map'?: ({[key: number]: _google_api_expr_v1alpha1_Reference});
  'type_map'?: ({[key: number]: _google_api_expr_v1alpha1_Type});
  'expr'?: (_google_api_expr_v1alpha1_Expr | null);
  'source_info'?: (_google_api_expr_v1alpha1_SourceInfo | null);
}

export interface CheckedExpr__Output {
  'reference_map'?: ({[key: number]: _google_api_expr_v1alpha1_Reference__Output});
  'type_map'?: ({[key: number]: _google_api_expr_v1alpha1_Type__Output});
  'expr'?: (_google_api_expr_v1alpha1_Expr__Output);
  'source_info'?: (_google_api_expr_v1alpha1_SourceInfo__Output);
}
