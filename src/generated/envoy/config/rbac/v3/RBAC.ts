// Original file: proto/envoy/config/rbac/v3/rbac.proto

import type { Policy as _envoy_config_rbac_v3_Policy, Policy__Output as _envoy_config_rbac_v3_Policy__Output } from '../../../../envoy/config/rbac/v3/Policy';
import type { TypedExtensionConfig as _envoy_config_core_v3_TypedExtensionConfig, TypedExtensionConfig__Output as _envoy_config_core_v3_TypedExtensionConfig__Output } from '../../../../envoy/config/core/v3/TypedExtensionConfig';

// Original file: proto/envoy/config/rbac/v3/rbac.proto

export const _envoy_config_rbac_v3_RBAC_Action = {
  ALLOW: 'ALLOW',
  DENY: 'DENY',
  LOG: 'LOG',
} as const;

export type _envoy_config_rbac_v3_RBAC_Action =
  | 'ALLOW'
  | 0
  | 'DENY'
  | 1
  | 'LOG'
  | 2

export type _envoy_config_rbac_v3_RBAC_Action__Output = typeof _envoy_config_rbac_v3_RBAC_Action[keyof typeof _envoy_config_rbac_v3_RBAC_Action]

// Original file: proto/envoy/config/rbac/v3/rbac.proto

export const _envoy_config_rbac_v3_RBAC_AuditLoggingOptions_AuditCondition = {
  NONE: 'NONE',
  ON_DENY: 'ON_DENY',
  ON_ALLOW: 'ON_ALLOW',
  ON_DENY_AND_ALLOW: 'ON_DENY_AND_ALLOW',
} as const;

export type _envoy_config_rbac_v3_RBAC_AuditLoggingOptions_AuditCondition =
  | 'NONE'
  | 0
  | 'ON_DENY'
  | 1
  | 'ON_ALLOW'
  | 2
  | 'ON_DENY_AND_ALLOW'
  | 3

export type _envoy_config_rbac_v3_RBAC_AuditLoggingOptions_AuditCondition__Output = typeof _envoy_config_rbac_v3_RBAC_AuditLoggingOptions_AuditCondition[keyof typeof _envoy_config_rbac_v3_RBAC_AuditLoggingOptions_AuditCondition]

export interface _envoy_config_rbac_v3_RBAC_AuditLoggingOptions_AuditLoggerConfig {
  'audit_logger'?: (_envoy_config_core_v3_TypedExtensionConfig | null);
  'is_optional'?: (boolean);
}

export interface _envoy_config_rbac_v3_RBAC_AuditLoggingOptions_AuditLoggerConfig__Output {
  'audit_logger'?: (_envoy_config_core_v3_TypedExtensionConfig__Output);
  'is_optional'?: (boolean);
}

export interface _envoy_config_rbac_v3_RBAC_AuditLoggingOptions {
  'audit_condition'?: (_envoy_config_rbac_v3_RBAC_AuditLoggingOptions_AuditCondition);
  'logger_configs'?: (_envoy_config_rbac_v3_RBAC_AuditLoggingOptions_AuditLoggerConfig)[];
}

export interface _envoy_config_rbac_v3_RBAC_AuditLoggingOptions__Output {
  'audit_condition'?: (_envoy_config_rbac_v3_RBAC_AuditLoggingOptions_AuditCondition__Output);
  'logger_configs'?: (_envoy_config_rbac_v3_RBAC_AuditLoggingOptions_AuditLoggerConfig__Output)[];
}

export interface RBAC {
  'action'?: (_envoy_config_rbac_v3_RBAC_Action);
  'policies'?: ({[key: string]: _envoy_config_rbac_v3_Policy});
  'audit_logging_options'?: (_envoy_config_rbac_v3_RBAC_AuditLoggingOptions | null);
}

export interface RBAC__Output {
  'action'?: (_envoy_config_rbac_v3_RBAC_Action__Output);
  'policies'?: ({[key: string]: _envoy_config_rbac_v3_Policy__Output});
  'audit_logging_options'?: (_envoy_config_rbac_v3_RBAC_AuditLoggingOptions__Output);
}
