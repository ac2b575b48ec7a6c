/**
 * One fuzz case through Pier's pipeline, as the file provider and the servers run it: YAML text
 * -> parse, CRD validation and defaults -> collect -> Gateway API translation (twice: it must be
 * deterministic) -> xDS translation per Gateway -> protobuf encoding (what the cache does).
 * Anything thrown is a finding; rejected input is not.
 */
import { isDeepStrictEqual } from 'node:util';
import { stringify } from 'yaml';
import { translate } from '../../src/gatewayapi/translate';
import { collectResources, parseManifests } from '../../src/provider/file';
import { defaultCrdSchemas } from '../../src/provider/crd';
import { loadXdsProtos } from '../../src/xds/proto';
import { translateXds } from '../../src/xds/translator';
import { resourcesOfType, TYPE_ORDER, type XdsResources } from '../../src/xds/types';
import { createCertificateAuthority, issueServerCertificate } from '../../src/security/pki';
import { CONTROLLER, type FuzzCertificates } from './gateway-api';

/** A certificate with its key, and another key, for the Secrets of the generated input. */
export async function createFuzzCertificates(): Promise<FuzzCertificates> {
  const ca = await createCertificateAuthority('fuzz CA');
  const good = await issueServerCertificate(ca, ['example.com', '*.example.com']);
  const other = await issueServerCertificate(ca, ['other.example.com']);
  return { goodCert: good.certPem, goodKey: good.keyPem, otherKey: other.keyPem };
}

export interface CaseOutcome {
  /** Input problems found (rejected objects, unparseable documents). */
  inputErrors: number;
  objects: number;
  /** Per Gateway key, the xDS resources produced. */
  xds: Map<string, XdsResources>;
  resources: number;
}

export function manifestText(objects: readonly Record<string, unknown>[]): string {
  return objects.map((o) => stringify(o, { aliasDuplicateObjects: false })).join('---\n');
}

export function runPipeline(objects: readonly Record<string, unknown>[]): CaseOutcome {
  const parsed = parseManifests(manifestText(objects), 'fuzz.yaml', { schemas: defaultCrdSchemas() });
  const collected = collectResources(parsed.objects);
  const options = { controllerName: CONTROLLER, defaultAddress: '127.0.0.1' };
  const result = translate(collected.resources, options);
  const again = translate(collected.resources, options);
  if (!isDeepStrictEqual(result.xdsIR, again.xdsIR) || !isDeepStrictEqual(result.statuses, again.statuses)) {
    throw new Error('translate() is not deterministic: two runs on the same input differ');
  }
  const protos = loadXdsProtos();
  const xds = new Map<string, XdsResources>();
  let resources = 0;
  for (const [key, ir] of Object.entries(result.xdsIR)) {
    const out = translateXds(ir);
    for (const typeUrl of TYPE_ORDER) {
      for (const r of resourcesOfType(out, typeUrl)) {
        protos.encode(typeUrl, r);
        resources++;
      }
    }
    xds.set(key, out);
  }
  return { inputErrors: parsed.errors.length + collected.errors.length, objects: collected.resources.gateways.length, xds, resources };
}
