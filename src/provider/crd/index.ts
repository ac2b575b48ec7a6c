/** Validation and defaulting of Gateway API objects against the vendored CRD schemas. */
export { validateResource, defaultResource, CEL_NOT_CHECKED, type ResourceProblem, type ResourceValidation, type ResourceValidationOptions } from './resource';
export { CrdSchemas, loadCrdSchemas, defaultCrdSchemas, CRD_SCHEMAS_FILE, GATEWAY_API_BUNDLE_VERSION, type ResolvedSchema } from './load';
export { applySchemaDefaults } from './defaults';
export { validateAgainstSchema } from './validate';
export { findUnknownFields } from './unknown-fields';
export { formatFieldError, goValue, type FieldError, type FieldErrorType } from './errors';
export { formatFieldPath, type FieldPath } from './path';
export { evaluateCelRules, collectRules, compileRule, compileCelRules, isTransitionRule, type CelRulesResult, type CompiledRule, type CelCoverage } from './cel/evaluate';
export { kubernetesCelEnv, isKubernetesIP, adaptRule } from './cel/library';
export type { CrdBundle, CrdKind, CrdVersion, JSONSchemaProps } from './schema';
