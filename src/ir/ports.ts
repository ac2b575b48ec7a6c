/**
 * Where a Gateway's listeners bind inside a proxy pod. Envoy in a pod runs without the
 * capability to bind ports below 1024, so those listeners bind an unprivileged port instead and
 * the Gateway's Service maps the Gateway port to it (targetPort). The Gateway API translator
 * sets the IR's bindPort from this, and Kubernetes infrastructure reads the same bindPort from
 * the InfraIR, so Envoy's sockets and the Service agree.
 */

/** Privileged ports move up by this much when the result is free (80 -> 10080, 443 -> 10443). */
export const UNPRIVILEGED_PORT_OFFSET = 10000;

/** Below this, binding needs privileges. */
export const FIRST_UNPRIVILEGED_PORT = 1024;

/**
 * The bind port of each privileged port among `ports` (a Gateway's listener ports, any order,
 * repeats allowed): port + 10000, or the next port up that neither a listener of the Gateway
 * nor an earlier mapping uses. Ports of 1024 and above bind as they are and are not in the map.
 * Deterministic: the result depends only on the set of ports.
 */
export function unprivilegedBindPorts(ports: Iterable<number>): Map<number, number> {
  const distinct = [...new Set(ports)].sort((a, b) => a - b);
  const taken = new Set(distinct.filter((p) => p >= FIRST_UNPRIVILEGED_PORT));
  const mapping = new Map<number, number>();
  for (const port of distinct) {
    if (port >= FIRST_UNPRIVILEGED_PORT) continue;
    let candidate = port + UNPRIVILEGED_PORT_OFFSET;
    while (taken.has(candidate)) candidate++;
    taken.add(candidate);
    mapping.set(port, candidate);
  }
  return mapping;
}
