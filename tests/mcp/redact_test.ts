/**
 * Unit and property tests of redaction: the encoded forms of a secret, the values that are never
 * secrets, and the quoted standard error, which must not show part of a secret at any cut.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import fc from "fast-check";
import { canBeSecret, Redactor } from "../../mcp/redact.ts";
import { looksLikeSecretName } from "../../mcp/secret_names.ts";
import { StderrTail } from "../../mcp/stderr_tail.ts";

const secrets = fc.string({ minLength: 6, maxLength: 40, unit: "binary" }).filter(canBeSecret);

Deno.test("Redactor.text() finds a secret in base64 text at any byte offset", () => {
  fc.assert(
    fc.property(secrets, fc.uint8Array({ maxLength: 8 }), fc.uint8Array({ maxLength: 8 }), (
      secret,
      before,
      after,
    ) => {
      const bytes = Buffer.concat([before, Buffer.from(secret, "utf8"), after]);
      for (const encoding of ["base64", "base64url"] as const) {
        const encoded = bytes.toString(encoding);
        assert.notEqual(new Redactor([secret]).text(encoded), encoded);
      }
    }),
  );
});

Deno.test("Redactor.text() hides a secret as is, JSON-escaped, twice JSON-escaped and URL-encoded", () => {
  fc.assert(
    fc.property(secrets, fc.string(), (secret, around) => {
      const redactor = new Redactor([secret]);
      const json = JSON.stringify({ [around]: secret });
      const texts = [
        `${around}${secret}${around}`,
        json,
        JSON.stringify(json),
        `?${around}=${encodeURIComponent(secret)}`,
      ];
      for (const text of texts) {
        const redacted = redactor.text(text);
        assert.ok(redacted.includes("***"), text);
        if (!around.includes(secret)) assert.ok(!redacted.includes(secret), text);
      }
    }),
  );
});

Deno.test("canBeSecret() and looksLikeSecretName() leave ordinary settings alone", () => {
  for (const value of ["debug", "production", "string", "8080", "0.25", "text/plain", "TRUE"]) {
    assert.equal(canBeSecret(value), false, value);
  }
  for (const value of ["hunter2", "ghp_abc123", "tok-very-secret"]) {
    assert.equal(canBeSecret(value), true, value);
  }
  for (const name of ["API_KEY", "GITHUB_TOKEN", "dbPassword", "AWS_SECRET_ACCESS_KEY", "X-Auth"]) {
    assert.equal(looksLikeSecretName(name), true, name);
  }
  for (const name of ["NODE_ENV", "LOG_LEVEL", "KIND", "PWD", "KEYBOARD_LAYOUT", "PASSENGER"]) {
    assert.equal(looksLikeSecretName(name), false, name);
  }
});

Deno.test("StderrTail.lines() shows no part of a secret cut by the tail's own limit", () => {
  const secret = "tok-0123456789abcdef-secret";
  const redactor = new Redactor([secret]);
  for (let shift = 0; shift < secret.length + 2; shift++) {
    const tail = new StderrTail(100);
    // One line longer than the tail keeps, with the secret where the oldest text is dropped.
    tail.push("a".repeat(150 + shift));
    tail.push(`${secret}${"b".repeat(100)}`);
    const shown = tail.lines(10, 1000, redactor).join("\n");
    for (let i = 0; i + 6 <= secret.length; i++) {
      assert.ok(!shown.includes(secret.slice(i, i + 6)), `${shift}: ${shown}`);
    }
  }
  const tail = new StderrTail(100);
  tail.push(`${"x".repeat(195)}\nlast line with ${secret}\n`);
  assert.deepEqual(tail.lines(10, 20, redactor), ["last line with ***"]);
});
