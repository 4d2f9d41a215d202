/**
 * Which digits one number holds: a comma joins digits only as a thousands separator (exactly three
 * digits after it), and an ISO date or timestamp is one marker. "Range [1,10] of results." →
 * "Range 1 to 10 of results." read POTENTIALLY_BREAKING (marker "1" 0× → 1×, the old text one
 * number "1,10"), and an example timestamp "2024-03-01T00:00:00+00:00" was the markers "2024",
 * "03", "01t00", "00" and "+00".
 */
import assert from "node:assert/strict";
import { classifyProse, proseTokens } from "../../core/prose.ts";

const sentence = (range: string) =>
  `Returns the matching documents of the index, ${range} of results, sorted by relevance and then by date`;
const stamp = (at: string) =>
  `Start of the completion window as an ISO date and time with its offset, e.g. ${at}, in the user's zone`;

Deno.test("proseTokens() joins digits at a comma only as a thousands separator", () => {
  assert.deepEqual(proseTokens("range [1,10] and [0,1000]"), [
    "range",
    "1",
    "10",
    "and",
    "0",
    "1000",
  ]);
  assert.deepEqual(proseTokens("1,000 or 12,345,678 or 1,000ms or -1,500.5"), [
    "1,000",
    "or",
    "12,345,678",
    "or",
    "1,000ms",
    "or",
    "-1,500.5",
  ]);
  // A comma beside a letter joins as before.
  assert.deepEqual(proseTokens("a,b v2,x"), ["a,b", "v2,x"]);
});

Deno.test("proseTokens() reads an ISO date, with its time and offset, as one word", () => {
  assert.deepEqual(proseTokens("from 2024-03-01t00:00:00+00:00 to 2024-03-02"), [
    "from",
    "2024-03-01t00:00:00+00:00",
    "to",
    "2024-03-02",
  ]);
  assert.deepEqual(proseTokens("at 2025-01-01t12:30:00.5z or 2025-01-01 12:30"), [
    "at",
    "2025-01-01t12:30:00.5z",
    "or",
    "2025-01-01 12:30",
  ]);
  // dataforseo-mcp-server 2.8.6's filters example: a space before the offset.
  assert.deepEqual(proseTokens('["first_seen",">","2017-10-23 11:31:45 +00:00"]'), [
    "first",
    "seen",
    "2017-10-23 11:31:45 +00:00",
  ]);
  // Not a date: other digit groups stay numbers.
  assert.deepEqual(proseTokens("call 555-12-34"), ["call", "555", "12", "34"]);
});

Deno.test("a range written [1,10] or [0,1000] and then with to is the same numbers, both ways", () => {
  const pairs: [string, string][] = [["range [1,10]", "range 1 to 10"], [
    "range [0,1000]",
    "range 0 to 1000",
  ]];
  for (const [a, b] of pairs) {
    for (const [x, y] of [[a, b], [b, a]] as const) {
      const v = classifyProse(sentence(x), sentence(y));
      assert.equal(v.severity, "DOCUMENTATION", `${x} → ${y}: ${JSON.stringify(v)}`);
    }
  }
});

Deno.test("a number changed in a range, a list or a grouped number still counts", () => {
  const cases: [string, string, string][] = [
    ["range [1,10]", "range [1,20]", "10"],
    ["range 1 to 10", "range [1,20]", "10"],
    ["one of 1, 2 or 3", "one of 1, 2, 3 or 4", "4"],
    ["up to 1,000 per page", "up to 1,500 per page", "1,000"],
    ["up to 1,000 per page", "up to 1000 per page", ""],
  ];
  for (const [a, b, marker] of cases) {
    const v = classifyProse(sentence(a), sentence(b));
    if (marker === "") assert.equal(v.severity, "DOCUMENTATION", `${a} → ${b}`);
    else {
      assert.equal(v.step, "marker", `${a} → ${b}: ${JSON.stringify(v)}`);
      assert.equal(v.marker, marker, `${a} → ${b}`);
    }
  }
});

Deno.test("an example timestamp is compared whole: reworded around it is no change, changed it is", () => {
  const at = "2024-03-01T00:00:00+00:00";
  const reworded = stamp(at).replace("e.g.", "for example");
  for (const [x, y] of [[stamp(at), reworded], [reworded, stamp(at)]]) {
    assert.equal(classifyProse(x!, y!).severity, "DOCUMENTATION");
  }
  for (const other of ["2024-04-01T00:00:00+00:00", "2024-03-01T00:00:00Z", "2024-03-01"]) {
    for (const [x, y] of [[stamp(at), stamp(other)], [stamp(other), stamp(at)]]) {
      const v = classifyProse(x!, y!);
      assert.equal(v.step, "marker", `${x} → ${y}`);
      assert.equal(v.severity, "POTENTIALLY_BREAKING");
      assert.match(v.marker ?? "", /^2024-0[34]-01/, `${x} → ${y}: ${v.marker}`);
    }
  }
});

