import assert from "node:assert/strict";
import fc from "fast-check";
import { distance } from "fastest-levenshtein";
import {
  classifyProse,
  DEFAULT_PROSE_OPTIONS,
  describeVerdict,
  editDistance,
  normaliseProse,
  proseTokens,
} from "../../core/prose.ts";
import { contractIdentifiers } from "../../core/prose_case.ts";
import { codeSpanChange } from "../../core/prose_code.ts";
import { constantChange } from "../../core/prose_constant.ts";
import { unitChanges } from "../../core/prose_units.ts";
import { type Contract, emptyContract } from "../../core/contract.ts";
import { markerVerdict } from "./_prose.ts";

const THRESHOLDS = { high: 0.9, low: 0.55 };

Deno.test("classifyProse() grades a changed number as POTENTIALLY_BREAKING by marker", () => {
  assert.deepEqual(
    classifyProse("limit defaults to 10", "limit defaults to 100"),
    markerVerdict("10", 1, 0),
  );
});

Deno.test("classifyProse() grades the same words in another order as POTENTIALLY_BREAKING", () => {
  assert.deepEqual(classifyProse("use search before create", "use create before search"), {
    severity: "POTENTIALLY_BREAKING",
    step: "order",
  });
});

Deno.test("classifyProse() grades one typo in a four-word description as DOCUMENTATION", () => {
  assert.deepEqual(classifyProse("Search the issue tracker", "Search the isue tracker"), {
    severity: "DOCUMENTATION",
    step: "similarity",
    edit: 0.958,
    jaccard: 0.6,
    thresholds: THRESHOLDS,
  });
});

Deno.test("classifyProse() grades a rewritten sentence of the same length as POTENTIALLY_BREAKING", () => {
  assert.deepEqual(
    classifyProse("Search issues by title and label", "Delete issues by title and label"),
    {
      severity: "POTENTIALLY_BREAKING",
      step: "similarity",
      edit: 0.844,
      jaccard: 0.714,
      thresholds: THRESHOLDS,
    },
  );
});

Deno.test("classifyProse() treats case, whitespace, trailing punctuation and NFC as equal", () => {
  assert.deepEqual(classifyProse("Search issues.", "  search   ISSUES  "), {
    severity: "DOCUMENTATION",
    step: "equal",
  });
  assert.equal(normaliseProse("  Search\n\tISSUES!?  "), "search issues");
  // "é" precomposed and as "e" plus a combining accent.
  assert.equal(classifyProse("Créer une tâche", "Cre\u0301er une ta\u0302che").step, "equal");
  // The checks after step 1 read the texts in NFC too (classifyProse normalises them once): a code
  // span, an upper-case word or a sentence written with a combining accent is no change.
  for (
    const [a, b] of [
      ["Set `mode` to `café`.", "Set `mode` to `cafe\u0301`."],
      ["Status is DÉJÀ_VU.", "Status is DE\u0301JA\u0300_VU."],
      [
        "Lists the files. Ne supprime jamais l'été.",
        "Lists the files. Ne supprime jamais l'e\u0301te\u0301.",
      ],
    ]
  ) {
    assert.deepEqual(classifyProse(a!, b!), { severity: "DOCUMENTATION", step: "equal" }, b);
    assert.deepEqual(classifyProse(b!, a!), { severity: "DOCUMENTATION", step: "equal" }, a);
  }
});

Deno.test("classifyProse() grades a description added or removed as POTENTIALLY_BREAKING", () => {
  const expected = { severity: "POTENTIALLY_BREAKING", step: "emptiness" };
  assert.deepEqual(classifyProse(undefined, "Search issues"), expected);
  assert.deepEqual(classifyProse("Search issues", ""), expected);
  assert.deepEqual(classifyProse(undefined, " . "), { severity: "DOCUMENTATION", step: "equal" });
});

Deno.test("classifyProse() detects negations, contractions and modality as markers", () => {
  const cases = [
    ["The call is idempotent", "The call is not idempotent", "not", 0, 1],
    ["Returns closed issues", "Doesn't return closed issues", "not", 0, 1],
    ["Returns closed issues", "Won\u2019t return closed issues", "not", 0, 1],
    ["Returns closed issues", "Cannot return closed issues", "not", 0, 1],
    ["Use with care", "Use without care", "without", 0, 1],
    ["Search issues by free text", "Search open issues only by free text", "only", 0, 1],
    ["The repo argument is optional", "The repo argument is required", "optional", 1, 0],
    [
      "The file must exist and must be readable",
      "The file must exist and be readable",
      "must",
      2,
      1,
    ],
  ] as const;
  for (const [before, after, marker, old, next] of cases) {
    assert.deepEqual(
      classifyProse(before, after),
      { severity: "POTENTIALLY_BREAKING", step: "marker", marker, counts: { old, new: next } },
      `${before} → ${after}`,
    );
  }
});

Deno.test("classifyProse() treats a contraction and its spelt-out form alike", () => {
  const verdict = classifyProse(
    "Don't pass secrets in the query string",
    "Do not pass secrets in the query string",
  );
  assert.equal(verdict.step, "similarity");
  assert.equal(verdict.severity, "DOCUMENTATION");
});

Deno.test("classifyProse() counts every token holding a digit as a number marker", () => {
  const cases = [
    ["Timeout is 30s", "Timeout is 60s", "30s"],
    ["Uploads up to 5MB", "Uploads up to 5 MB", "5"],
    ["Sampling temperature, default 0.7", "Sampling temperature, default 0.75", "0.7"],
    ["Pass -1 to fetch all pages", "Pass 1 to fetch all pages", "-1"],
    ["Pass +1 to fetch the next page", "Pass 1 to fetch the next page", "+1"],
    ["Uses the v2 search API", "Uses the v3 search API", "v2"],
    ["Fails above 90%", "Fails above 95%", "90%"],
  ] as const;
  for (const [before, after, marker] of cases) {
    const verdict = classifyProse(before, after);
    assert.equal(verdict.step, "marker", `${before} → ${after}`);
    assert.equal(verdict.marker, marker, `${before} → ${after}`);
  }
  // A hyphen between words or numbers is not a sign.
  assert.deepEqual(proseTokens("utf-8, pages 1-10, -5 or +2"), [
    "utf",
    "8",
    "pages",
    "1",
    "10",
    "-5",
    "or",
    "+2",
  ]);
  // Except in a version with its pre-release label; a number and a hyphenated word stay two.
  assert.deepEqual(proseTokens("1.2.3-beta.1, v2.0-rc1, 4.0.0-alpha and 2.5-inch 1.2-3"), [
    "1.2.3-beta.1",
    "v2.0-rc1",
    "4.0.0-alpha",
    "and",
    "2.5",
    "inch",
    "1.2",
    "3",
  ]);
});

