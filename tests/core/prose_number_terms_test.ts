import assert from "node:assert/strict";
import { classifyProse } from "../../core/prose.ts";
import { markerVerdict } from "./_prose.ts";

/** A sentence long enough that one word added or changed keeps its edit high. */
const long = (s: string) =>
  `Creates a bin for the team and returns its address; ${s}, and the bin expires after a week.`;

Deno.test("classifyProse() reads no number in a product name or a term of art, both ways", () => {
  for (
    const [a, b] of [
      // A product name: after an article and a word, or capitalised after a capitalised word.
      [long("it requires a vuetify subscription"), long("it requires a vuetify one subscription")],
      [long("it requires a Vuetify subscription"), long("it requires a Vuetify One subscription")],
      [long("it requires Vuetify access"), long("it requires Vuetify One access")],
      // A term whose number states no quantity.
      [long("it strips control characters"), long("it strips control and zero-width characters")],
      [long("it needs an authenticated login"), long("it needs a two-factor authenticated login")],
    ]
  ) {
    for (const [x, y] of [[a!, b!], [b!, a!]]) {
      const v = classifyProse(x, y);
      assert.equal(v.severity, "DOCUMENTATION", `${x} → ${y}`);
      assert.equal(v.step, "similarity", `${x} → ${y}`);
    }
  }
});

Deno.test("classifyProse() still counts a number word that counts, in a compound that quantifies or a label, both ways", () => {
  for (
    const [a, b, marker] of [
      [long("it returns one item"), long("it returns two items"), "one"],
      [long("it returns items"), long("it returns one item"), "one"],
      [long("it reads a zero-based index"), long("it reads a one-based index"), "zero"],
      [long("it takes two-letter codes"), long("it takes three-letter codes"), "two"],
      // A label in title case, a capitalised word first in its sentence, a bound in a heading.
      [long("see Step One"), long("see Step Two"), "one"],
      [long("it reads the rows. One row is kept"), long("it reads the rows. Rows are kept"), "one"],
      [long("it Returns Up To Ten Rows"), long("it Returns Up To Rows"), "ten"],
      [long("Specify EXACTLY ONE target"), long("Specify a target"), "one"],
      // Before a hyphen or a word that counts, one after an article and a word is a count.
      [long("it is a hosted one-page store"), long("it is a hosted store"), "one"],
      [long("it mails the customer one at a time"), long("it mails the customer"), "one"],
      // A compound that says how often counts as once: a one-time code only removed differs.
      [long("it sends a one-time code"), long("it sends a code"), "one-time"],
    ]
  ) {
    const there = classifyProse(a!, b!);
    assert.equal(there.step, "marker", `${a} → ${b}`);
    assert.equal(there.marker, marker, `${a} → ${b}`);
    assert.equal(classifyProse(b!, a!).step, "marker", `${b} → ${a}`);
  }
});

Deno.test("classifyProse() counts one-time, one-shot and one-off as once, both ways", () => {
  for (
    const [a, b] of [
      [long("it sends a one-time code"), long("it sends a code usable once")],
      [long("it runs a one-shot task"), long("it runs a one-off task")],
    ]
  ) {
    for (const [x, y] of [[a!, b!], [b!, a!]]) {
      assert.notEqual(classifyProse(x, y).step, "marker", `${x} → ${y}`);
    }
  }
  // Once against twice still differs, named as written.
  assert.deepEqual(
    classifyProse("Runs a one-shot task.", "Runs the task twice."),
    markerVerdict("one-shot", 1, 0),
  );
});

Deno.test("classifyProse() counts a name's number word replaced by another, and a heading's, both ways", () => {
  for (
    const [a, b, marker] of [
      // Title case throughout: the number word is followed by a capitalised word.
      ["Search And Return Ten Results", "Search And Return Five Results", "ten"],
      ["Search And Return Ten Results", "Search And Return Results", "ten"],
      // Read as names on both sides, but another name's number.
      ["Returns items of the selected Type One", "Returns items of the selected Type Two", "one"],
      ["Requires a Vuetify One subscription", "Requires a Vuetify Two subscription", "one"],
    ]
  ) {
    const there = classifyProse(a!, b!);
    assert.equal(there.severity, "POTENTIALLY_BREAKING", `${a} → ${b}`);
    assert.equal(there.step, "marker", `${a} → ${b}`);
    assert.equal(there.marker, marker, `${a} → ${b}`);
    assert.equal(classifyProse(b!, a!).step, "marker", `${b} → ${a}`);
  }
  // The same name on both sides, beside a rewording, is still none.
  assert.notEqual(
    classifyProse(
      long("it requires a Vuetify One subscription"),
      long("it needs a Vuetify One subscription"),
    ).step,
    "marker",
  );
});
