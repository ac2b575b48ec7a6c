/** `pier status [--watch]`: the Gateway API statuses Pier computed, problems first. */
import { parseArgs } from 'node:util';
import { isProblemCondition, type Condition } from '../../apis/meta';
import { hasAncestors, type ObjectStatus } from '../../message/resources';
import { AdminClient, DEFAULT_ADMIN_ADDRESS, OPS_FLAGS, formatData, formatTable, outputFormat } from './client';

export const STATUS_USAGE = `Usage: pier status [--watch] [--interval SECONDS] [--admin-address HOST:PORT] [-o table|json|yaml]

The status of every GatewayClass, Gateway, route and policy Pier serves, objects with a
problem first (a condition that is not as it should be: Accepted, Programmed or ResolvedRefs
not True, Conflicted True), with the reason and message of the first problem.
--watch prints the table again whenever a status changes (Ctrl-C stops).
--admin-address defaults to ${DEFAULT_ADMIN_ADDRESS}.
`;

export const STATUS_FLAGS = { ...OPS_FLAGS, watch: { type: 'boolean', short: 'w' }, interval: { type: 'string' } } as const;

export interface StatusProblem {
  /** Where the condition sits: "", "listener http", "parent default/gw". */
  at: string;
  type: string;
  status: string;
  reason: string;
  message: string;
}

export interface StatusSummary {
  kind: string;
  name: string;
  ok: boolean;
  /** Conditions as "Type=Status", with where they sit. */
  conditions: string[];
  problems: StatusProblem[];
}

function conditionGroups(s: ObjectStatus): { at: string; conditions: Condition[] }[] {
  if (hasAncestors(s)) return s.status.ancestors.map((a) => ({ at: `ancestor ${a.ancestorRef.namespace ?? s.namespace}/${a.ancestorRef.name}`, conditions: a.conditions }));
  switch (s.kind) {
    case 'GatewayClass': return [{ at: '', conditions: s.status.conditions ?? [] }];
    case 'Gateway':
    case 'ListenerSet': return [
      { at: '', conditions: s.status.conditions ?? [] },
      ...(s.status.listeners ?? []).map((l) => ({ at: `listener ${l.name}`, conditions: l.conditions ?? [] })),
    ];
    default: return s.status.parents.map((p) => ({
      at: `parent ${p.parentRef.namespace ?? s.namespace}/${p.parentRef.name}${p.parentRef.sectionName ? `/${p.parentRef.sectionName}` : ''}`,
      conditions: p.conditions,
    }));
  }
}

export function summarizeStatus(s: ObjectStatus): StatusSummary {
  const conditions: string[] = [];
  const problems: StatusProblem[] = [];
  for (const group of conditionGroups(s)) {
    for (const c of group.conditions) {
      conditions.push(`${group.at ? `${group.at}: ` : ''}${c.type}=${c.status}`);
      if (isProblemCondition(c)) problems.push({ at: group.at, type: c.type, status: c.status, reason: c.reason, message: c.message });
    }
  }
  return { kind: s.kind, name: s.namespace ? `${s.namespace}/${s.name}` : s.name, ok: problems.length === 0, conditions, problems };
}

/** Problems first, then by kind and name. */
export function sortSummaries(summaries: StatusSummary[]): StatusSummary[] {
  return summaries.sort((a, b) => Number(a.ok) - Number(b.ok) || a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
}

/**
 * The CONDITIONS column: the object's own conditions (a class, a Gateway); for a route or a
 * policy, whose conditions sit per parent or ancestor, each parent with its own
 * ("a/gw: Accepted,ResolvedRefs=False; a/other: Accepted"). True is left out.
 */
export function conditionsColumn(s: StatusSummary): string {
  const short = (c: string): string => c.replace(/=True$/, '');
  const own = s.conditions.filter((c) => !c.includes(': ')).map(short);
  if (own.length > 0) return own.join(',');
  const byParent = new Map<string, string[]>();
  for (const c of s.conditions) {
    const m = /^(?:parent|ancestor) (.+?): (.*)$/.exec(c);
    if (!m) continue;
    const [, at, condition] = m as unknown as [string, string, string];
    byParent.set(at, [...(byParent.get(at) ?? []), short(condition)]);
  }
  return [...byParent].map(([at, conditions]) => `${at}: ${conditions.join(',')}`).join('; ') || '-';
}

function table(summaries: readonly StatusSummary[]): string {
  if (summaries.length === 0) return 'no Gateway API objects\n';
  const rows = summaries.map((s) => {
    const first = s.problems[0];
    const detail = first ? `${first.at ? `${first.at}: ` : ''}${first.type}=${first.status} ${first.reason}: ${first.message}` : '';
    return [s.ok ? 'OK' : 'PROBLEM', s.kind, s.name, conditionsColumn(s), detail];
  });
  return formatTable(['STATE', 'KIND', 'NAME', 'CONDITIONS', 'PROBLEM'], rows);
}

export async function runStatus(args: string[], signal?: AbortSignal): Promise<number> {
  const { values } = parseArgs({ args, options: STATUS_FLAGS, allowPositionals: false });
  if (values.help) {
    process.stdout.write(STATUS_USAGE);
    return 0;
  }
  const format = outputFormat(values.output);
  const intervalSeconds = Number(values.interval ?? '1');
  if (!Number.isFinite(intervalSeconds) || intervalSeconds < 0.1) throw new Error(`--interval: "${values.interval}" is not a number of seconds (at least 0.1)`);
  const client = new AdminClient(values['admin-address']);
  const render = async (): Promise<string> => {
    const summaries = sortSummaries((await client.get<ObjectStatus[]>('/statuses')).map(summarizeStatus));
    return format === 'table' ? table(summaries) : formatData(summaries, format);
  };
  let shown = await render();
  process.stdout.write(shown);
  if (!values.watch) return 0;
  while (!signal?.aborted) {
    await new Promise((resolve) => setTimeout(resolve, intervalSeconds * 1000));
    const next = await render();
    if (next === shown) continue;
    shown = next;
    process.stdout.write(`\n${new Date().toISOString()}\n${next}`);
  }
  return 0;
}