Deno.test("classifyProse() uses extra markers, phrases and thresholds from its options", () => {
  const before = "Marks the tool deprecated soon";
  const after = "Marks the tool soon";
  assert.equal(classifyProse(before, after).step, "similarity");
  assert.deepEqual(
    classifyProse(before, after, { ...DEFAULT_PROSE_OPTIONS, extraMarkers: ["Deprecated"] }),
    {
      severity: "POTENTIALLY_BREAKING",
      step: "marker",
      marker: "deprecated",
      counts: { old: 1, new: 0 },
    },
  );
  const phrase = { ...DEFAULT_PROSE_OPTIONS, extraMarkers: ["At most"] };
  assert.deepEqual(
    classifyProse("Returns at most a page of results", "Returns about a page of results", phrase),
    {
      severity: "POTENTIALLY_BREAKING",
      step: "marker",
      marker: "at most",
      counts: { old: 1, new: 0 },
    },
  );
  // The typo case is DOCUMENTATION by default only because its edit similarity (0.958) is high.
  const strict = { ...DEFAULT_PROSE_OPTIONS, high: 0.99 };
  assert.deepEqual(classifyProse("Search the issue tracker", "Search the isue tracker", strict), {
    severity: "POTENTIALLY_BREAKING",
    step: "similarity",
    edit: 0.958,
    jaccard: 0.6,
    thresholds: { high: 0.99, low: 0.55 },
  });
});

Deno.test("classifyProse() sees a marker inside a hyphenated word", () => {
  const verdict = classifyProse(
    "Search the issue tracker by free text and labels, read-only",
    "Search the issue tracker by free text and labels, read-write",
  );
  assert.deepEqual(verdict, markerVerdict("only", 1, 0));
});

Deno.test("classifyProse() decides at the first step that applies, in the seed's order", () => {
  // A number changed and the words reordered: the marker step comes first.
  assert.equal(
    classifyProse("use search before create, 10 times", "use create before search, 20 times").step,
    "marker",
  );
  // Reordered and nothing else: order, even though both scores are high.
  assert.equal(
    classifyProse(
      "read the cache first then the database",
      "read the database first then the cache",
    ).step,
    "order",
  );
});

Deno.test("editDistance() equals the Levenshtein distance of the whole texts", () => {
  fc.assert(
    fc.property(
      fc.string({ unit: fc.constantFrom("a", "b", "c", " ") }),
      fc.string({ unit: fc.constantFrom("a", "b", "c", " ") }),
      (a, b) => {
        assert.equal(editDistance(a, b), distance(a, b));
      },
    ),
    { numRuns: 2000 },
  );
  assert.equal(editDistance("abcXdef", "abcdef"), 1);
  assert.equal(editDistance("aaaa", "aa"), 2);
  assert.equal(editDistance("", "abc"), 3);
});

Deno.test("describeVerdict() names the deciding step, the marker and the scores", () => {
  const cases = [
    ["Search issues.", "search issues", "only case, whitespace or trailing punctuation changed"],
    ["", "Search issues", "one side is empty"],
    ["Never deletes issues", "Deletes issues", 'marker "never" 1× → 0×'],
    ["use search before create", "use create before search", "the same words in another order"],
    [
      "Search the issue tracker",
      "Search the isue tracker",
      "edit 0.958, overlap 0.6: one reaches 0.9, neither below 0.55",
    ],
    [
      "Search issues by title and label",
      "Delete issues by title and label",
      "edit 0.844, overlap 0.714: neither reaches 0.9",
    ],
    ["Get issue comments", "Set issue comments", "edit 0.944, overlap 0.5: overlap below 0.55"],
    [
      "Lists the files in a directory",
      "Shows what a folder contains",
      "edit 0.2, overlap 0.1: edit and overlap below 0.55",
    ],
  ] as const;
  for (const [before, after, reason] of cases) {
    assert.equal(describeVerdict(classifyProse(before, after)), reason, `${before} → ${after}`);
  }
});

Deno.test("describeVerdict() names the numbers only written another way, each as each side writes it, both ways", () => {
  // It said "the same number written another way" however many numbers, and named none.
  const rewritten = [
    ["Returns up to ten links", "Returns up to 10 links", 'the number "ten" written as "10"'],
    [
      "Returns up to twenty-five rows",
      "Returns up to 25 rows",
      'the number "twenty-five" written as "25"',
    ],
    ["最多返回十条", "最多返回10条", 'the number "十" written as "10"'],
    [
      "Returns ten rows and five pages",
      "Returns 10 rows and 5 pages",
      'the numbers "ten" and "five" written as "10" and "5"',
    ],
    [
      "Reads one, two, three, four or five rows",
      "Reads 1, 2, 3, 4 or 5 rows",
      'the numbers "one", "two", "three" and 2 more written as "1", "2", "3" and 2 more',
    ],
    // A number written alike on both sides is not named: ten → 10 beside ten kept.
    [
      "Returns ten rows, ten per page",
      "Returns ten rows, 10 per page",
      'the number "ten" written as "10"',
    ],
  ] as const;
  for (const [before, after, reason] of rewritten) {
    const there = classifyProse(before, after);
    assert.equal(describeVerdict(there), `${reason} (edit 1, overlap 1)`, `${before} → ${after}`);
    const back = classifyProse(after, before);
    assert.deepEqual(
      back.rewritten,
      there.rewritten?.map((n) => ({ old: n.new, new: n.old })),
      `${after} → ${before}`,
    );
  }
  // A range written another way rewrites no number.
  assert.equal(
    describeVerdict(classifyProse("Retries 1–5 times", "Retries 1 to 5 times")),
    "the same numbers written another way (edit 1, overlap 1)",
  );
  // Below edit 1 there is nothing to name.
  assert.equal(
    classifyProse("Search the issue tracker", "Search the isue tracker").rewritten,
    undefined,
  );
});

Deno.test("describeVerdict() names a number as written where its count changed, not its first writing", () => {
  // It named the first writing of the value: "ten rows, 10 per page" → "ten rows, 20 per page" read
  // marker "ten" 2× → 1×, and "ten rows" → "ten rows, 10 per page" marker "ten" 1× → 2×.
  const cases = [
    ["Returns ten rows, 10 per page", "Returns ten rows, 20 per page", 'marker "10" 2× → 1×'],
    ["Returns ten rows", "Returns ten rows, 10 per page", 'marker "10" 1× → 2×'],
    ["Returns 10 rows, ten per page", "Returns 10 rows, 20 per page", 'marker "ten" 2× → 1×'],
    ["Returns ten rows, 10 per page", "Returns ten rows", 'marker "10" 2× → 1×'],
  ] as const;
  for (const [before, after, reason] of cases) {
    assert.equal(describeVerdict(classifyProse(before, after)), reason, `${before} → ${after}`);
  }
});

Deno.test("classifyProse() scores edit 1 only when no character differs once numbers are in digits", () => {
  // One comma in 3,000 characters rounded to edit 1 and overlap 1, which read as a number written
  // another way; it is 0.999 and keeps its grade.
  const long = "Lists the files of the project and their status. ".repeat(60);
  const pairs: [string, string, number][] = [
    [`${long}, then stops`, `${long} then stops`, 0.999],
    [`${long} ten`, `${long} 10`, 1],
  ];
  for (const [a, b, edit] of pairs) {
    for (const [before, after] of [[a, b], [b, a]] as const) {
      const verdict = classifyProse(before, after);
      assert.equal(verdict.severity, "DOCUMENTATION");
      assert.equal(verdict.jaccard, 1);
      assert.equal(verdict.edit, edit);
    }
  }
  assert.equal(
    describeVerdict(classifyProse(`${long}, then stops`, `${long} then stops`)),
    "edit 0.999, overlap 1: one reaches 0.9, neither below 0.55",
  );
});

