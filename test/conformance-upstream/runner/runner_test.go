// Package runner runs the Gateway API conformance suite (sigs.k8s.io/gateway-api/conformance,
// the version pinned in go.mod) as it is published: every option comes from the suite's own
// command-line flags (-gateway-class, -conformance-profiles, -report-output, ...), and the
// supported features are inferred by the suite from the GatewayClass status.
package runner

import (
	"testing"

	"sigs.k8s.io/gateway-api/conformance"
)

func TestConformance(t *testing.T) {
	conformance.RunConformance(t)
}
