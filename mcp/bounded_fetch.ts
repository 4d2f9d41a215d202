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
    let seen = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > limit) controller.error(tooLarge());
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
