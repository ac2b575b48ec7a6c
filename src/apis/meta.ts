/** Kubernetes object metadata and conditions, as Pier reads and writes them. */

export interface ObjectMeta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  generation?: number;
  resourceVersion?: string;
  uid?: string;
  creationTimestamp?: string;
  ownerReferences?: OwnerReference[];
}

/** An object's owner: the garbage collector deletes the object once its owners are gone. */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface TypeMeta {
  apiVersion: string;
  kind: string;
}

export interface KubeObject extends TypeMeta {
  metadata: ObjectMeta;
}

export type ConditionStatus = 'True' | 'False' | 'Unknown';

export interface Condition {
  type: string;
  status: ConditionStatus;
  reason: string;
  message: string;
  observedGeneration?: number;
  /** RFC 3339; set by the status writer, never by the (clock-free) translator. */
  lastTransitionTime?: string;
}

export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

/** "<namespace>/<name>", or "<name>" for cluster-scoped objects. */
export function objectKey(meta: Pick<ObjectMeta, 'name' | 'namespace'>): string {
  return meta.namespace ? `${meta.namespace}/${meta.name}` : meta.name;
}

/**
 * Whether a Gateway API condition is not as it should be: Accepted, Programmed, ResolvedRefs
 * and the like not True, or Conflicted (the one whose True is bad) True.
 */
export function isProblemCondition(c: Pick<Condition, 'type' | 'status'>): boolean {
  return c.type === 'Conflicted' ? c.status === 'True' : c.status !== 'True';
}
