/** What the file provider keeps of a file's text once it is parsed: whether it had content, and its digest. */
import { hash } from 'node:crypto';

export function isBlankText(text: string | undefined): boolean {
  return text === undefined || text.trim() === '';
}

/** What identifies a file's text (SHA-1: a change detector, not a security check). */
export function textDigest(text: string): string {
  return hash('sha1', text, 'base64');
}
