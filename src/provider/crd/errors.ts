/**
 * Field errors as the Kubernetes API server reports them (k8s.io/apimachinery field.Error), so a
 * file provider user reads the same text `kubectl apply` would print:
 *   spec.listeners[0].port: Invalid value: 0: spec.listeners[0].port in body should be greater than or equal to 1
 */
import { formatFieldPath, isRecord, type FieldPath } from './path';

export type FieldErrorType =
  | 'Required value'
  | 'Invalid value'
  | 'Unsupported value'
  | 'Duplicate value'
  | 'Too long'
  | 'Too many'
  | 'Forbidden';

export interface FieldError {
  type: FieldErrorType;
  path: FieldPath;
  /** The offending value; absent for types whose message omits it (Required, Too long, Forbidden). */
  value?: unknown;
  detail?: string;
  /** Set on "must be of type" errors (Go's ErrorTypeTypeInvalid, printed as "Invalid value"). */
  typeInvalid?: boolean;
}

/** Types whose message never shows the value. */
const VALUELESS: ReadonlySet<FieldErrorType> = new Set(['Required value', 'Too long', 'Forbidden']);

/**
 * A value the way Go prints it in field errors: strings quoted (%q), numbers and booleans bare,
 * maps and lists with Go's %#v syntax (what `Duplicate value` of a list-map key shows).
 */
export function goValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[]interface {}{${value.map(goValue).join(', ')}}`;
  if (isRecord(value)) {
    const entries = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${goValue(value[key])}`);
    return `map[string]interface {}{${entries.join(', ')}}`;
  }
  return JSON.stringify(String(value));
}

/** "Unsupported value: \"Prefix\": supported values: ..." (the part after the field path). */
export function formatErrorBody(error: FieldError): string {
  let body: string = error.type;
  if (!VALUELESS.has(error.type) && 'value' in error) body += `: ${goValue(error.value)}`;
  if (error.detail) body += `: ${error.detail}`;
  return body;
}

/** "spec.rules[0].matches[0].path.type: Unsupported value: ..." */
export function formatFieldError(error: FieldError): string {
  const field = formatFieldPath(error.path);
  return field ? `${field}: ${formatErrorBody(error)}` : formatErrorBody(error);
}

export const fieldErrors = {
  required: (path: FieldPath): FieldError => ({ type: 'Required value', path }),
  invalid: (path: FieldPath, value: unknown, detail: string): FieldError => ({ type: 'Invalid value', path, value, detail }),
  notSupported: (path: FieldPath, value: unknown, supported: readonly unknown[]): FieldError => ({
    type: 'Unsupported value', path, value,
    // Go quotes every supported value, JSON-encoding the ones that are not strings.
    detail: `supported values: ${supported.map((v) => JSON.stringify(typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}`,
  }),
  duplicate: (path: FieldPath, value: unknown): FieldError => ({ type: 'Duplicate value', path, value }),
  tooLong: (path: FieldPath, max: number): FieldError => ({ type: 'Too long', path, detail: `may not be more than ${max} bytes` }),
  tooMany: (path: FieldPath, actual: number, max: number): FieldError => ({ type: 'Too many', path, value: actual, detail: `must have at most ${max} items` }),
};
