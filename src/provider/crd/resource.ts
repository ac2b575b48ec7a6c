/**
 * Validates one custom resource as the API server would on create, with kubectl's strict field
 * validation: unknown fields reject the object; otherwise the CRD defaults are applied, then the
 * schema is checked, then (unless the schema check found blocking errors, as the API server does)
 * the CEL rules. Pure, unless the caller hands over an object it owns (options.owned).
 */
import { evaluateCelRules } from './cel/evaluate';
import { applySchemaDefaults, applySchemaDefaultsInPlace } from './defaults';
import { formatFieldError, type FieldError } from './errors';
import type { CrdSchemas } from './load';
import { cloneJson } from '../../ir/clone';
import { formatFieldPath, isRecord, type FieldPath } from './path';
import type { JSONSchemaProps } from './schema';
import { findUnknownFields, withoutFields } from './unknown-fields';
import { validateAgainstSchema } from './validate';

/** One reason to reject the object; message is complete, Kubernetes style. */
export interface ResourceProblem {
  path: FieldPath;
  message: string;
  /** The field error behind the message (absent for unknown fields and the CEL note). */
  error?: FieldError;
}

export interface ResourceValidation {
  /** The object with the CRD defaults applied (the input, copied, when there are problems; with owned, the input itself). */
  object: Record<string, unknown>;
  problems: ResourceProblem[];
  /** CEL rules that were due here but could not be compiled (skipped). */
  skippedRules: string[];
}

export interface ResourceValidationOptions {
  /**
   * The stored version of the object, when this is an update: transition rules (oldSelf) then
   * run, as the API server runs them on update. Without it, validation is that of a create.
   */
  oldObject?: Record<string, unknown>;
  /**
   * Fields the schema does not declare: 'reject' (default) as kubectl's strict field validation
   * does, or 'prune' (drop them silently) as the API server does without it, e.g. for manifests
   * written for the experimental channel.
   */
  unknownFields?: 'reject' | 'prune';
  /**
   * obj is the caller's own (a parser's fresh value): the defaults are applied to it in place
   * instead of to a copy, and it is what the result holds, problems or not.
   */
  owned?: boolean;
}

/** The API server's own words when schema errors keep CEL rules from running. */
export const CEL_NOT_CHECKED = 'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation';

/** Type, enum, required, too long and too many errors keep CEL rules from running (their inputs cannot be trusted). */
function isBlocking(error: FieldError): boolean {
  return error.typeInvalid === true || error.type === 'Unsupported value' || error.type === 'Required value'
    || error.type === 'Too long' || error.type === 'Too many';
}

/**
 * Schema defaults of a whole object (a copy, or obj itself when owned); a status default
 * (GatewayClass, Gateway) is not added: status belongs to controllers.
 */
function defaultWithSchema(schema: JSONSchemaProps, obj: Record<string, unknown>, owned = false): Record<string, unknown> {
  const hadStatus = obj.status !== undefined;
  let defaulted = obj;
  if (owned) applySchemaDefaultsInPlace(schema, obj);
  else defaulted = applySchemaDefaults(schema, obj);
  if (!hadStatus) delete defaulted.status;
  return defaulted;
}

/**
 * obj with the CRD defaults of its apiVersion and kind applied (a copy; with owned, obj itself,
 * changed in place), as the API server stores it; undefined when schemas has no CRD for it. Not
 * validated.
 */
export function defaultResource<T extends object>(schemas: CrdSchemas, obj: T, owned = false): T | undefined {
  const record = obj as Record<string, unknown>;
  const resolved = schemas.lookup(typeof record.apiVersion === 'string' ? record.apiVersion : '', typeof record.kind === 'string' ? record.kind : '');
  return resolved ? defaultWithSchema(resolved.schema, record, owned) as T : undefined;
}

function nameOf(obj: Record<string, unknown>): string {
  return isRecord(obj.metadata) && typeof obj.metadata.name === 'string' ? obj.metadata.name : '';
}

/**
 * Validates obj (a whole object: apiVersion, kind, metadata, spec; status is not read) against
 * its CRD. Returns undefined when schemas has no CRD for obj's apiVersion and kind.
 */
export function validateResource(schemas: CrdSchemas, obj: Record<string, unknown>, options: ResourceValidationOptions = {}): ResourceValidation | undefined {
  const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
  const kind = typeof obj.kind === 'string' ? obj.kind : '';
  const resolved = schemas.lookup(apiVersion, kind);
  if (!resolved) return undefined;
  const { schema } = resolved;

  const unknown = findUnknownFields(schema, obj);
  if (unknown.length > 0 && options.unknownFields === 'prune') {
    return validateResource(schemas, withoutFields(obj, unknown), options);
  }
  if (unknown.length > 0) {
    const prefix = `${kind} in version "${resolved.version}" cannot be handled as a ${kind}: strict decoding error`;
    return {
      object: options.owned ? obj : cloneJson(obj),
      problems: unknown.map((path) => ({ path, message: `${prefix}: unknown field "${formatFieldPath(path)}"` })),
      skippedRules: [],
    };
  }

  const defaulted = defaultWithSchema(schema, obj, options.owned);
  const invalid = `${kind}.${resolved.group} ${JSON.stringify(nameOf(obj))} is invalid`;
  const problem = (error: FieldError): ResourceProblem => ({ path: error.path, message: `${invalid}: ${formatFieldError(error)}`, error });

  const schemaErrors = validateAgainstSchema(schema, defaulted);
  const problems = schemaErrors.map(problem);
  let skippedRules: string[] = [];
  if (schemaErrors.some(isBlocking)) {
    problems.push({ path: [], message: `${invalid}: ${CEL_NOT_CHECKED}` });
  } else {
    const cel = evaluateCelRules(schema, defaulted, [], options.oldObject);
    problems.push(...cel.errors.map(problem));
    skippedRules = [...cel.skipped];
  }
  return { object: problems.length === 0 || options.owned ? defaulted : cloneJson(obj), problems, skippedRules };
}
