/**
 * Finding manifest files on disk, and loading a set of paths in one go (offline use, such as
 * `pier translate -f`).
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ProviderError, ProviderResources } from '../../message/resources';
import { collectResources } from './objects/collect';
import { compareProviderErrors } from './errors';
import { GenerationTracker } from './objects/generations';
import { parseManifests, type ParseOptions, type SourcedObject } from './parse';
import { FileReader, Slicer } from './read';

const MANIFEST_EXTENSIONS = new Set(['.yaml', '.yml']);

export function isManifestFile(name: string): boolean {
  return MANIFEST_EXTENSIONS.has(path.extname(name).toLowerCase());
}

/**
 * Names starting with "." are skipped: editor lock and swap files (".#a.yaml", ".a.yaml.swp") and
 * the "..data" / "..2024_..." directories of a Kubernetes ConfigMap volume, whose files are also
 * reachable through the top-level symlinks (reading both would report every object twice).
 */
export function isHidden(name: string): boolean {
  return name.startsWith('.');
}

export interface WalkedDirectory {
  path: string;
  /** "<dev>:<ino>": changes when the directory is replaced by another one at the same path. */
  id: string;
}

export interface ManifestTree {
  /** Manifest files, sorted. */
  files: string[];
  /** The root and every directory below it that was walked, sorted by path (what to watch). */
  directories: WalkedDirectory[];
}

/** Walks root recursively. Symlinks are followed; a directory reached twice is walked once. */
export async function listManifestFiles(root: string): Promise<ManifestTree> {
  const files: string[] = [];
  const directories: WalkedDirectory[] = [];
  const visited = new Set<string>();

  async function walk(dir: string): Promise<void> {
    const stat = await fs.stat(dir);
    const id = `${stat.dev}:${stat.ino}`;
    if (visited.has(id)) return;
    visited.add(id);
    directories.push({ path: dir, id });
    const entries = await fs.readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (isHidden(entry.name)) continue;
      const full = path.join(dir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const target = await fs.stat(full).catch(() => undefined); // dangling links are ignored
        isDir = target?.isDirectory() ?? false;
        isFile = target?.isFile() ?? false;
      }
      if (isDir) await walk(full).catch((err: unknown) => {
        // A subdirectory that vanished mid-walk is simply not there; anything else is real.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      });
      else if (isFile && isManifestFile(entry.name)) files.push(full);
    }
  }

  await walk(root);
  files.sort();
  directories.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, directories };
}

export function describeFsError(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  switch (e.code) {
    case 'ENOENT': return 'no such file or directory';
    case 'EACCES': case 'EPERM': return 'permission denied';
    case 'ENOTDIR': return 'not a directory';
    default: return e.message ?? String(err);
  }
}

export interface LoadResult {
  resources: ProviderResources;
  errors: ProviderError[];
}

/**
 * Reads files and directories (recursively, *.yaml and *.yml; a file named explicitly is read
 * whatever its extension) and returns the resource set a file provider would publish, every
 * object at generation 1, with every problem found. Never throws for bad input. Files are read
 * one at a time and transient failures are tried again (read.ts).
 */
export async function loadResourcesFromPaths(paths: string[], options: ParseOptions = {}): Promise<LoadResult> {
  const errors: ProviderError[] = [];
  const files = new Set<string>();
  for (const p of paths) {
    try {
      const stat = await fs.stat(p);
      if (stat.isDirectory()) for (const f of (await listManifestFiles(p)).files) files.add(f);
      else files.add(p);
    } catch (err) {
      errors.push({ source: p, message: `cannot read: ${describeFsError(err)}` });
    }
  }

  const reader = new FileReader();
  const slicer = new Slicer();
  const objects: SourcedObject[] = [];
  for (const file of [...files].sort()) {
    await slicer.yield();
    const result = await reader.read(file);
    if (result.kind !== 'text') {
      errors.push({ source: file, message: `cannot read: ${result.kind === 'missing' ? 'no such file or directory' : describeFsError(result.error)}` });
      continue;
    }
    const parsed = parseManifests(result.text, file, options);
    objects.push(...parsed.objects);
    errors.push(...parsed.errors);
  }
  const collected = collectResources(objects);
  errors.push(...collected.errors);
  return { resources: new GenerationTracker().stamp(collected.resources), errors: errors.sort(compareProviderErrors) };
}
