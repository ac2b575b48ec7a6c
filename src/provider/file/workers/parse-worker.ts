/**
 * A parse worker: reads and parses batches of manifest files off the provider's thread, for bulk
 * loads (parallel.ts), exactly as the provider's thread would (read-parse.ts, parse.ts), with the
 * same CRD schemas.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CrdSchemas, defaultCrdSchemas } from '../../crd/load';
import type { ParseOptions } from '../parse';
import type { BatchRequest, BatchResult, EncodedFile, WorkerSetup } from './protocol';
import { bulkReader, readAndParse } from './read-parse';

const setup = workerData as WorkerSetup;
const options: ParseOptions = {
  schemas: setup.bundle ? new CrdSchemas(setup.bundle) : defaultCrdSchemas(),
  unknownFields: setup.unknownFields,
};
const reader = bulkReader();

async function parseBatch(request: BatchRequest): Promise<BatchResult> {
  const files: EncodedFile[] = [];
  const bodies: string[] = [];
  const cloned: [number, unknown][] = [];
  for (const { file, digest: known } of request.files) {
    const read = await readAndParse(reader, file, known, options);
    if (!read) {
      files.push({ kind: 'in-thread' });
      continue;
    }
    const { stamp, digest, blank, parsed } = read;
    if (!parsed) {
      files.push({ kind: 'read', stamp, digest, blank });
      continue;
    }
    const objects = parsed.objects.map(({ object, line }) => {
      const body = bodies.length;
      const text = JSON.stringify(object);
      if (text.includes('null')) {
        cloned.push([body, object]); // see protocol.ts
        bodies.push('0');
      } else {
        bodies.push(text);
      }
      return { line, body };
    });
    files.push({ kind: 'read', stamp, digest, blank, parsed: { syntaxOk: parsed.syntaxOk, objects, errors: parsed.errors, rejected: parsed.rejected } });
  }
  return { id: request.id, files, bodies: `[${bodies.join(',')}]`, cloned };
}

parentPort?.on('message', (request: BatchRequest) => {
  void parseBatch(request).then((result) => parentPort?.postMessage(result));
});
