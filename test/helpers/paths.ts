import * as path from 'node:path';

/** The repository root, from compiled tests (dist/test/...) or from sources. */
export function repoRoot(): string {
  let dir = __dirname;
  for (;;) {
    const base = path.basename(dir);
    if (base === 'test' && path.basename(path.dirname(dir)).startsWith('dist')) return path.dirname(path.dirname(dir));
    if (base === 'test' && !path.basename(path.dirname(dir)).startsWith('dist')) return path.dirname(dir);
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the repository root from ${__dirname}`);
    dir = parent;
  }
}

/** Test data lives in the source tree (test/...), not in the compiled output. */
export function testData(...parts: string[]): string {
  return path.join(repoRoot(), 'test', ...parts);
}