Deno.test("classifyProse() grades a case change of an identifier or quoted token POTENTIALLY_BREAKING", () => {
  const ids = { ...DEFAULT_PROSE_OPTIONS, identifiers: new Set(["userId", "get_issue"]) };
  const verdict = (a: string, b: string) => classifyProse(a, b, ids);
  // Step 1: only case changed.
  assert.deepEqual(verdict("Pass the userId", "Pass the userid"), {
    severity: "POTENTIALLY_BREAKING",
    step: "identifierCase",
    caseChange: { old: "userId", new: "userid" },
  });
  assert.equal(
    verdict("Call Get_Issue first", "Call get_issue first").caseChange?.new,
    "get_issue",
  );
  assert.equal(verdict('Set "Mode" to fast', 'Set "mode" to fast').step, "identifierCase");
  assert.equal(verdict("Set 'Mode' to fast", "Set 'mode' to fast").step, "identifierCase");
  // Ordinary words, and an apostrophe that is not a quote, stay DOCUMENTATION.
  assert.equal(verdict("Search The Issue Tracker", "search the issue tracker").step, "equal");
  assert.equal(verdict("Don't Retry it's Fine", "don't retry it's fine").step, "equal");
  // Step 5: a typo fixed elsewhere does not hide an identifier's case change.
  assert.equal(
    verdict("Pass the userId of the isue owner", "Pass the userid of the issue owner").step,
    "identifierCase",
  );
  // Without the contract's identifiers, an unquoted token is an ordinary word.
  assert.equal(classifyProse("Pass the userId", "Pass the userid").step, "equal");
});

Deno.test("classifyProse() grades a code span replaced by another POTENTIALLY_BREAKING, both ways", () => {
  // chrome-devtools-mcp 0.26.0 → 1.0.1: emulate's geolocation format changed by one character
  // inside backticks (edit 0.993), which step 5 alone calls DOCUMENTATION.
  const before =
    "Geolocation (`<latitude>x<longitude>`) to emulate. Latitude between -90 and 90. " +
    "Longitude between -180 and 180. Omit to clear the geolocation override.";
  const after = before.replace("`<latitude>x<longitude>`", "`<latitude>,<longitude>`");
  assert.deepEqual(classifyProse(before, after), {
    severity: "POTENTIALLY_BREAKING",
    step: "codeSpan",
    codeSpan: { old: "<latitude>x<longitude>", new: "<latitude>,<longitude>" },
  });
  assert.deepEqual(classifyProse(after, before).codeSpan, {
    old: "<latitude>,<longitude>",
    new: "<latitude>x<longitude>",
  });
  assert.equal(
    describeVerdict(classifyProse(before, after)),
    "the code span `<latitude>x<longitude>` became `<latitude>,<longitude>`, text a model copies verbatim",
  );
  // A command in a span gains a word; case outside a span and whitespace inside one are no change.
  assert.equal(classifyProse("Run `npm test` first", "Run `npm run test` first").step, "codeSpan");
  assert.equal(classifyProse("RUN `npm test`", "run `npm  test`").step, "equal");
});

Deno.test("classifyProse() grades a code span only removed POTENTIALLY_BREAKING, one only added by step 5", () => {
  // @supabase/mcp-server-supabase 0.8.0 → 0.12.0 dropped backticked tool names from its server
  // instructions (similarity 0.903): a model loses a name it was told to call.
  const before = "Here are guidelines for using the database tools effectively. " +
    "Before making schema changes, use `list_tables` to understand the existing structure. " +
    "When debugging issues, start with `get_logs` before making changes. " +
    "Prefer local development and testing before applying changes to a remote project.";
  const after = before.replace("use `list_tables` to", "use the tables to")
    .replace("with `get_logs` before", "with the logs before");
  assert.deepEqual(classifyProse(before, after), {
    severity: "POTENTIALLY_BREAKING",
    step: "codeSpan",
    codeSpan: { old: "list_tables" },
  });
  assert.equal(
    describeVerdict(classifyProse(before, after)),
    "the code span `list_tables` was removed, text a model was told to use verbatim",
  );
  // The other way the spans are only added: a model gains names, what it did still works.
  const back = classifyProse(after, before);
  assert.equal(back.step, "similarity");
  assert.equal(back.severity, "DOCUMENTATION");
  // A span whose content is left only inside a longer word is gone: `mode` is not "model".
  assert.deepEqual(
    codeSpanChange("Pick the `mode` for the model run", "Pick the kind for the model run"),
    { old: "mode" },
  );
  // The first span still missing is named, past one whose backticks were only taken off.
  assert.deepEqual(classifyProse(before, after.replace("the tables", "list_tables")).codeSpan, {
    old: "get_logs",
  });
  // A change that step 5 already grades POTENTIALLY_BREAKING keeps its own reason.
  assert.equal(classifyProse("Use `list_tables`", "Rely on the tools").step, "similarity");
});

