import type { ProviderError } from '../../message/resources';

/** "path:line:column: HTTPRoute default/foo: message", for logs and the CLI. */
export function formatProviderError(error: ProviderError): string {
  let where = error.source;
  if (error.line !== undefined) where += `:${error.line}`;
  if (error.line !== undefined && error.column !== undefined) where += `:${error.column}`;
  return error.object ? `${where}: ${error.object}: ${error.message}` : `${where}: ${error.message}`;
}

/** Orders errors by source, then line, then column, then message: stable output for maps and tests. */
export function compareProviderErrors(a: ProviderError, b: ProviderError): number {
  if (a.source !== b.source) return a.source < b.source ? -1 : 1;
  const line = (a.line ?? 0) - (b.line ?? 0);
  if (line !== 0) return line;
  const column = (a.column ?? 0) - (b.column ?? 0);
  if (column !== 0) return column;
  return a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
}
