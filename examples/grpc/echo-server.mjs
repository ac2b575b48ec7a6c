// A gRPC echo server for the example: node examples/grpc/echo-server.mjs HOST:PORT NAME
// Answers pier.example.Echo/Say with the message and its own name (plaintext HTTP/2).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as path from 'node:path';

const require = createRequire(import.meta.url);
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const [address = '127.0.0.1:9501', name = 'echo'] = process.argv.slice(2);
const definition = protoLoader.loadSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'echo.proto'));
const { Echo } = grpc.loadPackageDefinition(definition).pier.example;
const server = new grpc.Server();
server.addService(Echo.service, { Say: (call, reply) => reply(null, { message: call.request.message, server: name }) });
server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (err) => {
  if (err) { process.stderr.write(`${err.message}\n`); process.exit(1); }
  process.stdout.write(`${name} listening on ${address}\n`);
});
process.once('SIGTERM', () => server.tryShutdown(() => process.exit(0)));
process.once('SIGINT', () => server.tryShutdown(() => process.exit(0)));
