/**
 * Protobuf messages assembled from bytes encoded before: a message is its fields' bytes in any
 * order (a repeated field's items may be spread too), so a message that holds large encoded
 * parts (resources in a response, routes in a virtual host) is written by copying those parts
 * into one buffer sized up front, instead of decoding them into objects for the encoder to
 * encode again.
 */

const WIRE_LENGTH_DELIMITED = 2;

function varintSize(n: number): number {
  let size = 1;
  for (; n >= 0x80; n >>>= 7) size += 1;
  return size;
}

function writeVarint(out: Uint8Array, at: number, n: number): number {
  for (; n >= 0x80; n >>>= 7) out[at++] = (n & 0x7f) | 0x80;
  out[at++] = n;
  return at;
}

/** The size of a length-delimited field (key, length, content) whose content is length bytes. */
export function fieldSize(fieldId: number, length: number): number {
  return varintSize((fieldId << 3) | WIRE_LENGTH_DELIMITED) + varintSize(length) + length;
}

/** Writes a length-delimited field's key and length at `at`; returns where its content goes. */
export function writeFieldHead(out: Uint8Array, at: number, fieldId: number, length: number): number {
  return writeVarint(out, writeVarint(out, at, (fieldId << 3) | WIRE_LENGTH_DELIMITED), length);
}

/** Writes a length-delimited field holding bytes; returns the position after it. */
export function writeBytesField(out: Uint8Array, at: number, fieldId: number, bytes: Uint8Array): number {
  const start = writeFieldHead(out, at, fieldId, bytes.length);
  out.set(bytes, start);
  return start + bytes.length;
}

/** Writes a length-delimited field holding text as UTF-8 into a Buffer; returns the position after it. */
export function writeStringField(out: Buffer, at: number, fieldId: number, text: string): number {
  const start = writeFieldHead(out, at, fieldId, Buffer.byteLength(text));
  return start + out.write(text, start, 'utf8');
}

/**
 * head, then each of items as the length-delimited field fieldId, in one buffer: the bytes of a
 * message whose repeated field fieldId holds items, with its other fields in head.
 */
export function withRepeated(head: Uint8Array, fieldId: number, items: readonly Uint8Array[]): Uint8Array {
  let size = head.length;
  for (const b of items) size += fieldSize(fieldId, b.length);
  const out = new Uint8Array(size);
  out.set(head, 0);
  let at = head.length;
  for (const b of items) at = writeBytesField(out, at, fieldId, b);
  return out;
}

/** google.protobuf.Any's fields (a well-known type: these numbers never change). */
const ANY_TYPE_URL = 1;
const ANY_VALUE = 2;

/** The size of an encoded google.protobuf.Any of a type URL (as UTF-8 bytes) and a value of valueLength bytes. */
export function anySize(typeUrl: Uint8Array, valueLength: number): number {
  return fieldSize(ANY_TYPE_URL, typeUrl.length) + fieldSize(ANY_VALUE, valueLength);
}

/** Writes a google.protobuf.Any (the message, not a field holding it); returns the position after it. */
export function writeAny(out: Uint8Array, at: number, typeUrl: Uint8Array, value: Uint8Array): number {
  return writeBytesField(out, writeBytesField(out, at, ANY_TYPE_URL, typeUrl), ANY_VALUE, value);
}
