/** `npm test` leaves the committed conformance report alone; only `npm run conformance:upstream` rewrites it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { reportPath } from '../../conformance-upstream/report';
import { repoRoot } from '../../helpers/paths';

test('the report goes under .cache/ (ignored by git) unless the committed one is to be updated', () => {
  const scratch = reportPath('v1.7.0', false);
  assert.equal(path.relative(repoRoot(), scratch), path.join('.cache', 'conformance-upstream', 'reports', 'v1.7.0', 'pier-report.yaml'));
  // git check-ignore exits 0 for an ignored path.
  execFileSync('git', ['check-ignore', '-q', scratch], { cwd: repoRoot() });
  assert.equal(path.relative(repoRoot(), reportPath('v1.7.0', true)), path.join('conformance', 'reports', 'v1.7.0', 'pier-report.yaml'));
});
