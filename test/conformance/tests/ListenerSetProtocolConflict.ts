// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/listenerset-protocol-conflict.go
import type { ConformanceTest } from '../types';
import { listenerConflictPrecedence } from './ListenerSetHostnameConflict';

export const ListenerSetProtocolConflict: ConformanceTest = {
  shortName: 'ListenerSetProtocolConflict',
  description: 'Validate Listener Precedence when a ListenerSet listener has a protocol conflict',
  upstream: 'tests/listenerset-protocol-conflict.go',
  features: ['Gateway', 'ListenerSet'],
  manifests: ['tests/listenerset-protocol-conflict.yaml'],
  test: (t, s) => listenerConflictPrecedence(t, s, 'protocol'),
};