Deno.test("classifyProse() grades a URL replaced or only removed POTENTIALLY_BREAKING, both ways", () => {
  // @microsoft/workiq 0.2.8 → 1.0.0: the EULA address a model is told to pass as eulaUrl lost
  // "-mcp" (edit 0.98), which step 5 alone calls DOCUMENTATION.
  const before = "Accept the End User License Agreement (EULA) to enable full access to WorkIQ " +
    "tools. The EULA URL should be https://github.com/microsoft/work-iq-mcp. This action " +
    "requires explicit user confirmation and cannot be automatically invoked.";
  const after = before.replace("work-iq-mcp", "work-iq");
  const old = "https://github.com/microsoft/work-iq-mcp",
    now = "https://github.com/microsoft/work-iq";
  assert.deepEqual(classifyProse(before, after), {
    severity: "POTENTIALLY_BREAKING",
    step: "codeSpan",
    codeSpan: { old, new: now },
  });
  assert.deepEqual(classifyProse(after, before).codeSpan, { old: now, new: old });
  assert.equal(
    describeVerdict(classifyProse(before, after)),
    `the URL \`${old}\` became \`${now}\`, text a model copies verbatim`,
  );
  // Only removed, and not left anywhere in the text: a model loses an address it was told to use.
  const plain = before.replace(
    " The EULA URL should be https://github.com/microsoft/work-iq-mcp.",
    "",
  );
  const long = `${plain} ${plain} ${plain} Terms: https://github.com/microsoft/work-iq-mcp`;
  const gone = `${plain} ${plain} ${plain}`;
  assert.deepEqual(classifyProse(long, gone), {
    severity: "POTENTIALLY_BREAKING",
    step: "codeSpan",
    codeSpan: { old },
  });
  // Only added, or the same address with a trailing slash or sentence punctuation: no URL change.
  assert.notEqual(classifyProse(gone, long).step, "codeSpan");
  for (const [a, b] of [["See https://x.io/a/ first.", "See https://x.io/a first."]]) {
    assert.equal(classifyProse(a, b).severity, "DOCUMENTATION", `${a} → ${b}`);
    assert.equal(classifyProse(b, a).severity, "DOCUMENTATION", `${b} → ${a}`);
  }
  // A closing quote, an ellipsis or a guillemet ends the sentence, not the URL; the scheme and
  // host are case-insensitive, in backticks too. The path, a query, another scheme are not.
  for (
    const [a, b] of [
      ["See https://x.io/search… first.", "See https://x.io/search first."],
      ["See ‘https://x.io/search’ first.", "See https://x.io/search first."],
      ["See “https://x.io/search” first.", "See https://x.io/search first."],
      ["See https://x.io/search» first.", "See https://x.io/search first."],
      ["See https://Docs.X.io/search first.", "See https://docs.x.io/search first."],
      ["See HTTPS://X.IO/search first.", "See https://x.io/search first."],
      ["See “https://Docs.X.io/search” first.", "See https://docs.x.io/search first."],
      ["See `https://Docs.X.io/search` first.", "See `https://docs.x.io/search` first."],
    ]
  ) {
    assert.equal(classifyProse(a, b).severity, "DOCUMENTATION", `${a} → ${b}`);
    assert.equal(classifyProse(b, a).severity, "DOCUMENTATION", `${b} → ${a}`);
  }
  for (
    const [a, b] of [
      ["See https://x.io/Search first.", "See https://x.io/search first."],
      ["See https://x.io/a?q=1&y=2 first.", "See https://x.io/a?q=1&amp;y=2 first."],
      ["See file:///tmp/x.json first.", "See file:///tmp/y.json first."],
      ["See http://x.io/search first.", "See https://x.io/search first."],
      ["See https://x.io/search…x first.", "See https://x.io/search first."],
      ["See https://Bob@x.io/a first.", "See https://bob@x.io/a first."],
    ]
  ) {
    assert.equal(classifyProse(a, b).step, "codeSpan", `${a} → ${b}`);
    assert.equal(classifyProse(b, a).step, "codeSpan", `${b} → ${a}`);
  }
  // In backticks it is a code span as before, read once.
  assert.deepEqual(codeSpanChange("Use `https://a.io/x` now", "Use `https://a.io/y` now"), {
    old: "https://a.io/x",
    new: "https://a.io/y",
  });
});

Deno.test("classifyProse() compares a host name written without a scheme as a URL, not as a number", () => {
  // @heroui/react-mcp 1.1.0 → 1.1.2: get_component_docs fetched "directly from v3.heroui.com", now
  // "directly from heroui.com"; read as the number marker "v3.heroui.com" 1× → 0×, a version
  // dropped. Now the host replaced, both ways.
  const before = "Get complete component documentation (including examples, props, usage) " +
    "directly from v3.heroui.com.\nAccepts an array of component names.";
  const after = before.replace("v3.heroui.com", "heroui.com");
  assert.deepEqual(classifyProse(before, after), {
    severity: "POTENTIALLY_BREAKING",
    step: "codeSpan",
    codeSpan: { old: "v3.heroui.com", new: "heroui.com" },
  });
  assert.deepEqual(classifyProse(after, before).codeSpan, {
    old: "heroui.com",
    new: "v3.heroui.com",
  });
  assert.equal(
    describeVerdict(classifyProse(before, after)),
    "the host name `v3.heroui.com` became `heroui.com`, text a model copies verbatim",
  );
  // An e-mail address is one span with its host; a path goes with the host.
  assert.deepEqual(codeSpanChange("Mail help@v2.acme.io now.", "Mail help@acme.io now."), {
    old: "help@v2.acme.io",
    new: "help@acme.io",
  });
  const mail = `${before} Mail help@v2.acme.io with questions.`;
  assert.equal(
    describeVerdict(classifyProse(mail, mail.replace("v2.acme", "acme"))),
    "the e-mail address `help@v2.acme.io` became `help@acme.io`, text a model copies verbatim",
  );
  assert.deepEqual(
    codeSpanChange("Fetch from docs.acme.io/v2/search.", "Fetch from docs.acme.io/v3/search."),
    { old: "docs.acme.io/v2/search", new: "docs.acme.io/v3/search" },
  );
  // Only added, the host kept beside a number that changed: no host change; the number counts,
  // and a host's digits are no number of it.
  const added = classifyProse("Get the docs.", "Get the docs from v3.heroui.com.");
  assert.notEqual(added.step, "codeSpan");
  assert.notEqual(added.step, "marker");
  const kept = classifyProse(
    "Up to 10 items from s3.amazonaws.com",
    "Up to 20 items from s3.amazonaws.com",
  );
  assert.deepEqual([kept.step, describeVerdict(kept)], ["marker", 'marker "10" 1× → 0×']);
  // A product or file name with a point is no host: Node.js, ASP.NET, schema.v2.json.
  for (
    const [a, b] of [
      ["Built on Node.js and ASP.NET here", "Built on Node.js and ASP.NET Core here"],
      ["Read schema.v2.json first", "Read schema.v3.json first"],
    ]
  ) {
    assert.notEqual(classifyProse(a, b).step, "codeSpan", `${a} → ${b}`);
  }
  // Written in capitals, a trailing slash or point: the same host.
  assert.equal(
    classifyProse("From docs.acme.io/ now.", "From docs.acme.io now.").severity,
    "DOCUMENTATION",
  );
});

Deno.test("classifyProse() grades a file path replaced or only removed POTENTIALLY_BREAKING, both ways", () => {
  // A long description whose log path changed: edit similarity 0.99, which step 5 alone calls
  // DOCUMENTATION, yet a model told to read /var/log/app/server.log now reads a file that is gone.
  const lead = "Reads the application log and returns its last lines. The log is rotated daily; " +
    "use the tail parameter to limit the lines returned to the caller. Logs are written to ";
  const cases: [string, string, string, string][] = [
    [
      "/var/log/app/server.log.",
      "/var/log/app/main.log.",
      "/var/log/app/server.log",
      "/var/log/app/main.log",
    ],
    [
      "~/.config/app/config.json.",
      "~/.config/app/settings.json.",
      "~/.config/app/config.json",
      "~/.config/app/settings.json",
    ],
    ["./out/logs/ by default.", "./logs/ by default.", "./out/logs", "./logs"],
    [
      "C:\\Users\\me\\logs.",
      "C:\\Users\\you\\logs.",
      "C:\\Users\\me\\logs",
      "C:\\Users\\you\\logs",
    ],
    ["the /logs endpoint.", "the /log endpoint.", "/logs", "/log"],
  ];
  for (const [before, after, old, now] of cases) {
    const verdict = classifyProse(lead + before, lead + after);
    assert.deepEqual(verdict, {
      severity: "POTENTIALLY_BREAKING",
      step: "codeSpan",
      codeSpan: { old, new: now },
    }, before);
    assert.equal(
      describeVerdict(verdict),
      `the path \`${old}\` became \`${now}\`, text a model copies verbatim`,
    );
    assert.deepEqual(classifyProse(lead + after, lead + before).codeSpan, { old: now, new: old });
  }
  // Only removed and gone from the text: a model loses the place it was told to use (the check
  // that runs where the other steps read DOCUMENTATION).
  assert.deepEqual(
    codeSpanChange(lead + "/var/log/app/server.log (rotated).", lead + "disk (rotated)."),
    { old: "/var/log/app/server.log" },
  );
  // The same path with a trailing slash or the sentence's full stop, a path only added, and
  // slashes that write no path (and/or, km/h, a date, markup, a URL's or host's own path): no
  // path change.
  const same: [string, string][] = [
    ["/var/log/app/.", "/var/log/app"],
    ["disk.", "disk, or to /var/log/app/server.log."],
    ["disk and/or memory at 10 km/h on 12/31/2026.", "disk or memory at 10 km/h on 12/30/2026."],
    ["disk <b>daily</b>.", "disk <strong>daily</strong>."],
    ["https://example.com/logs/a.", "https://example.com/logs/b."],
    ["docs.example.com/logs/a.", "docs.example.com/logs/b."],
  ];
  for (const [before, after] of same) {
    assert.notEqual(classifyProse(lead + before, lead + after).codeSpan?.old[0], "/", before);
    assert.notEqual(
      describeVerdict(classifyProse(lead + before, lead + after)).includes("path"),
      true,
    );
  }
});

