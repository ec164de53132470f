// The baseline of the fan-out bench: a bare `ws` 8 server in its own process, the least a
// Node server can do for the same clients. It speaks just enough of the protocol for the
// bench clients to behave identically against it: `ping` → `pong`, a subscribe → a canned
// `subscribed` (with the snapshot our node sends along), any HTTP GET → the canned snapshot body (the bytes GET /queues/{id}/public
// answered on the real server). On IPC { cmd: 'broadcast', payload } it sends the payload as a
// text frame to every client — the idiomatic ws broadcast loop, payload encoded once.
//
// argv: port (0 = any), subscribedText, snapshotBody[, listen backlog (Node's default 511)].
// Reports { ev: 'listening', port } by IPC.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const [portArg, subscribedText, snapshotBody, backlogArg] = process.argv.slice(2);

const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(snapshotBody);
});
const wss = new WebSocketServer({ server, maxPayload: 64 * 1024 });
wss.on('connection', (socket) => {
  socket.on('message', (data, isBinary) => {
    const text = isBinary ? '' : data.toString();
    if (text === 'ping') socket.send('pong');
    else if (text.startsWith('{')) socket.send(subscribedText);
  });
  socket.on('error', () => undefined);
});

process.on('message', (message) => {
  if (message.cmd !== 'broadcast') return;
  const payload = Buffer.from(message.payload);
  for (const client of wss.clients) client.send(payload, { binary: false });
});
process.on('SIGTERM', () => {
  for (const client of wss.clients) client.close(1001);
  server.close();
  setTimeout(() => process.exit(0), 50);
});
process.on('disconnect', () => process.exit(0));

server.listen({ port: Number(portArg), host: '127.0.0.1', backlog: backlogArg ? Number(backlogArg) : undefined }, () =>
  process.send({ ev: 'listening', port: server.address().port }),
);
