/**
 * The vendored Gateway API CRD schemas (crds/gateway-api-<version>/schemas.json, written by
 * scripts/sync-crds.mjs): loaded once, synchronously (a ~200 kB JSON file, a few milliseconds),
 * and looked up by apiVersion and kind.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { collectRules } from './cel/collect';
import { isRecord } from './path';
import type { CrdBundle, CrdKind, JSONSchemaProps } from './schema';

/** The pinned Gateway API release whose standard-channel CRDs Pier validates against. */
export const GATEWAY_API_BUNDLE_VERSION = 'v1.7.0';

/** From dist*\/src/provider/crd (compiled) or src/provider/crd (sources): four levels up is the repository. */
export const CRD_SCHEMAS_FILE = path.resolve(__dirname, '..', '..', '..', '..', 'crds', `gateway-api-${GATEWAY_API_BUNDLE_VERSION}`, 'schemas.json');

/** Pier's own CRD schemas (crds/pier-schemas.json, written by scripts/sync-pier-crds.mjs from the hand-written CRDs in crds/pier/). */
export const PIER_CRD_SCHEMAS_FILE = path.resolve(__dirname, '..', '..', '..', '..', 'crds', 'pier-schemas.json');

/** The hand-written CRDs of Pier's own kinds (what `pier setup` applies; deploy/pier-crds links here). */
export const PIER_CRD_DIR = path.resolve(__dirname, '..', '..', '..', '..', 'crds', 'pier');

/** The schema that applies to one apiVersion and kind. */
export interface ResolvedSchema {
  kind: string;
  group: string;
  /** The version asked for. */
  version: string;
  /** The CRD version whose schema is used: the one asked for, or the storage version when the CRD has no such version. */
  schemaVersion: string;
  /** Whether the API server serves the version asked for. */
  served: boolean;
  schema: JSONSchemaProps;
}


function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.lastIndexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

export class CrdSchemas {
  constructor(readonly bundle: CrdBundle) {}

  /** The kinds the bundle has a CRD for. */
  kinds(): string[] {
    return Object.keys(this.bundle.kinds).sort();
  }

  crd(kind: string): CrdKind | undefined {
    return Object.hasOwn(this.bundle.kinds, kind) ? this.bundle.kinds[kind] : undefined;
  }

  /**
   * The schema for apiVersion ("group/version") and kind; undefined when the bundle has no CRD for
   * that group and kind. A version the CRD does not list gets the storage version's schema (the
   * file provider refuses such versions before asking, as the API server does).
   */
  lookup(apiVersion: string, kind: string): ResolvedSchema | undefined {
    const crd = this.crd(kind);
    const { group, version } = splitApiVersion(apiVersion);
    if (!crd || crd.group !== group) return undefined;
    const own = Object.hasOwn(crd.versions, version) ? crd.versions[version] : undefined;
    const storage = Object.entries(crd.versions).find(([, v]) => v.storage);
    const [schemaVersion, used] = own ? [version, own] : storage ?? [];
    if (!schemaVersion || !used) return undefined;
    return { kind, group, version, schemaVersion, served: own?.served ?? false, schema: used.schema };
  }

  /** Every distinct CEL rule text of the bundle. */
  celRules(): string[] {
    const rules = new Set<string>();
    for (const crd of Object.values(this.bundle.kinds)) {
      for (const version of Object.values(crd.versions)) collectRules(version.schema, rules);
    }
    return [...rules];
  }
}

function assertBundle(value: unknown, file: string): asserts value is CrdBundle {
  const fine = isRecord(value) && typeof value.version === 'string' && isRecord(value.kinds)
    && Object.values(value.kinds).every((crd) => isRecord(crd) && typeof crd.group === 'string' && isRecord(crd.versions));
  if (!fine) throw new Error(`${file} is not a CRD schema bundle (regenerate it: node scripts/sync-crds.mjs)`);
}

/** Reads a schemas.json bundle. Throws a clear error when it is missing or malformed. */
export function loadCrdSchemas(file: string = CRD_SCHEMAS_FILE): CrdSchemas {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`cannot load the CRD schemas from ${file}: ${err instanceof Error ? err.message : String(err)} (regenerate them: node scripts/${file === PIER_CRD_SCHEMAS_FILE ? 'sync-pier-crds' : 'sync-crds'}.mjs)`);
  }
  assertBundle(parsed, file);
  return new CrdSchemas(parsed);
}

let pinned: CrdSchemas | undefined;

/**
 * The pinned Gateway API bundle with Pier's own kinds beside it (one machinery validates both),
 * loaded on first use and shared afterwards (it is never mutated).
 */
export function defaultCrdSchemas(): CrdSchemas {
  if (!pinned) {
    const gatewayApi = loadCrdSchemas();
    const pier = loadCrdSchemas(PIER_CRD_SCHEMAS_FILE);
    pinned = new CrdSchemas({ ...gatewayApi.bundle, kinds: { ...gatewayApi.bundle.kinds, ...pier.bundle.kinds } });
  }
  return pinned;
}
