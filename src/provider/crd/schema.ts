/**
 * The subset of a CRD's OpenAPI v3 (structural) schema that Pier validates and defaults with.
 * Shapes follow apiextensions.k8s.io/v1 JSONSchemaProps; descriptions are dropped when vendored.
 */

export interface CelValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  /** Path, relative to the node, that a failure is reported at (JSONPath-like: ".a.b"). */
  fieldPath?: string;
  reason?: string;
}

export type SchemaType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';

export interface JSONSchemaProps {
  type?: SchemaType;
  format?: string;
  properties?: Record<string, JSONSchemaProps>;
  required?: string[];
  additionalProperties?: boolean | JSONSchemaProps;
  items?: JSONSchemaProps;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  nullable?: boolean;
  default?: unknown;
  allOf?: JSONSchemaProps[];
  anyOf?: JSONSchemaProps[];
  oneOf?: JSONSchemaProps[];
  not?: JSONSchemaProps;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: 'atomic' | 'granular';
  'x-kubernetes-validations'?: CelValidationRule[];
}

/** One version of a CRD as served (or no longer served) by the API server. */
export interface CrdVersion {
  served: boolean;
  storage: boolean;
  schema: JSONSchemaProps;
}

/** One CRD: its kind's group, scope and versions. */
export interface CrdKind {
  group: string;
  plural: string;
  scope: 'Namespaced' | 'Cluster';
  bundleVersion?: string;
  channel?: string;
  versions: Record<string, CrdVersion>;
}

/** The vendored schemas.json written by scripts/sync-crds.mjs. */
export interface CrdBundle {
  module: string;
  version: string;
  kinds: Record<string, CrdKind>;
}
