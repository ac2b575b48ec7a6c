// Original file: proto/google/api/expr/v1alpha1/checked.proto

import type { Constant as _google_api_expr_v1alpha1_Constant, Constant__Output as _google_api_expr_v1alpha1_Constant__Output } from '../../../../google/api/expr/v1alpha1/Constant';

export interface Reference {
  'name'?: (string);
  'overload_id'?: (string)[];
  'value'?: (_google_api_expr_v1alpha1_Constant | null);
}

export interface Reference__Output {
  'name'?: (string);
  'overload_id'?: (string)[];
  'value'?: (_google_api_expr_v1alpha1_Constant__Output);
}
