// Original file: proto/google/api/expr/v1alpha1/syntax.proto

import type { Expr as _google_api_expr_v1alpha1_Expr, Expr__Output as _google_api_expr_v1alpha1_Expr__Output } from '../../../../google/api/expr/v1alpha1/Expr';
import type { SourceInfo as _google_api_expr_v1alpha1_SourceInfo, SourceInfo__Output as _google_api_expr_v1alpha1_SourceInfo__Output } from '../../../../google/api/expr/v1alpha1/SourceInfo';

export interface ParsedExpr {
  'expr'?: (_google_api_expr_v1alpha1_Expr | null);
  'source_info'?: (_google_api_expr_v1alpha1_SourceInfo | null);
}

export interface ParsedExpr__Output {
  'expr'?: (_google_api_expr_v1alpha1_Expr__Output);
  'source_info'?: (_google_api_expr_v1alpha1_SourceInfo__Output);
}
