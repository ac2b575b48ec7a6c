import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { readFast } from '../../../src/provider/file/fast-yaml';
import { parseManifests, parseManifestsFully } from '../../../src/provider/file/parse';
import { fleetManifests } from '../../../bench/lib/fixtures';
import { repoRoot } from '../../helpers/paths';

/** Plain scalars whose reading differs between YAML 1.1, YAML 1.2 and the two libraries' defaults. */
const SCALARS = [
  'null', 'Null', 'NULL', '~', '', 'nul', 'true', 'True', 'TRUE', 'tRue', 'false', 'yes', 'no', 'on', 'off', 'y', 'n',
  '0', '-0', '+12', '-12', '012', '0o17', '0O17', '0o8', '0x1F', '0X1F', '0x', '0b101', '1_000', '1,000', '9007199254740993',
  '1.5', '.5', '+.5', '-.5', '1.', '1e3', '1E3', '1.0e+3', '.5e-2', '1_0.5', '.inf', '-.Inf', '+.INF', '.nan', '.NaN', 'nan', 'inf',
  '2024-01-01', '2024-01-01T10:00:00Z', '12:30', '1:20:30', '0.1.2', '0777', 'a b', '/path', '*.example.com"', '"80"', "'080'",
  '"true"', '!!str 80', '!!int "42"', '|\n  block\n', '>\n  folded\n  text\n',
];

describe('fast YAML reading', () => {
  test('plain scalars read as the `yaml` package reads them (YAML 1.2 core schema)', () => {
    for (const scalar of SCALARS) {
      const text = `k: ${scalar}\n`;
      let expected: unknown;
      try {
        expected = parseYaml(text);
      } catch {
        continue; // not a valid value: the full parser reports it
      }
      const fast = readFast(text);
      if (fast === undefined) continue; // declined: the full parser reads it
      assert.deepEqual(fast.map((d) => d.value), [expected], JSON.stringify(scalar));
    }
  });

  test('declines what the two libraries may read differently, or what needs bounds', () => {
    const declined = [
      'a: &x 1\nb: *x\n', // anchors and aliases (the full parser bounds alias expansion)
      'base: &b {x: 1}\nc:\n  <<: *b\n', // merge keys
      'c:\n  <<: {x: 1}\n',
      '? complex\n: value\n', // explicit keys
      '[a, b]: c\n', // collection keys
      '~: x\n', // a null key
      'a: !custom 1\n', // a tag js-yaml does not know
      'a: [1, 2\n', // a syntax error
      'a: 1\na: 2\n', // a duplicate key
    ];
    for (const text of declined) assert.equal(readFast(text), undefined, text);
    assert.deepEqual(readFast('a: 1\n---\n# only a comment\n---\nb: [x, {c: d}]\n')?.map((d) => d.value), [{ a: 1 }, null, { b: ['x', { c: 'd' }] }]);
  });

  test('every manifest in the repository: the same objects, lines and errors as the full parser', async () => {
    const files: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (/\.ya?ml$/.test(entry.name)) files.push(full);
      }
    };
    for (const dir of ['examples', 'test/fixtures', 'crds']) await walk(path.join(repoRoot(), dir)).catch(() => undefined);
    assert.ok(files.length > 20, `${files.length} files`);
    for (const file of files) {
      const text = await fs.readFile(file, 'utf8');
      assert.deepEqual(parseManifests(text, file), parseManifestsFully(text, file), file);
    }
  });

  test('documents with comments, markers and blank lines keep the line of their first field', () => {
    const text = '# header\n\n---\n# about a\napiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\n\n\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: b\n';
    const fast = parseManifests(text, 'ns.yaml');
    assert.deepEqual(fast, parseManifestsFully(text, 'ns.yaml'));
    assert.deepEqual(fast.objects.map((o) => o.line), [5, 11]);
  });

  test('the benchmark fleet: one text, and each document alone', () => {
    const text = fleetManifests({ gateways: 2, routesPerGateway: 20 });
    assert.deepEqual(parseManifests(text, 'fleet.yaml'), parseManifestsFully(text, 'fleet.yaml'));
    for (const doc of text.split('---\n')) assert.deepEqual(parseManifests(doc, 'doc.yaml'), parseManifestsFully(doc, 'doc.yaml'));
  });
});
