/**
 * A pod's volumes as files for the test node agent: ConfigMap, Secret, downward-API and projected
 * volumes are written under the pod's directory (keys as files, items as paths, modes honoured),
 * emptyDir is an empty directory. The container process then sees each at its mountPath through
 * a bind mount in a mount namespace of its own (see container.ts): nothing on the host changes.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fieldValue, type KeyLookup, type KeyToPath, type Pod, type PodRuntimeInfo, type Volume } from './pod';

/** Issues a service account token for the pod (the TokenRequest API). */
export type TokenIssuer = (audience: string | undefined, expirationSeconds: number) => Promise<string>;

export interface VolumeSources {
  lookup: KeyLookup;
  token: TokenIssuer;
  runtime: PodRuntimeInfo;
}

const DEFAULT_MODE = 0o644;

/** Writes every volume of the pod under dir/<volume name>; returns each volume's directory by name. */
export async function materialiseVolumes(pod: Pod, dir: string, sources: VolumeSources): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const volume of pod.spec.volumes ?? []) {
    const target = path.join(dir, volume.name);
    mkdirSync(target, { recursive: true });
    await writeVolume(pod, volume, target, sources);
    out.set(volume.name, target);
  }
  return out;
}

async function writeVolume(pod: Pod, volume: Volume, target: string, sources: VolumeSources): Promise<void> {
  const where = `pod ${pod.metadata.namespace}/${pod.metadata.name} volume ${volume.name}`;
  if (volume.emptyDir) return;
  if (volume.configMap) {
    await writeKeys(where, 'ConfigMap', volume.configMap.name, volume.configMap.items, volume.configMap.defaultMode, volume.configMap.optional, target, sources.lookup);
    return;
  }
  if (volume.secret) {
    await writeKeys(where, 'Secret', volume.secret.secretName, volume.secret.items, volume.secret.defaultMode, volume.secret.optional, target, sources.lookup);
    return;
  }
  if (volume.downwardAPI) {
    for (const item of volume.downwardAPI.items) {
      if (!item.fieldRef) throw new Error(`${where}: only fieldRef items are supported in downwardAPI volumes (${item.path})`);
      writeItem(target, item.path, fieldValue(pod, sources.runtime, item.fieldRef.fieldPath), item.mode ?? volume.downwardAPI.defaultMode);
    }
    return;
  }
  if (volume.projected) {
    const mode = volume.projected.defaultMode;
    for (const source of volume.projected.sources) {
      if (source.configMap) await writeKeys(where, 'ConfigMap', source.configMap.name, source.configMap.items, mode, source.configMap.optional, target, sources.lookup);
      else if (source.secret) await writeKeys(where, 'Secret', source.secret.name, source.secret.items, mode, source.secret.optional, target, sources.lookup);
      else if (source.downwardAPI) {
        for (const item of source.downwardAPI.items) {
          if (!item.fieldRef) throw new Error(`${where}: only fieldRef items are supported in projected downwardAPI sources (${item.path})`);
          writeItem(target, item.path, fieldValue(pod, sources.runtime, item.fieldRef.fieldPath), item.mode ?? mode);
        }
      } else if (source.serviceAccountToken) {
        const token = await sources.token(source.serviceAccountToken.audience, source.serviceAccountToken.expirationSeconds ?? 3600);
        writeItem(target, source.serviceAccountToken.path, token, mode ?? 0o600);
      }
    }
    return;
  }
  throw new Error(`${where}: this volume type is not supported by the test node agent (${Object.keys(volume).filter((k) => k !== 'name').join(', ')})`);
}

async function writeKeys(where: string, kind: 'ConfigMap' | 'Secret', name: string, items: KeyToPath[] | undefined, defaultMode: number | undefined,
  optional: boolean | undefined, target: string, lookup: KeyLookup): Promise<void> {
  const data = await lookup(kind, name);
  if (!data) {
    if (optional) return;
    throw new Error(`${where}: ${kind} ${name} not found`);
  }
  const selected: KeyToPath[] = items ?? Object.keys(data).map((key) => ({ key, path: key }));
  for (const item of selected) {
    const value = data[item.key];
    if (value === undefined) {
      if (optional) continue;
      throw new Error(`${where}: key ${item.key} not in ${kind} ${name}`);
    }
    writeItem(target, item.path, value, item.mode ?? defaultMode);
  }
}

function writeItem(root: string, relative: string, content: string, mode: number | undefined): void {
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) throw new Error(`volume item path ${relative} leaves its volume`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  chmodSync(file, mode ?? DEFAULT_MODE);
}