Deno.test("classifyProse() leaves code spans only added, unwrapped or reordered to the other steps", () => {
  const text = "Set the `mode` and the `level` before you call the search tool";
  // Backticks put around a word, or taken off: the word is still there, step 5 decides.
  const plain = text.replace("`mode`", "mode");
  for (const [a, b] of [[text, plain], [plain, text]]) {
    const verdict = classifyProse(a!, b!);
    assert.equal(verdict.step, "similarity", `${a} → ${b}`);
    assert.equal(verdict.severity, "DOCUMENTATION");
  }
  // The same spans in another place, with a typo fixed elsewhere.
  const moved = "Set the `level` and the `mode` before you call the serch tool";
  assert.equal(classifyProse(text, moved).step, "similarity");
  // A case change inside a span stays identifierCase, which names the token.
  assert.equal(classifyProse("Set `Mode` first", "Set `mode` first").step, "identifierCase");
  // A step before 5 that already warns keeps its own reason.
  assert.equal(classifyProse("Use `limit=10`", "Use `limit=100`").step, "marker");
});

Deno.test("classifyProse() takes a removed quoted token for a removal, not a case change, when its other spelling occurs as often as before", () => {
  // firecrawl-mcp 1.12.0 → 2.0.2 removed the line `"systemPrompt": "You are a helpful
  // assistant…"` from firecrawl_extract's description, which says "when you need" elsewhere: the
  // reason read 'the case of "You" changed to "you"' and the grade was POTENTIALLY_BREAKING.
  const base = "Extract structured data such as prices, names and details from web pages. " +
    "Not for the full content of a page, when you need that use scrape; when you are not " +
    "looking for specific data, use search.";
  const removed = `${base}\nSystem prompt: "You are a helper"`;
  // The line removed or added whole is an instruction of its own (step unit), not a case change.
  for (const [a, b] of [[removed, base], [base, removed]]) {
    const verdict = classifyProse(a!, b!);
    assert.equal(verdict.step, "unit", `${a} → ${b}`);
    assert.equal(verdict.caseChange, undefined);
    assert.equal(verdict.unit?.verdict.step, "emptiness");
  }
  // Recased, in both directions: the other spelling now occurs once more than before.
  const recased = `${base}\nSystem prompt: "you are a helper"`;
  assert.deepEqual(classifyProse(removed, recased).caseChange, { old: "You", new: "you" });
  assert.deepEqual(classifyProse(recased, removed).caseChange, { old: "you", new: "You" });
});

Deno.test("contractIdentifiers() reads names, property names and enum values, and survives odd shapes", () => {
  const contract = {
    ...emptyContract(),
    tools: [{
      name: "set_state",
      inputSchema: {
        type: "object",
        properties: { state: { enum: ["OPEN", 3] }, mode: { const: "Fast" } },
        required: ["state"],
      },
    }],
    prompts: [
      { name: "triage", arguments: [{ name: "issue" }, null] },
      { name: "odd", arguments: { name: "not-a-list" } },
    ],
  } as unknown as Contract;
  assert.deepEqual(
    [...contractIdentifiers([contract])].sort(),
    ["Fast", "OPEN", "issue", "mode", "odd", "set_state", "state", "triage"],
  );
});

Deno.test("classifyProse() grades an upper-case value replaced or removed POTENTIALLY_BREAKING, both ways", () => {
  // @playwright/mcp: "…PUT request…" → "…PATCH request…", edit similarity 0.9, which step 5
  // alone calls DOCUMENTATION; the verb is what a model sends.
  const put =
    "Returns all network requests since loading the page, with the body of each PUT request";
  const patch = put.replace("PUT", "PATCH");
  assert.deepEqual(classifyProse(put, patch), {
    severity: "POTENTIALLY_BREAKING",
    step: "constant",
    constant: { removed: ["PUT"], added: ["PATCH"] },
  });
  assert.deepEqual(classifyProse(patch, put).constant, { removed: ["PATCH"], added: ["PUT"] });
  assert.equal(
    describeVerdict(classifyProse(put, patch)),
    'the upper-case word "PUT" became "PATCH", an identifier a model may copy as written',
  );
  // @apify/actors-mcp-server: FINISHED renamed SUCCEEDED, ABORTED added.
  const before = "Filter runs by status: READY, RUNNING, FINISHED, FAILED, TIMED_OUT, " +
    "newest first, and return the run ID, status and start time of each run";
  const after = before.replace("FINISHED", "SUCCEEDED").replace("TIMED_OUT", "TIMED_OUT, ABORTED");
  assert.equal(classifyProse(before, after).severity, "POTENTIALLY_BREAKING");
  assert.deepEqual(constantChange(before, after), {
    removed: ["FINISHED"],
    added: ["SUCCEEDED", "ABORTED"],
  });
  // Only removed, the value is gone too.
  const gone = before.replace("FINISHED, ", "");
  assert.equal(
    describeVerdict(classifyProse(before, gone)),
    'the upper-case word "FINISHED" was removed, an identifier a model may copy as written',
  );
});

