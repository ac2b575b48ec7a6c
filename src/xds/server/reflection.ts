/**
 * gRPC server reflection (grpc.reflection.v1 and v1alpha) from a canonical FileDescriptorSet
 * (proto/descriptors.binpb, built by `npm run sync-protos`). The file descriptors are served
 * byte for byte as the compiler wrote them: fully qualified type names and proper map entries,
 * which strict clients such as grpcurl require.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import * as protobuf from 'protobufjs';
import * as descriptor from 'protobufjs/ext/descriptor';
import { PROTO_DIR } from '../proto';

export const DESCRIPTOR_SET_PATH = path.join(PROTO_DIR, 'descriptors.binpb');

interface FieldDescriptor { name: string; number: number; extendee?: string }
interface MessageDescriptor { name: string; nestedType?: MessageDescriptor[]; enumType?: { name: string }[]; extension?: FieldDescriptor[] }
interface FileDescriptor {
  name: string;
  package?: string;
  dependency?: string[];
  messageType?: MessageDescriptor[];
  enumType?: { name: string }[];
  service?: { name: string; method?: { name: string }[] }[];
  extension?: FieldDescriptor[];
}

/** Lookups over one descriptor set: file bytes by name, symbol to file, extensions by type. */
export class DescriptorIndex {
  private readonly bytes = new Map<string, Uint8Array>();
  private readonly deps = new Map<string, string[]>();
  private readonly symbols = new Map<string, string>();
  /** extendee (no leading dot) -> extension number -> file */
  private readonly extensions = new Map<string, Map<number, string>>();

  constructor(set: Uint8Array) {
    // FileDescriptorSet is `repeated FileDescriptorProto file = 1`: keep each file's raw bytes.
    const reader = protobuf.Reader.create(set);
    while (reader.pos < reader.len) {
      const tag = reader.uint32();
      if (tag >>> 3 !== 1 || (tag & 7) !== 2) {
        reader.skipType(tag & 7);
        continue;
      }
      const raw = reader.bytes();
      const file = descriptor.FileDescriptorProto.decode(raw) as unknown as FileDescriptor;
      this.bytes.set(file.name, raw);
      this.deps.set(file.name, file.dependency ?? []);
      this.indexFile(file);
    }
  }

  hasFile(name: string): boolean {
    return this.bytes.has(name);
  }

  fileOfSymbol(symbol: string): string | undefined {
    return this.symbols.get(symbol.replace(/^\./, ''));
  }

  fileOfExtension(extendee: string, number: number): string | undefined {
    return this.extensions.get(extendee.replace(/^\./, ''))?.get(number);
  }

  extensionNumbers(extendee: string): number[] | undefined {
    const name = extendee.replace(/^\./, '');
    if (!this.symbols.has(name)) return undefined;
    return [...(this.extensions.get(name)?.keys() ?? [])].sort((a, b) => a - b);
  }

  /** The file and its transitive dependencies not in `alreadySent` (which it updates). */
  closure(file: string, alreadySent: Set<string>): Uint8Array[] {
    const out: Uint8Array[] = [];
    const visit = (name: string) => {
      if (alreadySent.has(name) || !this.bytes.has(name)) return;
      alreadySent.add(name);
      out.push(this.bytes.get(name)!);
      for (const d of this.deps.get(name) ?? []) visit(d);
    };
    visit(file);
    return out;
  }

  private indexFile(file: FileDescriptor): void {
    const prefix = file.package ? `${file.package}.` : '';
    const addExtensions = (fields: FieldDescriptor[] | undefined) => {
      for (const ext of fields ?? []) {
        if (!ext.extendee) continue;
        const extendee = ext.extendee.replace(/^\./, '');
        let byNumber = this.extensions.get(extendee);
        if (!byNumber) this.extensions.set(extendee, (byNumber = new Map()));
        byNumber.set(ext.number, file.name);
      }
    };
    const addMessage = (m: MessageDescriptor, scope: string) => {
      const full = `${scope}${m.name}`;
      this.symbols.set(full, file.name);
      for (const e of m.enumType ?? []) this.symbols.set(`${full}.${e.name}`, file.name);
      for (const n of m.nestedType ?? []) addMessage(n, `${full}.`);
      addExtensions(m.extension);
    };
    for (const m of file.messageType ?? []) addMessage(m, prefix);
    for (const e of file.enumType ?? []) this.symbols.set(`${prefix}${e.name}`, file.name);
    for (const s of file.service ?? []) {
      this.symbols.set(`${prefix}${s.name}`, file.name);
      for (const method of s.method ?? []) this.symbols.set(`${prefix}${s.name}.${method.name}`, file.name);
    }
    addExtensions(file.extension);
  }
}