Deno.test("a year and month (an API version such as Shopify's 2026-07) is one marker, named whole", () => {
  // Audit 18: "API version 2026-01" → "2026-07" read as marker "01" 1× → 0×, a fragment of the
  // version named as a number of its own; the grade stays (a version changed is a number changed).
  assert.deepEqual(proseTokens("api 2026-07, from 2026-07-01 or 2026-13"), [
    "api",
    "2026-07",
    "from",
    "2026-07-01",
    "or",
    "2026",
    "13",
  ]);
  const api = (v: string) => `Search the Shopify Admin GraphQL API docs for version ${v} and later`;
  for (const [x, y] of [["2026-01", "2026-07"], ["2026-07", "2026-01"]]) {
    const v = classifyProse(api(x!), api(y!));
    assert.equal(v.severity, "POTENTIALLY_BREAKING");
    assert.equal(v.step, "marker");
    assert.match(v.marker ?? "", /^2026-0[17]$/, `${x} → ${y}`);
  }
  // The version kept while the text around it is reworded: no marker changed.
  const reworded = api("2026-07").replace("Search the", "Search");
  assert.equal(classifyProse(api("2026-07"), reworded).severity, "DOCUMENTATION");
});

Deno.test("proseTokens() reads a version written as a slug as one word, after a v or with its label", () => {
  // @heroui/react-mcp 1.1.0 → 1.1.2: /docs/react/releases/v3-0-0-beta-3 → …/v3-0-0-rc-1 read as
  // the numbers v3, 0, 0 and 3, and named marker "1" (of rc-1) 0× → 1×.
  assert.deepEqual(proseTokens("releases/v3-0-0-beta-3 and 3-0-0-rc-1, 1.2.3-rc-1 or v3-0-0"), [
    "releases",
    "v3-0-0-beta-3",
    "and",
    "3-0-0-rc-1",
    "1.2.3-rc-1",
    "or",
    "v3-0-0",
  ]);
  // Without a v or a label, hyphens still split: a range, a phone number, a word.
  assert.deepEqual(proseTokens("pages 2-3, call 555-12-34, 2.5-inch"), [
    "pages",
    "2",
    "3",
    "call",
    "555",
    "12",
    "34",
    "2.5",
    "inch",
  ]);
});

Deno.test("classifyProse() names the version slug that changed, both ways", () => {
  const path = (slug: string) =>
    `Example paths: /docs/react/getting-started/theming, /docs/react/releases/${slug}. All paths start with /docs/react/`;
  const [beta, rc] = [path("v3-0-0-beta-3"), path("v3-0-0-rc-1")];
  assert.deepEqual(classifyProse(beta, rc), {
    severity: "POTENTIALLY_BREAKING",
    step: "marker",
    marker: "v3-0-0-beta-3",
    counts: { old: 1, new: 0 },
  });
  assert.deepEqual(classifyProse(rc, beta), {
    severity: "POTENTIALLY_BREAKING",
    step: "marker",
    marker: "v3-0-0-beta-3",
    counts: { old: 0, new: 1 },
  });
  // The same slug, the words around it changed: no number changed.
  assert.notEqual(classifyProse(beta, beta.replace("All paths", "Every path")).step, "marker");
});

Deno.test("classifyProse() names a marker that differs outside double quotes before one in a quoted example", () => {
  // robloxstudio-mcp 1.5.1 → 1.9.0 added 'line numbers prefixed like "1: code"' and '(>1500
  // lines)': it named marker "1" of the example. Same grade, the bound named.
  const old = "Get the source code of a script object.";
  const next =
    'Get the source code of a script object. Returns "numberedSource" (with line numbers prefixed like "1: code"). For large scripts (>1500 lines), use startLine/endLine.';
  for (
    const [x, y, counts] of [[old, next, { old: 0, new: 1 }], [next, old, {
      old: 1,
      new: 0,
    }]] as const
  ) {
    assert.deepEqual(classifyProse(x, y), {
      severity: "POTENTIALLY_BREAKING",
      step: "marker",
      marker: ">1500",
      counts,
    });
  }
  // A number that differs only inside quotes is still a marker, named.
  const example = (n: string) => `Lines are prefixed like "${n}: code" in numberedSource`;
  assert.deepEqual(classifyProse(example("1"), example("2")), {
    severity: "POTENTIALLY_BREAKING",
    step: "marker",
    marker: "1",
    counts: { old: 1, new: 0 },
  });
  // Curly quotes too.
  const curly = "Lines look like “1: code”. Large scripts (>1500 lines) are split";
  assert.equal(classifyProse("Lines look alike. Large scripts are split", curly).marker, ">1500");
});
