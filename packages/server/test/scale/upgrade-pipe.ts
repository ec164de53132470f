import type http from 'node:http';
import net from 'node:net';

/**
 * A WebSocket through a test proxy: replays the upgrade request to the node on `port`, then pipes
 * bytes both ways; when either side closes or fails, both go (a node's close frame has passed by
 * then). Both sockets are kept in `sockets` while open, for the proxy's own close.
 */
export function pipeUpgrade(req: http.IncomingMessage, client: net.Socket, head: Buffer, port: number, sockets: Set<net.Socket>): void {
  const upstream = net.connect(port, '127.0.0.1', () => {
    const headerLines = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) headerLines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headerLines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client).pipe(upstream);
  });
  const both = () => {
    client.destroy();
    upstream.destroy();
  };
  for (const socket of [client, upstream]) {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      both();
    });
    socket.on('error', both);
  }
}
