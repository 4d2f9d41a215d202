/**
 * What both HTTP proxies (in front of an HTTP server, and in front of a stdio server) do with
 * their local server: listen, read a request's header and body.
 * @module
 */
import { Buffer } from "node:buffer";
import type { IncomingMessage, Server } from "node:http";

/** Listens on `host:port` (0: any free port); resolves with the address, `http://host:port`. */
export async function listen(server: Server, host: string, port: number): Promise<string> {
  await new Promise<void>((done, failed) => {
    server.once("error", failed);
    server.listen(port, host, () => done());
  });
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  return `http://${host}:${bound}`;
}

/** The first value of a request header. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The whole request body. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
