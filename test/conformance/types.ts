/** A transcribed conformance test: what upstream declares, and its body against the harness. */
import type { Harness } from './harness';
import type { T } from './t';

export interface ConformanceTest {
  /** Upstream ShortName. */
  shortName: string;
  description: string;
  /** Where it comes from in the module sigs.k8s.io/gateway-api/conformance, e.g. "tests/httproute-matching.go". */
  upstream: string;
  /** Upstream Features: the test runs when Pier's GatewayClass lists them all (the suite's rule). */
  features: string[];
  /** Upstream Provisional (the suite runs these unless told to skip provisional tests). */
  provisional?: boolean;
  /** Manifests the suite applies before the body, relative to the module. */
  manifests: string[];
  test(t: T, s: Harness): Promise<void>;
}
