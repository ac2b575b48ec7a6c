/** Small manifests the file provider tests write. */

/** An HTTPRoute attached to Gateway "eg", sending to one Service port. */
export function routeManifest(name: string, backend: string, port = 80): string {
  return `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: ${name}
spec:
  parentRefs: [{name: eg}]
  rules:
    - backendRefs:
        - name: ${backend}
          port: ${port}
`;
}
