/**
 * One file of a bulk load, read and parsed (by a worker, or by the provider's thread when it has
 * nothing else to do): one read, no retries (what does not read cleanly is left to the provider's
 * own read, which has them), and the parse only when the text changed.
 */
import { parseManifests, type ParseOptions, type ParseResult } from '../parse';
import { FileReader } from '../read';
import { isBlankText, textDigest } from '../text';

export interface FileRead {
  stamp: string;
  digest: string;
  blank: boolean;
  /** Absent when the text had the digest known before. */
  parsed?: ParseResult;
}

/** Undefined when the file could not be read, or the parser failed: the provider reads it itself. */
export async function readAndParse(reader: FileReader, file: string, known: string | undefined, options: ParseOptions): Promise<FileRead | undefined> {
  const read = await reader.read(file);
  if (read.kind !== 'text') return undefined;
  const digest = textDigest(read.text);
  const blank = isBlankText(read.text);
  if (digest === known) return { stamp: read.stamp, digest, blank };
  try {
    return { stamp: read.stamp, digest, blank, parsed: parseManifests(read.text, file, options) };
  } catch {
    return undefined; // a parser fault: the provider's own parse meets it again and reports it
  }
}

/** A reader for bulk loads: one attempt per file. */
export function bulkReader(): FileReader {
  return new FileReader({ attempts: 1 });
}
