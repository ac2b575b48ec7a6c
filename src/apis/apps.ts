/** The apps/v1 objects Pier writes (Kubernetes infrastructure), with the fields it sets or reads. */
import type { KubeObject, ObjectMeta } from './meta';

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { fieldRef: { fieldPath: string } };
}

export interface ContainerPort {
  name?: string;
  containerPort: number;
  protocol?: 'TCP' | 'UDP';
}

export interface Probe {
  httpGet?: { path: string; port: number | string };
  periodSeconds?: number;
  failureThreshold?: number;
}

export interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: EnvVar[];
  ports?: ContainerPort[];
  readinessProbe?: Probe;
  /** Quantities as the API writes them ("100m", "128Mi"). */
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    runAsGroup?: number;
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    capabilities?: { drop?: string[] };
  };
}

export interface Volume {
  name: string;
  configMap?: { name: string };
  secret?: { secretName: string };
}

export interface PodTemplate {
  metadata: Pick<ObjectMeta, 'labels' | 'annotations'>;
  spec: {
    serviceAccountName?: string;
    automountServiceAccountToken?: boolean;
    containers: Container[];
    volumes?: Volume[];
    terminationGracePeriodSeconds?: number;
  };
}

export interface Deployment extends KubeObject {
  kind: 'Deployment';
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: PodTemplate;
  };
  status?: { replicas?: number; readyReplicas?: number; availableReplicas?: number; observedGeneration?: number };
}
