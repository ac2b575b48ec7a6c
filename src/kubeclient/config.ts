/**
 * Where Pier finds its cluster: --kubeconfig FILE, else the in-cluster service account, else
 * $KUBECONFIG, else ~/.kube/config. The KubeConfig carries the server, TLS and credentials that
 * every request (lists, watches, status writes, leases) applies.
 */
import { existsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';

const IN_CLUSTER_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

export function loadKubeConfig(file: string): KubeConfig {
  const kc = new KubeConfig();
  if (file) {
    if (!existsSync(file)) throw new Error(`kubeconfig not found: ${file}`);
    kc.loadFromFile(file);
  } else if (process.env.KUBERNETES_SERVICE_HOST && existsSync(IN_CLUSTER_TOKEN)) {
    kc.loadFromCluster();
  } else if (process.env.KUBECONFIG) {
    const first = process.env.KUBECONFIG.split(path.delimiter).find((p) => p !== '');
    if (!first || !existsSync(first)) throw new Error(`kubeconfig from $KUBECONFIG not found: ${process.env.KUBECONFIG}`);
    kc.loadFromFile(first);
  } else {
    const home = path.join(os.homedir(), '.kube', 'config');
    if (!existsSync(home)) throw new Error('no Kubernetes configuration: not in a cluster, $KUBECONFIG unset and ~/.kube/config absent (give --kubeconfig FILE)');
    kc.loadFromFile(home);
  }
  if (!kc.getCurrentCluster()) throw new Error(`kubeconfig${file ? ` ${file}` : ''} has no current cluster`);
  return kc;
}
