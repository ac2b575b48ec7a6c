/** The upstream suite's report file (a module of its own: run.ts runs the suite when loaded). */
import * as path from 'node:path';
import { repoRoot } from '../helpers/paths';

/** Where the suite's report goes: the committed one only when asked to update it (see the header). */
export function reportPath(version: string, updateCommitted: boolean): string {
  return updateCommitted
    ? path.join(repoRoot(), 'conformance', 'reports', version, 'pier-report.yaml')
    : path.join(repoRoot(), '.cache', 'conformance-upstream', 'reports', version, 'pier-report.yaml');
}
