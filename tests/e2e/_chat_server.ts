/**
 * A loopback HTTP server that speaks just enough of the OpenAI chat-completions protocol for
 * `--semantic`, answering each request as the test says: well, badly or not at all. No model
 * runs anywhere; the answers are fixed strings.
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** How the server treats one request. */
export type Behaviour =
  | { kind: "answer"; text: string }
  | { kind: "garbage" }
  | { kind: "huge" }
  | { kind: "hang" }
  | { kind: "status"; status: number }
  | { kind: "slow" }
  | { kind: "shape" };

/** What the server saw of one request. */
export interface Seen {
  path: string;
  authorization: string | undefined;
  body: { model?: string; messages?: { role: string; content: string }[] };
}

/** A running server. */
export interface ChatServer {
  url: string;
  seen: Seen[];
  /** Decides each request's treatment, by its index. */
  behave: (index: number) => Behaviour;
  close(): Promise<void>;
}

function completion(text: string): string {
  return JSON.stringify({
    id: "chatcmpl-test",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
  });
}

/** Starts the server on 127.0.0.1 with a free port. */
export async function startChatServer(): Promise<ChatServer> {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const chat: ChatServer = {
    url: "",
    seen: [],
    behave: () => ({ kind: "answer", text: "It could." }),
    close: () => Promise.resolve(),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.setEncoding("utf8").on("data", (c: string) => (raw += c)).on("end", () => {
      let body: Seen["body"] = {};
      try {
        body = JSON.parse(raw);
      } catch { /* recorded as empty */ }
      const index = chat.seen.length;
      chat.seen.push({ path: req.url ?? "", authorization: req.headers.authorization, body });
      const b = chat.behave(index);
      const json = { "content-type": "application/json" };
      switch (b.kind) {
        case "answer":
          res.writeHead(200, json).end(completion(b.text));
          break;
        case "garbage":
          res.writeHead(200, json).end("{not json <html>");
          break;
        case "huge":
          res.writeHead(200, json).end(completion("A".repeat(400_000)));
          break;
        case "hang":
          break;
        case "status":
          res.writeHead(b.status, json).end('{"error":{"message":"boom"}}');
          break;
        case "shape":
          res.writeHead(200, json).end('{"choices":[{"text":"legacy completion shape"}]}');
          break;
        case "slow": {
          res.writeHead(200, json);
          const text = completion("slowly");
          let i = 0;
          const drip = () => {
            if (res.destroyed) return;
            if (i >= text.length) return void res.end();
            res.write(text[i++]);
            const t = setTimeout(drip, 100);
            timers.add(t);
          };
          drip();
          break;
        }
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  chat.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  chat.close = () =>
    new Promise<void>((done) => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      server.close(() => done());
    });
  return chat;
}