Deno.test("classifyProse() leaves an upper-case word only added, kept, recased or an acronym dropped to step 5", () => {
  const before = "Filter runs by status: READY, RUNNING, SUCCEEDED, FAILED, TIMED_OUT, " +
    "newest first, and return the run ID, status and start time of each run";
  // Only added: what a model sent before still works.
  const added = classifyProse(before, before.replace("TIMED_OUT", "TIMED_OUT, ABORTED"));
  assert.deepEqual([added.step, added.severity], ["similarity", "DOCUMENTATION"]);
  // An acronym on both sides, and one removed with nothing upper-case in its place.
  const url = "Fetches the web page at the given URL, converts its HTML to Markdown and returns " +
    "the text of the page";
  const kept = classifyProse(url, url.replace("the text", "all text"));
  assert.deepEqual([kept.step, kept.severity], ["similarity", "DOCUMENTATION"]);
  const dropped = classifyProse(url, url.replace("URL", "link"));
  assert.deepEqual([dropped.step, dropped.severity], ["similarity", "DOCUMENTATION"]);
  // The same word in another case is a case change, not a value removed.
  assert.equal(classifyProse("Sends a GET request", "Sends a get request").step, "equal");
  // Labels and document names are no identifiers, removed, added or replaced (review: README
  // removed read "a value a model sends as written").
  const readme = "Creates an issue in the repository. NOTE: the title must follow the README";
  for (
    const next of [
      readme.replace(" NOTE:", ""),
      readme.replace("README", "contributing guide"),
      readme.replace("NOTE", "IMPORTANT"),
      readme.replace("README", "TODO list"),
    ]
  ) {
    const v = classifyProse(readme, next);
    assert.notEqual(v.step, "constant", next);
  }
  // Several constants: named in the plural.
  const runs = "Filter runs by status: READY, RUNNING, FINISHED, FAILED, TIMED_OUT, newest " +
    "first, and return the run ID, status and start time of each run";
  const two = classifyProse(runs, runs.replace("FINISHED", "DONE").replace("FAILED", "ERRORED"));
  assert.equal(
    describeVerdict(two),
    'the upper-case words "FINISHED", "FAILED" became "DONE", "ERRORED", identifiers a model may copy as written',
  );
  // An acronym replaced by another upper-case word is a substitution.
  assert.deepEqual(
    classifyProse(url, url.replace("URL", "URI")).constant,
    { removed: ["URL"], added: ["URI"] },
  );
});

Deno.test("classifyProse() grades an or-alternative only removed POTENTIALLY_BREAKING, one added by step 5", () => {
  // drawio: "…from CSV data or a URL to CSV data" → "…from CSV data" (edit 0.909, overlap 0.9).
  const before = "Creates a new draw.io diagram and opens it in the editor. Use this to draw " +
    "flowcharts, org charts, network and architecture diagrams from a description, from XML, " +
    "from Mermaid text, from CSV data or a URL to CSV data";
  const after = before.replace(" or a URL to CSV data", "");
  assert.deepEqual(classifyProse(before, after), {
    severity: "POTENTIALLY_BREAKING",
    step: "alternative",
    alternative: "or a url to csv data",
  });
  assert.equal(
    describeVerdict(classifyProse(before, after)),
    'the alternative "or a url to csv data" was removed, which a model was offered',
  );
  // The other way an alternative is offered: step 5.
  const back = classifyProse(after, before);
  assert.deepEqual([back.step, back.severity], ["similarity", "DOCUMENTATION"]);
  // The alternative before "or" dropped counts too; a clause without "or", or with more changed
  // around it, does not.
  assert.equal(
    classifyProse(before, before.replace("CSV data or a URL to CSV data", "a URL to CSV data"))
      .step,
    "alternative",
  );
  const and = before.replace(" or a URL to CSV data", " and a URL to CSV data");
  assert.equal(classifyProse(and, after).step, "similarity");
});

const LONG = "You are connected to the Acme issue tracker. Use search_issues to find existing " +
  "issues before you create one. Comments are written in Markdown. Keep titles short and " +
  "descriptive. Always include the steps to reproduce in bug reports. Attachments are " +
  "referenced by their URL. Ask the user when the project is ambiguous.";

Deno.test("classifyProse() grades a sentence of a long text alone before step 5 returns DOCUMENTATION", () => {
  const rewritten = LONG.replace("Keep titles short and descriptive.", "Start titles with a verb.");
  const whole = classifyProse(LONG, rewritten, { ...DEFAULT_PROSE_OPTIONS });
  assert.equal(whole.severity, "POTENTIALLY_BREAKING");
  assert.equal(whole.step, "unit");
  assert.equal(whole.unit?.old, "Keep titles short and descriptive.");
  assert.equal(whole.unit?.new, "Start titles with a verb.");
  assert.equal(whole.unit?.verdict.step, "similarity");
  assert.match(
    describeVerdict(whole),
    /^the sentence "Keep titles short and descriptive\." became/,
  );
  // A list item added whole, in both directions.
  const listed = `${LONG}\n- migrate a project`;
  for (const [a, b] of [[LONG, listed], [listed, LONG]]) {
    const v = classifyProse(a, b);
    assert.equal(v.step, "unit", `${a} → ${b}`);
    assert.equal(v.unit?.verdict.step, "emptiness");
  }
  assert.match(
    describeVerdict(classifyProse(LONG, listed)),
    /was added, an instruction a model reads$/,
  );
  // A typo, a reflowed line and a separator line stay DOCUMENTATION.
  for (
    const b of [
      LONG.replace("descriptive", "descriptve"),
      LONG.replace("Comments are written", "Comments are\n  written"),
      `${LONG}\n---`,
      LONG.replace(". Ask", ".\nAsk"),
    ]
  ) {
    const v = classifyProse(LONG, b);
    assert.equal(v.severity, "DOCUMENTATION", b);
  }
});

Deno.test("classifyProse() grades a tool name of the contract replaced or removed POTENTIALLY_BREAKING", () => {
  const toolNames = ["nextjs_call", "nextjs_index", "nextjs_runtime", "search"];
  const options = { ...DEFAULT_PROSE_OPTIONS, toolNames };
  const a = `${LONG} For runtime errors use the 'nextjs_runtime' tool first.`;
  const b = `${LONG} For runtime errors use the 'nextjs_index' tool first.`;
  assert.deepEqual(classifyProse(a, b, options), {
    severity: "POTENTIALLY_BREAKING",
    step: "toolName",
    toolName: "nextjs_runtime",
  });
  // Bare as a word, removed.
  assert.equal(classifyProse(`${LONG} Then call nextjs_runtime.`, LONG, options).step, "toolName");
  // Only added: left to the other steps; without the contract's names: a sentence graded alone.
  assert.notEqual(classifyProse(LONG, `${LONG} Then call nextjs_call.`, options).step, "toolName");
  assert.equal(classifyProse(a, b).step, "unit");
  // An ordinary word that names a tool counts only quoted.
  const plain = `${LONG} Then search the tracker.`;
  assert.equal(
    classifyProse(plain, plain.replace("search the", "query the"), options).step,
    "unit",
  );
  assert.equal(
    classifyProse(`${LONG} Use \`search\`.`, `${LONG} Use \`find\`.`, options).step,
    "codeSpan",
  );
  assert.match(
    describeVerdict(classifyProse(a, b, options)),
    /^the tool name "nextjs_runtime" was replaced or removed/,
  );
});

