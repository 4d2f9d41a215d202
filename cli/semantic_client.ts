/**
 * One question to an OpenAI-compatible chat-completions endpoint (hosted APIs, Ollama, vLLM …):
 * a POST with the model and messages, no streaming, the whole exchange within the time limit,
 * the answer body read up to a size cap. Errors never carry the API key.
 * @module
 */
import { Buffer } from "node:buffer";
import type { SemanticConfig } from "../core/config.ts";

/** The largest answer body read, in bytes. */
export const ANSWER_BYTES_MAX = 256 * 1024;

/** Why a question got no answer: a short phrase for the warning line. */
export class SemanticFailure extends Error {}

/** The endpoint: `url` itself when it ends in `/chat/completions`, else that appended. */
export function endpointOf(url: string): string {
  const base = url.replace(/\/+$/, "");
  return base.endsWith("/chat/completions") ? base : `${base}/chat/completions`;
}

async function readCapped(response: Response, signal: AbortSignal): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  const aborted = new Promise<never>((_, fail) => {
    const stop = () => fail(new SemanticFailure("no answer in time"));
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
  });
  aborted.catch(() => {});
  try {
    while (true) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      size += value.byteLength;
      if (size > ANSWER_BYTES_MAX) throw new SemanticFailure("answer too large");
      chunks.push(value);
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Asks one question and returns the answer text; throws {@link SemanticFailure}. */
export async function askModel(
  config: SemanticConfig,
  messages: readonly { role: string; content: string }[],
  apiKey: string | undefined,
): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), (config.timeout ?? 20) * 1000);
  try {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    let response: Response;
    try {
      response = await fetch(endpointOf(config.url), {
        method: "POST",
        headers,
        body: JSON.stringify({ model: config.model, messages, temperature: 0, stream: false }),
        signal: controller.signal,
        redirect: "error",
      });
    } catch {
      throw new SemanticFailure(controller.signal.aborted ? "no answer in time" : "cannot connect");
    }
    if (!response.ok) {
      response.body?.cancel().catch(() => {});
      throw new SemanticFailure(`HTTP ${response.status}`);
    }
    const body = await readCapped(response, controller.signal);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new SemanticFailure("answer is not JSON");
    }
    const content = (parsed as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]
      ?.message?.content;
    if (typeof content !== "string" || content.trim() === "") {
      throw new SemanticFailure("answer has no choices[0].message.content");
    }
    return content;
  } finally {
    clearTimeout(timer);
  }
}
