import assert from "node:assert/strict";
import fc from "fast-check";
import { compileGlob } from "../../core/glob.ts";
import { UserError } from "../../core/errors.ts";

/** The obvious backtracking translation, fine for the short strings fast-check makes. */
function reference(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(
    /\?/g,
    ".",
  );
  return new RegExp(`^${body}$`, "s");
}

Deno.test("compileGlob() agrees with a regular expression on * and ? patterns", () => {
  const glob = fc.string({ unit: fc.constantFrom("a", "b", "_", "*", "?"), maxLength: 8 });
  const text = fc.string({ unit: fc.constantFrom("a", "b", "_"), maxLength: 12 });
  fc.assert(
    fc.property(glob, text, (g, t) => compileGlob(g)(t) === reference(g).test(t)),
    { numRuns: 2000 },
  );
});

Deno.test("compileGlob() reads classes, braces, escapes and a leading !", () => {
  const cases: [string, string, boolean][] = [
    ["legacy_*", "legacy_export", true],
    ["legacy_*", "export", false],
    ["tool.*", "tool.input.type.widened", true],
    ["*.description", "a.b/c.description", true],
    ["v[0-9]", "v7", true],
    ["v[!0-9]", "v7", false],
    ["v[^0-9]", "vx", true],
    ["[]]", "]", true],
    ["tool.{input,output}.*", "tool.output.type.widened", true],
    ["tool.{input,output}.*", "tool.removed", false],
    ["a{b,c{d,e}}f", "acef", true],
    ["a\\*", "a*", true],
    ["a\\*", "ab", false],
    ["!legacy_*", "search", true],
    ["!legacy_*", "legacy_x", false],
    ["{a,b", "{a,b", true],
    ["[abc", "[abc", true],
  ];
  for (const [glob, text, expected] of cases) {
    assert.equal(compileGlob(glob)(text), expected, `${glob} vs ${text}`);
  }
});

Deno.test("compileGlob() finishes on patterns that make backtracking matchers explode", () => {
  const name = Array.from({ length: 400 }, (_, i) => `s${i}`).join("_");
  assert.equal(compileGlob("*_*_*_*_*_*_*_*_*_*_*_*_*_*_*_*_legacy")(name), false);
  assert.equal(compileGlob(`${"*a".repeat(16)}!`)("a".repeat(5000)), false);
  assert.equal(compileGlob(`${"*a".repeat(16)}`)("a".repeat(5000)), true);
});

Deno.test("compileGlob() refuses a pattern whose braces expand too far", () => {
  assert.throws(
    () => compileGlob("{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}"),
    (e: unknown) =>
      e instanceof UserError &&
      e.message ===
        'The glob "{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}" has more than 256 alternatives',
  );
});
