/**
 * A Pier policy's status as the Kubernetes-suite tests read it: its ancestor entries written by
 * one controller, summed up as "<ancestor kind>/<name>[,...] <status> <reason> @<generation>" of
 * the first entry's Accepted condition.
 */
import { waitFor } from '../helpers/net';
import type { TestApiClient } from './api';

interface Condition { type: string; status: string; reason: string; message: string; observedGeneration?: number }
export interface Policy {
  metadata: { name: string; generation?: number };
  status?: { ancestors?: { ancestorRef: { name: string; kind?: string }; controllerName: string; conditions: Condition[] }[] };
}

/** The policy at `path` (its object URL): our ancestor entries' Accepted condition, or undefined before there is one. */
export async function policyAccepted(api: TestApiClient, path: string, controllerName: string): Promise<string | undefined> {
  const p = await api.get<Policy>(path);
  const ours = p.status?.ancestors?.filter((a) => a.controllerName === controllerName) ?? [];
  if (ours.length === 0) return undefined;
  const c = ours[0]!.conditions.find((x) => x.type === 'Accepted');
  return `${ours.map((a) => `${a.ancestorRef.kind}/${a.ancestorRef.name}`).join(',')} ${c?.status} ${c?.reason} @${c?.observedGeneration}`;
}

/** Waits until policyAccepted says `expected` (an unreadable policy counts as not yet). */
export function waitPolicyAccepted(api: TestApiClient, path: string, controllerName: string, expected: string, timeoutMs = 30_000): Promise<true> {
  return waitFor(`${path}: ${expected}`, async () => ((await policyAccepted(api, path, controllerName).catch(() => undefined)) === expected ? true : undefined), { timeoutMs, intervalMs: 200 });
}