Deno.test("classifyProse() leaves a tool name that is still named to the other steps", () => {
  // Review: quotes dropped around an ordinary word, and a second mention replaced by "it", read
  // as the tool name removed, with a message saying so.
  const toolNames = ["list_documents", "search"];
  const options = { ...DEFAULT_PROSE_OPTIONS, toolNames };
  const quoted = `${LONG} Use the 'search' tool first.`;
  const bare = `${LONG} Use the search tool first.`;
  assert.notEqual(classifyProse(quoted, bare, options).step, "toolName");
  const twice = `${LONG} Call list_documents first; list_documents returns the ids.`;
  const once = `${LONG} Call list_documents first; it returns the ids.`;
  assert.notEqual(classifyProse(twice, once, options).step, "toolName");
  // Said fewer times because another tool came in its place: replaced.
  const other = `${LONG} Call list_documents first; 'search' returns the ids.`;
  assert.equal(classifyProse(twice, other, options).step, "toolName");
});

Deno.test("classifyProse() grades a name no tool has, replaced by a tool name of the contract, POTENTIALLY_BREAKING", () => {
  // mobile-mcp 0.0.48 → 1.0.4: "use the list_elements_on_screen tool" (no such tool) became "use
  // the mobile_list_elements_on_screen tool": edit 0.953, DOCUMENTATION before.
  const toolNames = ["mobile_list_elements_on_screen", "mobile_long_press"];
  const options = { ...DEFAULT_PROSE_OPTIONS, toolNames };
  const text = (name: string) =>
    `Long press on the screen at given x,y coordinates. If long pressing on an element, use the ${name} tool to find the coordinates.`;
  const a = text("list_elements_on_screen");
  const b = text("mobile_list_elements_on_screen");
  const verdict = classifyProse(a, b, options);
  assert.deepEqual(verdict, {
    severity: "POTENTIALLY_BREAKING",
    step: "toolName",
    toolName: "list_elements_on_screen",
    replacedBy: "mobile_list_elements_on_screen",
  });
  assert.equal(
    describeVerdict(verdict),
    'the name "list_elements_on_screen" became the tool name "mobile_list_elements_on_screen", a tool a model is now told to call',
  );
  assert.equal(classifyProse(a, b).severity, "DOCUMENTATION");
  // The other way a tool name of the contract is removed, as before.
  assert.deepEqual(classifyProse(b, a, options), {
    severity: "POTENTIALLY_BREAKING",
    step: "toolName",
    toolName: "mobile_list_elements_on_screen",
  });
  // A tool name only added, or added while the old word stays, or in place of an ordinary word,
  // is left to the other steps.
  const added = `${LONG} Then call mobile_long_press.`;
  assert.notEqual(classifyProse(LONG, added, options).step, "toolName");
  const kept = `${LONG} Use list_elements first.`;
  assert.notEqual(
    classifyProse(kept, `${kept} Then call mobile_long_press.`, options).step,
    "toolName",
  );
  assert.notEqual(
    classifyProse(`${LONG} Use the lister.`, `${LONG} Use the mobile_long_press.`, options).step,
    "toolName",
  );
});

Deno.test("classifyProse() does not pair a name removed in one place with a tool name added in another", () => {
  // Review of acd4dcb: "by note_id" → "by id", and list_notes said twice further on, read as
  // 'the name "note_id" became the tool name "list_notes"'. The two changed in different runs of
  // words: the step leaves the text to the others (DOCUMENTATION before, edit 0.74).
  const toolNames = ["fetch_note", "get_note", "list_notes"];
  const options = { ...DEFAULT_PROSE_OPTIONS, toolNames };
  const a = "Fetches a note quickly by note_id. You may call list_notes first.";
  const b = "Fetches a note quickly by id. You may call list_notes or list_notes first.";
  assert.notEqual(classifyProse(a, b, options).step, "toolName");
  // In one run, replaced, it is the step's case.
  const c = "Fetches a note quickly by id. You may call list_notes first.";
  const d = "Fetches a note quickly by id. You may call get_note first.";
  assert.equal(classifyProse(c.replace("list_notes", "listNotes"), d, options).step, "toolName");
});

Deno.test("unitChanges() grades the changed middle as one run beyond a million unit pairs", () => {
  const many = (tag: string) =>
    Array.from({ length: 1001 }, (_, i) => `Step ${tag}${i} applies.`).join("\n");
  const runs = unitChanges(`Intro.\n${many("a")}\nEnd.`, `Intro.\n${many("b")}\nEnd.`);
  assert.equal(runs.length, 1);
  assert.ok(runs[0]!.old.startsWith("Step a0 applies. Step a1 applies."));
  assert.ok(runs[0]!.new.endsWith("Step b1000 applies."));
  // Below the cap, sentences are aligned one by one.
  assert.deepEqual(unitChanges("A one. B two. C three.", "A one. B twice. C three. D four."), [
    { old: "B two.", new: "B twice." },
    { old: "", new: "D four." },
  ]);
});

Deno.test("classifyProse() matches a tool name holding / or . whole, both ways", () => {
  // Audit: a prose mention of search_code was found inside github/search_code.
  const text = (name: string) => `${LONG} Then call ${name} to find where the file is used.`;
  const slashed = text("github/search_code"), bare = text("search_code");
  const verdict = (a: string, b: string, toolNames: string[]) =>
    classifyProse(a, b, { ...DEFAULT_PROSE_OPTIONS, toolNames });
  const removed = (toolName: string) => ({
    severity: "POTENTIALLY_BREAKING",
    step: "toolName",
    toolName,
  });
  const replaced = (toolName: string, replacedBy: string) => ({
    ...removed(toolName),
    replacedBy,
  });
  // Both are tools: the one removed is named, either way.
  const both = ["github/search_code", "search_code"];
  assert.deepEqual(verdict(slashed, bare, both), removed("github/search_code"));
  assert.deepEqual(verdict(bare, slashed, both), removed("search_code"));
  // One is a tool: the other is a name no tool has, replaced by it, or the tool removed.
  assert.deepEqual(
    verdict(slashed, bare, ["search_code"]),
    replaced("github/search_code", "search_code"),
  );
  assert.deepEqual(verdict(bare, slashed, ["search_code"]), removed("search_code"));
  assert.deepEqual(
    verdict(bare, slashed, ["github/search_code"]),
    replaced("search_code", "github/search_code"),
  );
  assert.deepEqual(verdict(slashed, bare, ["github/search_code"]), removed("github/search_code"));
  // A dotted name, likewise.
  const dotted = (name: string) => `${LONG} Use ${name} to read a whole folder.`;
  assert.deepEqual(
    verdict(dotted("fs.read_all"), dotted("fs.read"), ["fs.read"]),
    replaced("fs.read_all", "fs.read"),
  );
  assert.deepEqual(
    verdict(dotted("fs.read"), dotted("fs.read.all"), ["fs.read"]),
    removed("fs.read"),
  );
  // A name still there, bounded by a full stop or a slash command's /, is still named.
  const command = `${LONG} Type /search_code. It finds the file.`;
  assert.notEqual(
    verdict(command, command.replace("finds the file", "finds files"), ["search_code"]).step,
    "toolName",
  );
});

