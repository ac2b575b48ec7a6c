/** Kubernetes label selectors (matchLabels AND matchExpressions), as metav1.LabelSelector. */
import type { LabelSelector, LabelSelectorRequirement } from '../../apis/meta';

/** Why a selector is unusable, or undefined when it is valid. */
export function labelSelectorProblem(selector: LabelSelector): string | undefined {
  for (const req of selector.matchExpressions ?? []) {
    const values = req.values ?? [];
    switch (req.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) return `matchExpressions key "${req.key}": operator ${req.operator} needs values`;
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) return `matchExpressions key "${req.key}": operator ${req.operator} takes no values`;
        break;
      default:
        return `matchExpressions key "${req.key}": unknown operator "${String(req.operator)}"`;
    }
  }
  return undefined;
}

function requirementMatches(req: LabelSelectorRequirement, labels: Readonly<Record<string, string>>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, req.key);
  const values = req.values ?? [];
  switch (req.operator) {
    case 'In': return has && values.includes(labels[req.key]!);
    case 'NotIn': return !has || !values.includes(labels[req.key]!);
    case 'Exists': return has;
    case 'DoesNotExist': return !has;
    default: return false;
  }
}

/**
 * True when labels satisfy the selector. An empty selector matches everything (Kubernetes
 * semantics); an invalid one matches nothing.
 */
export function labelSelectorMatches(selector: LabelSelector, labels: Readonly<Record<string, string>>): boolean {
  if (labelSelectorProblem(selector) !== undefined) return false;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    if (labels[key] !== value) return false;
  }
  return (selector.matchExpressions ?? []).every((req) => requirementMatches(req, labels));
}
