// TCP and UDP echo, server and client, for the example (no netcat needed):
//   node examples/tcp-udp/echo.mjs serve tcp|udp HOST:PORT NAME   answers each line/datagram with "NAME: <text>"
//   node examples/tcp-udp/echo.mjs send tcp|udp HOST:PORT TEXT    prints the answer; exits 1 without one in 3 s
import * as dgram from 'node:dgram';
import * as net from 'node:net';

const [mode, proto, address, arg] = process.argv.slice(2);
const i = (address ?? '').lastIndexOf(':');
const host = address.slice(0, i);
const port = Number(address.slice(i + 1));
if (!['serve', 'send'].includes(mode) || !['tcp', 'udp'].includes(proto) || i < 0 || !arg) {
  process.stderr.write('usage: echo.mjs serve|send tcp|udp HOST:PORT NAME|TEXT\n');
  process.exit(2);
}

if (mode === 'serve') {
  if (proto === 'tcp') {
    net.createServer((socket) => {
      socket.setEncoding('utf8');
      socket.on('data', (text) => socket.write(`${arg}: ${text}`));
      socket.on('error', () => socket.destroy());
    }).listen(port, host);
  } else {
    const socket = dgram.createSocket('udp4');
    socket.on('message', (msg, from) => socket.send(`${arg}: ${msg}`, from.port, from.address));
    socket.bind(port, host);
  }
} else {
  const timer = setTimeout(() => { process.stderr.write('no answer\n'); process.exit(1); }, 3000);
  const done = (text) => { clearTimeout(timer); process.stdout.write(`${String(text).trim()}\n`); process.exit(0); };
  if (proto === 'tcp') {
    const socket = net.connect(port, host, () => socket.write(`${arg}\n`));
    socket.on('data', done);
    socket.on('error', (err) => { process.stderr.write(`${err.message}\n`); process.exit(1); });
  } else {
    const socket = dgram.createSocket('udp4');
    socket.on('message', done);
    socket.send(arg, port, host);
  }
}
