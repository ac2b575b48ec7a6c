/** BackendPolicy's spec.loadBalancer as the IR's load balancer settings. */
import type { BackendPolicy } from '../../apis/pier';
import type { HashOn, LoadBalancerSettings } from '../../ir/backendpolicy';
import { parseDurationMs } from '../routes/duration';

const TYPES: Readonly<Record<NonNullable<BackendPolicy['spec']['loadBalancer']>['type'], LoadBalancerSettings['type']>> = {
  RoundRobin: 'roundRobin', LeastRequest: 'leastRequest', Random: 'random', RingHash: 'ringHash', Maglev: 'maglev',
};

function hashOf(policy: BackendPolicy, problems: string[]): HashOn | undefined {
  const hash = policy.spec.loadBalancer?.consistentHash;
  const at = 'spec.loadBalancer.consistentHash';
  if (!hash) {
    problems.push(`${at} is required for type ${policy.spec.loadBalancer?.type}`);
    return undefined;
  }
  switch (hash.type) {
    case 'Header':
      if (!hash.header) break;
      return { type: 'header', name: hash.header.name.toLowerCase() };
    case 'Cookie': {
      if (!hash.cookie) break;
      const ms = hash.cookie.ttl === undefined ? 0 : parseDurationMs(hash.cookie.ttl);
      if (ms === undefined) {
        problems.push(`${at}.cookie.ttl "${hash.cookie.ttl}" is not a duration`);
        return undefined;
      }
      // Envoy's cookie TTL is whole seconds (Max-Age); a part second is rounded up, not lost.
      const out: HashOn = { type: 'cookie', name: hash.cookie.name, ttlSeconds: Math.ceil(ms / 1000) };
      if (hash.cookie.path !== undefined) out.path = hash.cookie.path;
      return out;
    }
    case 'SourceIP':
      return { type: 'sourceIP' };
  }
  problems.push(`${at}.${hash.type.toLowerCase()} is required for type ${hash.type}`);
  return undefined;
}

export function loadBalancerOf(policy: BackendPolicy, problems: string[]): LoadBalancerSettings | undefined {
  const lb = policy.spec.loadBalancer;
  if (!lb) return undefined;
  const out: LoadBalancerSettings = { type: TYPES[lb.type] };
  if (lb.type === 'LeastRequest' && lb.leastRequest?.choiceCount !== undefined) out.choiceCount = lb.leastRequest.choiceCount;
  if (lb.type === 'RingHash' || lb.type === 'Maglev') {
    const hashOn = hashOf(policy, problems);
    if (hashOn) out.hashOn = hashOn;
  }
  return out;
}
