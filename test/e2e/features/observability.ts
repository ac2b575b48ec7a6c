/** ObservabilityPolicy objects for the e2e tests (one creation time: precedence by namespace/name). */
import { NAMESPACE } from './resources';

export function observabilityPolicy(name: string, targetRef: Record<string, unknown>, spec: Record<string, unknown>): Record<string, unknown> {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ObservabilityPolicy',
    metadata: { name, namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', ...targetRef }], ...spec },
  };
}
