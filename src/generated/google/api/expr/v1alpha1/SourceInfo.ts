// Original file: proto/google/api/expr/v1alpha1/syntax.proto

import type { Expr as _google_api_expr_v1alpha1_Expr, Expr__Output as _google_api_expr_v1alpha1_Expr__Output } from '../../../../google/api/expr/v1alpha1/Expr';

export interface SourceInfo {
  'syntax_version'?: (string);
  'location'?: (string);
  'line_offsets'?: (number)[];
  'positions'?: ({[key: number]: number});
  'macro_calls'?: ({[key: number]: _google_api_expr_v1alpha1_Expr});
}

export interface SourceInfo__Output {
  'syntax_version'?: (string);
  'location'?: (string);
  'line_offsets'?: (number)[];
  'positions'?: ({[key: number]: number});
  'macro_calls'?: ({[key: number]: _google_api_expr_v1alpha1_Expr__Output});
}
