/**
 * Messages between the file provider's thread and its parse workers (parse-worker.ts).
 *
 * A parsed object travels as JSON text, all objects of a batch in one string, so that the
 * receiving thread builds each with JSON.parse: exact-size objects and fresh strings, the compact
 * form the provider keeps (compact.ts), made in the same step as the copy between threads. A
 * value JSON cannot carry (NaN, an infinity, an undefined list item: its text has "null") travels
 * by structured clone instead and is copied as compact.ts copies such values.
 */
import type { CrdBundle } from '../../crd/schema';
import type { ProviderError } from '../../../message/resources';
import type { ObjectIdentity } from '../kinds';

/** What a worker starts with. */
export interface WorkerSetup {
  /** Custom CRD schemas; absent: the pinned bundle, which the worker loads itself. */
  bundle?: CrdBundle;
  unknownFields?: 'reject' | 'prune';
}

export interface FileRequest {
  file: string;
  /** The digest of the text last parsed: a text that still has it is not parsed again. */
  digest?: string;
}

export interface BatchRequest {
  id: number;
  files: FileRequest[];
}

/** One parsed object: its line, and where its value is in the batch (bodies index). */
export interface EncodedObject {
  line: number;
  body: number;
}

export interface EncodedParse {
  syntaxOk: boolean;
  objects: EncodedObject[];
  errors: ProviderError[];
  rejected: ObjectIdentity[];
}

export type EncodedFile =
  /** Read; parsed unless its digest was the one given. */
  | { kind: 'read'; stamp: string; digest: string; blank: boolean; parsed?: EncodedParse }
  /** Not read or not parsed in the worker (read failure, file gone, parser fault): the provider does it itself. */
  | { kind: 'in-thread' };

export interface BatchResult {
  id: number;
  /** In request order. */
  files: EncodedFile[];
  /** JSON text of a list of object values; the entries listed in cloned hold a placeholder. */
  bodies: string;
  cloned: [index: number, value: unknown][];
}
