/** Field paths inside an object, and their Kubernetes spelling ("spec.rules[0].matches[0].path"). */

export type FieldPath = (string | number)[];

/** "spec.listeners[0].port" */
export function formatFieldPath(path: FieldPath): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
