/**
 * One non-recursive fs.watch per directory of the tree, kept in step with the tree as it is read,
 * rather than fs.watch(root, { recursive: true }): on Linux the recursive option is a user-space
 * layer over inotify whose behaviour has varied between Node releases, while per-directory
 * watches make the watched tree exactly the tree that was read (hidden directories skipped,
 * symlinks followed). Watching directories, not files, also catches editors that save by
 * renaming a temp file over the original. Each event names the directory and, usually, the entry.
 */
import { watch, type FSWatcher } from 'node:fs';
import * as path from 'node:path';
import type { Logger } from '../../../logging/logger';
import type { WalkedDirectory } from '../load';

export interface WatchEvents {
  /** Something changed in dir: the entry name, or null when the system did not say which. */
  change(dir: string, name: string | null): void;
  /** A watch failed (overflow, the directory went away): what it covered must be read again. */
  lost(dir: string): void;
}

export class DirectoryWatchers {
  /** Key: directory path. id tells whether the path still names the directory being watched. */
  private readonly watchers = new Map<string, { watcher: FSWatcher; id: string }>();
  constructor(private readonly events: WatchEvents, private readonly log: Logger) {}

  get size(): number {
    return this.watchers.size;
  }

  /**
   * Watches each of directories, found under scope (a directory path), and stops watching the
   * directories under scope that are not among them (gone, or replaced at the same path).
   * Returns the directories newly watched, and whether some could not be watched (out of inotify
   * watches or descriptors: the owner then polls).
   */
  sync(directories: readonly WalkedDirectory[], scope: string): { added: string[]; failed: boolean } {
    const wanted = new Map(directories.map((d) => [d.path, d.id]));
    for (const [dir, entry] of this.watchers) {
      if (isUnder(dir, scope) && wanted.get(dir) !== entry.id) this.close(dir);
    }
    const added: string[] = [];
    let failed = false;
    for (const { path: dir, id } of directories) {
      if (this.watchers.has(dir)) continue;
      try {
        const watcher = watch(dir, { persistent: true }, (_event, name) => this.events.change(dir, typeof name === 'string' ? name : null));
        watcher.on('error', (err) => {
          this.log.debug({ err, directory: dir }, 'directory watch ended');
          if (this.watchers.get(dir)?.watcher === watcher) this.close(dir);
          this.events.lost(dir);
        });
        this.watchers.set(dir, { watcher, id });
        added.push(dir);
      } catch (err) {
        // Out of inotify watches (ENOSPC) or file descriptors: the owner falls back to polling.
        if (!failed) this.log.warn({ err, directory: dir }, 'cannot watch directory; polling instead');
        failed = true;
      }
    }
    return { added, failed };
  }

  /** Stops watching dir and every directory under it. */
  removeUnder(dir: string): void {
    for (const watched of [...this.watchers.keys()]) if (isUnder(watched, dir)) this.close(watched);
  }

  has(dir: string): boolean {
    return this.watchers.has(dir);
  }

  private close(dir: string): void {
    this.watchers.get(dir)?.watcher.close();
    this.watchers.delete(dir);
  }

  closeAll(): void {
    for (const { watcher } of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }
}

/** Whether p is dir or lies under it. */
export function isUnder(p: string, dir: string): boolean {
  return p === dir || p.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}
