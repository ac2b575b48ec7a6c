/** Pier's version, from the package it ships in. */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

let cached: string | undefined;

export function pierVersion(): string {
  cached ??= (JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
  return cached;
}
