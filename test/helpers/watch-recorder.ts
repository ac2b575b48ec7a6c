/** Records the watch helper's handler calls, in order, as short strings tests can compare. */
import type { WatchHandlers, WatchedObject } from '../../src/kubeclient/watch';

export interface RecorderOptions {
  /** Put "@<resourceVersion>" after names (stable in unit tests; arbitrary on a real server). */
  versions?: boolean;
}

export class WatchRecorder<T extends WatchedObject> {
  readonly calls: string[] = [];
  readonly handlers: Required<WatchHandlers<T>>;

  constructor(options: RecorderOptions = {}) {
    const id = (o: T): string => {
      const name = o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name;
      return options.versions ? `${name}@${o.metadata.resourceVersion}` : name;
    };
    this.handlers = {
      add: (o, preexisting) => { this.calls.push(`add ${id(o)}${preexisting ? ' preexisting' : ''}`); },
      update: (a, b) => { this.calls.push(options.versions ? `update ${id(a)}->${b.metadata.resourceVersion}` : `update ${id(b)}`); },
      delete: (o, mayBeStale) => { this.calls.push(`delete ${id(o)}${mayBeStale ? ' mayBeStale' : ''}`); },
    };
  }

  /** The calls so far, forgetting them. */
  take(): string[] {
    return this.calls.splice(0);
  }
}
