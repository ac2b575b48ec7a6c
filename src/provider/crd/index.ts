/** Validation and defaulting of Gateway API objects against the vendored CRD schemas. */
export { validateResource, defaultResource, CEL_NOT_CHECKED, type ResourceProblem, type ResourceValidation, type ResourceValidationOptions } from './resource';
export { CrdSchemas, loadCrdSchemas, defaultCrdSchemas, CRD_SCHEMAS_FILE, GATEWAY_API_BUNDLE_VERSION, type ResolvedSchema, type CelCoverage } from './load';
export { applySchemaDefaults } from './defaults';
export { validateAgainstSchema } from './validate';
export { findUnknownFields } from './unknown-fields';
export { formatFieldError, goValue, type FieldError, type FieldErrorType } from './errors';
export { formatFieldPath, type FieldPath } from './path';
export { evaluateCelRules, collectRules, type CelResult } from './cel/evaluate';
export { CelRuleTable, GATEWAY_API_CEL_RULES, isTransitionRule } from './cel/table';
export type { CelCheck, CelRuleEntry } from './cel/rule';
export type { CrdBundle, CrdKind, CrdVersion, JSONSchemaProps } from './schema';