interface ReflectionRequest {
  host?: string;
  message_request?: 'file_by_filename' | 'file_containing_symbol' | 'file_containing_extension' | 'all_extension_numbers_of_type' | 'list_services';
  file_by_filename?: string;
  file_containing_symbol?: string;
  file_containing_extension?: { containing_type?: string; extension_number?: number };
  all_extension_numbers_of_type?: string;
  list_services?: string;
}

type ReflectionResponse = Record<string, unknown>;

const NOT_FOUND = grpc.status.NOT_FOUND;

/** Answers one reflection request; `sent` tracks files already sent on this stream. */
export function answer(index: DescriptorIndex, services: readonly string[], req: ReflectionRequest, sent: Set<string>): ReflectionResponse {
  const base = { valid_host: req.host ?? '', original_request: req };
  const files = (file: string | undefined, what: string): ReflectionResponse => {
    if (!file) return { ...base, error_response: { error_code: NOT_FOUND, error_message: `${what} not found` } };
    // A file already sent is sent again when asked for by name: the client wants it.
    if (req.message_request === 'file_by_filename') sent.delete(file);
    return { ...base, file_descriptor_response: { file_descriptor_proto: index.closure(file, sent).map((b) => Buffer.from(b)) } };
  };
  switch (req.message_request) {
    case 'list_services':
      return { ...base, list_services_response: { service: services.map((name) => ({ name })) } };
    case 'file_by_filename':
      return files(index.hasFile(req.file_by_filename ?? '') ? req.file_by_filename : undefined, `file ${req.file_by_filename}`);
    case 'file_containing_symbol':
      return files(index.fileOfSymbol(req.file_containing_symbol ?? ''), `symbol ${req.file_containing_symbol}`);
    case 'file_containing_extension': {
      const ext = req.file_containing_extension ?? {};
      return files(index.fileOfExtension(ext.containing_type ?? '', ext.extension_number ?? 0), `extension ${ext.extension_number} of ${ext.containing_type}`);
    }
    case 'all_extension_numbers_of_type': {
      const type = req.all_extension_numbers_of_type ?? '';
      const numbers = index.extensionNumbers(type);
      if (!numbers) return { ...base, error_response: { error_code: NOT_FOUND, error_message: `type ${type} not found` } };
      return { ...base, all_extension_numbers_response: { base_type_name: type, extension_number: numbers } };
    }
    default:
      return { ...base, error_response: { error_code: grpc.status.INVALID_ARGUMENT, error_message: 'empty reflection request' } };
  }
}

const REFLECTION_SERVICES = ['grpc.reflection.v1.ServerReflection', 'grpc.reflection.v1alpha.ServerReflection'];

/**
 * Adds both reflection versions to a server. `services` are the names `list` reports (the
 * reflection services themselves are added to it).
 */
export function addReflection(server: grpc.Server, index: DescriptorIndex, services: readonly string[]): void {
  const definition = protoLoader.loadSync(
    ['grpc/reflection/v1/reflection.proto', 'grpc/reflection/v1alpha/reflection.proto'],
    { keepCase: true, longs: String, enums: String, defaults: false, oneofs: true, includeDirs: [PROTO_DIR] },
  );
  const listed = [...services, ...REFLECTION_SERVICES].sort();
  for (const name of REFLECTION_SERVICES) {
    server.addService(definition[name] as grpc.ServiceDefinition, {
      ServerReflectionInfo: (call: grpc.ServerDuplexStream<ReflectionRequest, ReflectionResponse>) => {
        const sent = new Set<string>();
        call.on('data', (req: ReflectionRequest) => call.write(answer(index, listed, req, sent)));
        call.on('end', () => call.end());
        call.on('error', () => undefined); // the client went away; nothing to clean up
      },
    });
  }
}

let loadedIndex: DescriptorIndex | undefined;

/** The index of proto/descriptors.binpb, built once per process. */
export function descriptorIndex(): DescriptorIndex {
  loadedIndex ??= new DescriptorIndex(readFileSync(DESCRIPTOR_SET_PATH));
  return loadedIndex;
}