Deno.test("classifyProse() reads tool names joined by / as a list of each, and a file name as no name a model calls", () => {
  // Review of 6351225: 'create_issue/update_issue' → 'create_issue, update_issue' read as the name
  // "create_issue/update_issue" replaced by the tool create_issue.
  const tools = ["create_issue", "load_config", "read_file", "update_issue", "write_file"];
  const verdict = (a: string, b: string) =>
    classifyProse(`${LONG} ${a}`, `${LONG} ${b}`, { ...DEFAULT_PROSE_OPTIONS, toolNames: tools });
  const listed = "Pair it with create_issue/update_issue when needed.";
  const spelt = "Pair it with create_issue, update_issue when needed.";
  assert.equal(verdict(listed, spelt).severity, "DOCUMENTATION");
  assert.equal(verdict(spelt, listed).severity, "DOCUMENTATION");
  // A tool dropped from the list is named; one put in is only added, left to the other steps.
  const removed = (toolName: string) => ({
    severity: "POTENTIALLY_BREAKING",
    step: "toolName",
    toolName,
  });
  assert.deepEqual(
    verdict("Use read_file/write_file for files.", "Use write_file for files."),
    removed("read_file"),
  );
  assert.equal(
    verdict("Use write_file for files.", "Use read_file/write_file for files.").step,
    "unit",
  );
  // A word with a part that is no tool name stays whole: no list, and no tool named in it.
  assert.notEqual(
    verdict("Use read_file/other for files.", "Use other for files.").step,
    "toolName",
  );
  assert.notEqual(
    verdict("Use other for files.", "Use read_file/other for files.").step,
    "toolName",
  );
  // File names holding _ are no names a model calls, either way.
  const files = [["out/build_log.txt", "read_file"], ["user_config.json", "load_config"]] as const;
  for (const [file, tool] of files) {
    const a = `Reads settings from ${file} at startup.`,
      b = `Reads settings from ${tool} at startup.`;
    assert.notEqual(verdict(a, b).step, "toolName", file);
    assert.deepEqual(verdict(b, a), removed(tool), file);
  }
  // A namespaced name a tool's name continues still is: fs.read_all → fs.read.
  assert.deepEqual(
    classifyProse(`${LONG} Use fs.read_all now.`, `${LONG} Use fs.read now.`, {
      ...DEFAULT_PROSE_OPTIONS,
      toolNames: ["fs.read"],
    }),
    { ...removed("fs.read_all"), replacedBy: "fs.read" },
  );
});

Deno.test("classifyProse() reads minimum turned into maximum as a marker, both ways, min and max as them", () => {
  // Review of e878839: min_price "Minimum price in USD" → max_price "Maximum price in USD" got a
  // rename hint, the classifier grading the opposite bound DOCUMENTATION (edit 0.9, 0.98 long).
  const long = (bound: string) =>
    `The ${bound} price of the item, in US dollars, that a listing must have to be returned.`;
  assert.deepEqual(classifyProse(long("minimum"), long("maximum")), markerVerdict("maximum", 0, 1));
  assert.deepEqual(classifyProse(long("maximum"), long("minimum")), markerVerdict("maximum", 1, 0));
  assert.equal(classifyProse("Minimum price in USD", "Maximum price in USD").step, "marker");
  assert.equal(classifyProse(long("min"), long("max")).step, "marker");
  // A short form for the long one is no bound changed: left to the other steps.
  assert.equal(classifyProse(long("max"), long("maximum")).severity, "DOCUMENTATION");
  assert.equal(classifyProse(long("minimum"), long("min")).severity, "DOCUMENTATION");
  // A bound stated or dropped without its opposite coming is a rewording, not a marker (review of
  // eea70b6: each was DOCUMENTATION before and a marker change after it).
  const rewordings: [string, string][] = [
    [
      "Results are cached for 5 min by the server before a new search runs.",
      "Results are cached for 5 minutes by the server before a new search runs.",
    ],
    [
      "Return at most 10 items per page, in the order the index ranks them.",
      "Return a maximum of 10 items per page, in the order the index ranks them.",
    ],
    [
      "Search text, max 200 characters, matched against titles and bodies.",
      "Search text, up to 200 characters, matched against titles and bodies.",
    ],
    [
      "Search text, at least 3 characters, matched against titles and bodies.",
      "Search text, minimum 3 characters, matched against titles and bodies.",
    ],
    [
      "Lists the items; use min_price and max_price to filter them by price.",
      "Lists the items; use minPrice and maxPrice to filter them by price.",
    ],
    [long("maximum"), long("highest")],
  ];
  for (const [a, b] of rewordings) {
    for (const [x, y] of [[a, b], [b, a]]) {
      assert.notEqual(classifyProse(x, y).step, "marker", `${x} → ${y}`);
    }
  }
  // The number beside a bound still counts when it changes.
  assert.equal(classifyProse("max 200 characters", "up to 300 characters").step, "marker");
});

Deno.test("classifyProse() reads an opposite swapped in as a marker, both ways, and one stated or dropped as none", () => {
  const long = (word: string) =>
    `Returns the results ${word}, with the title, the author, the link and a short summary of each.`;
  const swaps: [string, string, string][] = [
    ["the first 10", "the last 10", "first"],
    ["created before the date", "created after the date", "after"],
    ["in ascending order", "in descending order", "ascending"],
    ["sorted asc", "sorted desc", "ascending"],
    ["oldest first", "newest first", "newest"],
    ["older than the date", "newer than the date", "newer"],
    ["from the earliest run", "from the latest run", "earliest"],
    ["of this run or earlier ones", "of this run or later ones", "earlier"],
    ["including archived ones", "excluding archived ones", "exclude"],
    ["up to the end date, inclusive", "up to the end date, exclusive", "exclusive"],
    ["when caching is enabled", "when caching is disabled", "disable"],
    ["when strict is true", "when strict is false", "false"],
  ];
  for (const [a, b, marker] of swaps) {
    const [x, y] = [long(a), long(b)];
    assert.equal(classifyProse(x, y).marker, marker, `${a} → ${b}`);
    assert.equal(classifyProse(y, x).marker, marker, `${b} → ${a}`);
    assert.equal(classifyProse(x, y).severity, "POTENTIALLY_BREAKING", `${a} → ${b}`);
  }
  // A form of the same word, or a word of a pair stated or dropped without its opposite coming:
  // no marker, left to the other steps.
  const rewordings: [string, string][] = [
    ["sorted asc", "sorted ascending"],
    ["when caching is enabled", "when caching is enable"],
    ["including archived ones", "archived ones included"],
    ["newest first", "most recent first"],
    ["the last 10", "the latest 10"],
    ["when caching is enabled", "when caching is on"],
    ["after the search", "when the search is done"],
  ];
  for (const [a, b] of rewordings) {
    for (const [x, y] of [[long(a), long(b)], [long(b), long(a)]]) {
      assert.notEqual(classifyProse(x, y).step, "marker", `${x} → ${y}`);
    }
  }
  // Two swaps of different pairs: each pair decides alone (first lost, before gained: no swap).
  assert.notEqual(
    classifyProse(long("first, then the others"), long("before the others")).step,
    "marker",
  );
  // An extra marker of the configuration counts whenever its count changes, opposite or not.
  const options = { ...DEFAULT_PROSE_OPTIONS, extraMarkers: ["first"] };
  assert.deepEqual(
    classifyProse(long("first, then the others"), long("before the others"), options),
    markerVerdict("first", 1, 0),
  );
});
