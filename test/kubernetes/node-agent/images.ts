/**
 * The images the test node agent can run, as local binaries. The Gateway API conformance
 * suite's images are built from source by scripts/k8s/build-conformance.mjs (pinned, cached under
 * ~/.cache/pier): echo-basic from the module the runner pins (sigs.k8s.io/gateway-api-conformance-images
 * since v1.7.0; every echo-basic tag the manifests name runs the one binary: it serves HTTP,
 * HTTPS, h2c, gRPC, TCP or UDP echo by its environment), CoreDNS from its module (the version
 * v1.6.1's manifests named: v1.7.0's UDP backend is echo-basic; the node agent's test runs it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../../helpers/paths';
import { imageMap, type ImageResolver } from './agent';
import type { LocalImage } from './pod';

const BUILD_SCRIPT = path.join('scripts', 'k8s', 'build-conformance.mjs');

export const ECHO_BASIC_IMAGE = 'registry.k8s.io/gateway-api/echo-basic';
/** Where v1.7.0's manifests name it (the images moved to their own repository). */
export const CONFORMANCE_ECHO_BASIC_IMAGE = 'registry.k8s.io/gateway-api/conformance/echo-basic';
export const COREDNS_IMAGE = 'registry.k8s.io/coredns/coredns';

/** Where the conformance binaries are (conformance.test, echo-basic, coredns); a clear error when not built. */
export function conformanceBinDir(): string {
  const dir = process.env.PIER_CONFORMANCE_BIN_DIR
    || execFileSync(process.execPath, [path.join(repoRoot(), BUILD_SCRIPT), '--print-bin-dir'], { encoding: 'utf8' }).trim();
  const missing = ['conformance.test', 'echo-basic', 'coredns'].filter((b) => !existsSync(path.join(dir, b)));
  if (missing.length > 0) {
    throw new Error(`the conformance binaries are not built: ${missing.join(', ')} missing in ${dir}. ` +
      `Build them with \`node ${BUILD_SCRIPT}\` (from the Go module proxy), or run the tests through scripts/run-tests.mjs, which builds them first.`);
  }
  return dir;
}

/** The conformance suite's images, run from the binaries in binDir. */
export function conformanceImages(binDir: string): Record<string, LocalImage> {
  const echoBasic = path.join(binDir, 'echo-basic');
  const coredns = path.join(binDir, 'coredns');
  return {
    [ECHO_BASIC_IMAGE]: { entrypoint: [echoBasic], executables: { '/echo-basic': echoBasic } },
    [CONFORMANCE_ECHO_BASIC_IMAGE]: { entrypoint: [echoBasic], executables: { '/echo-basic': echoBasic } },
    // The image's entrypoint is /coredns; the manifests give only args (-conf /root/Corefile).
    [COREDNS_IMAGE]: { entrypoint: [coredns], executables: { '/coredns': coredns, coredns } },
  };
}

/** The conformance images, resolved from the built binaries. */
export function conformanceImageResolver(): ImageResolver {
  return imageMap(conformanceImages(conformanceBinDir()));
}

/**
 * Envoy's image (any tag, Docker Hub short or long name), run from a local envoy binary (see
 * test/helpers/tools.ts requireEnvoy): for tests that deploy Envoy as a pod.
 */
export function envoyImages(envoyBinary: string): Record<string, LocalImage> {
  const image: LocalImage = { entrypoint: [envoyBinary], executables: { envoy: envoyBinary, '/usr/local/bin/envoy': envoyBinary } };
  return { 'envoyproxy/envoy': image, 'docker.io/envoyproxy/envoy': image };
}

/** The Helm chart's default image repository for Pier (charts/pier/values.yaml image.repository). */
export const PIER_IMAGE = 'pier';

/**
 * Pier's image (any tag), run from this checkout's build (dist/, `npm run build`): node with the
 * CLI's V8 flag and dist/src/cli/main.js, as the Dockerfile's entrypoint; the container's args
 * are the subcommand and flags.
 */
export function pierImages(): Record<string, LocalImage> {
  const main = path.join(repoRoot(), 'dist', 'src', 'cli', 'main.js');
  if (!existsSync(main)) throw new Error(`Pier is not built: ${main} missing (npm run build)`);
  return { [PIER_IMAGE]: { entrypoint: [process.execPath, '--max-semi-space-size=4', main], cmd: ['serve', '--envoy', 'off'] } };
}
