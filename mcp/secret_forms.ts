/**
 * The forms a secret takes when a server or a library echoes it back: JSON-escaped (in a JSON
 * body or log line), URL-encoded (in a query string or an error page) and base64 (in a Basic
 * credential, a token or a log dump).
 * @module
 */
import { Buffer } from "node:buffer";

/**
 * Every form of `secret` worth searching for, the secret itself first. Base64 is given for each
 * of the three byte alignments the secret can have inside a longer encoded text (only the
 * characters that depend on the secret alone), in the standard and the URL-safe alphabet.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { secretForms } from "./secret_forms.ts";
 * const forms = secretForms('a"b c/d');
 * assert.ok(forms.includes('a\\"b c/d'));      // JSON-escaped
 * assert.ok(forms.includes("a%22b%20c%2Fd"));  // URL-encoded
 * assert.ok(forms.includes("YSJiIGMvZ"));      // base64 of its whole bytes
 * ```
 */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret]);
  const json = JSON.stringify(secret).slice(1, -1);
  forms.add(json);
  forms.add(JSON.stringify(json).slice(1, -1));
  const component = encodeURIComponent(secret);
  forms.add(component);
  forms.add(component.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()));
  forms.add(component.replaceAll("%20", "+"));
  forms.add(encodeURI(secret));
  const bytes = Buffer.from(secret, "utf8");
  for (let offset = 0; offset < 3; offset++) {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes]);
    const encoded = padded.toString("base64").replace(/=+$/, "");
    // Characters that mix in a prefix byte, or the bits after the secret, depend on the text
    // around it; keep only those made of the secret's own bits.
    const first = Math.ceil((8 * offset) / 6);
    const last = Math.floor((8 * padded.length) / 6);
    const core = encoded.slice(first, last);
    if (core.length >= 4) {
      forms.add(core);
      forms.add(core.replaceAll("+", "-").replaceAll("/", "_"));
    }
  }
  return [...forms];
}
