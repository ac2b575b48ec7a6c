// Shared by scripts/sync-crds.mjs (Gateway API) and scripts/sync-pier-crds.mjs (Pier's kinds):
// a CRD's openAPIV3Schema as the file provider validates with it.

/**
 * Drops documentation from a structural schema: `description` keywords only, never a property
 * that happens to be named "description" (GatewayClass has spec.description).
 */
export function stripSchema(schema) {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description') continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, stripSchema(sub)]));
    } else if (key === 'items' || key === 'not' || (key === 'additionalProperties' && typeof value === 'object')) {
      out[key] = stripSchema(value);
    } else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') {
      out[key] = value.map(stripSchema);
    } else {
      out[key] = value;
    }
  }
  return out;
}
