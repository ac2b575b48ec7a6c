// Original file: proto/envoy/config/rbac/v3/rbac.proto

import type { Permission as _envoy_config_rbac_v3_Permission, Permission__Output as _envoy_config_rbac_v3_Permission__Output } from '../../../../envoy/config/rbac/v3/Permission';
import type { Principal as _envoy_config_rbac_v3_Principal, Principal__Output as _envoy_config_rbac_v3_Principal__Output } from '../../../../envoy/config/rbac/v3/Principal';
import type { Expr as _google_api_expr_v1alpha1_Expr, Expr__Output as _google_api_expr_v1alpha1_Expr__Output } from '../../../../google/api/expr/v1alpha1/Expr';
import type { CheckedExpr as _google_api_expr_v1alpha1_CheckedExpr, CheckedExpr__Output as _google_api_expr_v1alpha1_CheckedExpr__Output } from '../../../../google/api/expr/v1alpha1/CheckedExpr';

export interface Policy {
  'permissions'?: (_envoy_config_rbac_v3_Permission)[];
  'principals'?: (_envoy_config_rbac_v3_Principal)[];
  'condition'?: (_google_api_expr_v1alpha1_Expr | null);
  'checked_condition'?: (_google_api_expr_v1alpha1_CheckedExpr | null);
}

export interface Policy__Output {
  'permissions'?: (_envoy_config_rbac_v3_Permission__Output)[];
  'principals'?: (_envoy_config_rbac_v3_Principal__Output)[];
  'condition'?: (_google_api_expr_v1alpha1_Expr__Output);
  'checked_condition'?: (_google_api_expr_v1alpha1_CheckedExpr__Output);
}
