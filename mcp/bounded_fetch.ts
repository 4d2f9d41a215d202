/**
 * `fetch` with a bound on each response body, so that a server answering with hundreds of
 * megabytes fails with a clear message instead of exhausting the runtime's memory.
 * @module
 */
import { MessageTooLarge } from "./live_error.ts";

type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * A `fetch` whose response bodies fail with {@link MessageTooLarge} once they pass `limit` bytes
 * (at once when `Content-Length` says so). `onTooLarge` hears of it even when the caller of
 * `fetch` swallows or rewraps the error.
 */
export function boundedFetch(
  limit: number,
  onTooLarge: (error: MessageTooLarge) => void,
  inner: Fetch = fetch,
): Fetch {
  return async (url, init) => {
    const response = await inner(url, init);
    if (response.body === null) return response;
    const tooLarge = () => {
      const error = new MessageTooLarge(limit, "HTTP response");
      onTooLarge(error);
      return error;
    };
    const length = Number(response.headers.get("content-length") ?? NaN);
    if (Number.isFinite(length) && length > limit) {
      await response.body.cancel().catch(() => {});
      throw tooLarge();
    }
    // A pull-based copy rather than `pipeThrough`: under Deno a piped event stream stayed open
    // after the caller aborted, and kept the process alive after `proxar snapshot` of an SSE server.
    const reader = response.body.getReader();
    const release = () => void reader.cancel().catch(() => {});
    init?.signal?.addEventListener("abort", release, { once: true });
    let seen = 0;
    const counted = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          init?.signal?.removeEventListener("abort", release);
          controller.close();
          return;
        }
        seen += value.byteLength;
        if (seen > limit) {
          controller.error(tooLarge());
          release();
          return;
        }
        controller.enqueue(value);
      },
      cancel(reason) {
        init?.signal?.removeEventListener("abort", release);
        return reader.cancel(reason);
      },
    });
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
