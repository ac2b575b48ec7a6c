/**
 * The parts of a kubeconfig document (clientcmd's Config, v1) that select a cluster and a user:
 * the current context's named entries, checked for shape with errors that name the field.
 */
export type KubeconfigCluster = Record<string, unknown>;
export type KubeconfigUser = Record<string, unknown>;

export interface SelectedContext {
  cluster: KubeconfigCluster;
  user: KubeconfigUser;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The entry called name in a list of {name, <field>: {...}}, e.g. clusters[].cluster. */
function named(doc: Record<string, unknown>, list: string, field: string, name: string, source: string): Record<string, unknown> {
  const entries = doc[list] ?? [];
  if (!Array.isArray(entries)) throw new Error(`kubeconfig ${source}: ${list} must be a list`);
  const entry: unknown = entries.find((e: unknown) => isRecord(e) && e.name === name);
  if (!isRecord(entry)) throw new Error(`kubeconfig ${source}: no ${list} entry named ${JSON.stringify(name)}`);
  const value = entry[field] ?? {};
  if (!isRecord(value)) throw new Error(`kubeconfig ${source}: ${list}[${JSON.stringify(name)}].${field} must be a mapping`);
  return value;
}

export function selectedContext(doc: unknown, source: string): SelectedContext {
  if (!isRecord(doc)) throw new Error(`kubeconfig ${source}: not a kubeconfig document (expected a mapping)`);
  const current = doc['current-context'];
  if (typeof current !== 'string' || current === '') throw new Error(`kubeconfig ${source} has no current context (current-context is empty)`);
  const context = named(doc, 'contexts', 'context', current, source);
  if (typeof context.cluster !== 'string' || context.cluster === '') throw new Error(`kubeconfig ${source}: context ${JSON.stringify(current)} names no cluster`);
  const cluster = named(doc, 'clusters', 'cluster', context.cluster, source);
  // A context without a user (anonymous access) is valid.
  const user = typeof context.user === 'string' && context.user !== '' ? named(doc, 'users', 'user', context.user, source) : {};
  return { cluster, user };
}
