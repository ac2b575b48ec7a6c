#!/usr/bin/env node
// Parses the vendored protos (proto/, the files of proto/roots.json and their imports) once at
// build time and writes them as a protobufjs JSON bundle next to the compiled code
// (dist/src/xds/proto-bundle.json). Loading the bundle at start-up is several times faster
// than parsing .proto text; src/xds/proto.ts falls back to the .proto files when it is missing.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const protobuf = require('protobufjs');
// Google's descriptor.proto (validate and udpa import it) as a common proto, as proto-loader does.
protobuf.common('descriptor', require('protobufjs/google/protobuf/descriptor.json').nested.google.nested.protobuf.nested);
// Google's descriptor.proto (validate and udpa import it) as a common proto, as proto-loader does.
protobuf.common('descriptor', require('protobufjs/google/protobuf/descriptor.json').nested.google.nested.protobuf.nested);
const protoDir = path.join(root, 'proto');
const files = JSON.parse(readFileSync(path.join(protoDir, 'roots.json'), 'utf8')).files;

const bundle = new protobuf.Root();
bundle.resolvePath = (_origin, target) => path.join(protoDir, target);
bundle.loadSync(files, { keepCase: true });
bundle.resolveAll();
const out = path.join(root, 'dist', 'src', 'xds', 'proto-bundle.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(bundle.toJSON()));
