/**
 * Schema pairs for the validator oracle whose definitions refer to other definitions: chains
 * (A → B → C → D), definitions shared by several places (properties, items, anyOf, oneOf,
 * allOf, not), and loops back to a definition through an optional property or the items of an
 * array that may be empty, so that finite values still exist and every loop consumes a value
 * (one that does not overflows ajv's stack). Draft-07 roots keep them in `$defs` or
 * `definitions`, 2020-12 roots in `$defs`. The new side is the old with one edit inside a
 * definition (deep in a chain, a reference retargeted, or an annotation) and sometimes one
 * more anywhere.
 * @module
 */
import fc from "fast-check";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { applyEdits, edit, leaf } from "./_oracle_schemas.ts";
import { D2020, node2020 } from "./_oracle_schemas_2020.ts";

/** The definitions of a root, in chain order. */
export const DEFINITIONS = ["A", "B", "C", "D"];

const names = fc.constantFrom("a", "b", "id", "q");
const plain = leaf.filter((x) => !(typeof x === "object" && x !== null && "$ref" in x));
const refTo = (key: string, names: readonly string[]) =>
  fc.constantFrom(...names).map((n): JsonValue => ({ $ref: `#/${key}/${n}` }));

/**
 * Whether `s` refers to a definition that may lead back to the one being written: such a
 * property is never required, and such items never counted, so that a loop can end.
 */
const loops = (s: JsonValue, back: readonly string[]): boolean =>
  back.some((ref) => JSON.stringify(s).includes(`"${ref}"`));

/**
 * Schemas whose references lead on to `ahead` anywhere, and back to `behind` (the definition
 * being written and those before it) only below a property or items.
 */
function schemasWith(
  ahead: fc.Arbitrary<JsonValue> | undefined,
  behind: fc.Arbitrary<JsonValue> | undefined,
  backRefs: readonly string[],
): fc.Arbitrary<JsonValue> {
  const leaves = ahead
    ? fc.oneof({ weight: 2, arbitrary: plain }, { weight: 3, arbitrary: ahead })
    : plain;
  return fc.letrec((tie) => {
    const member = behind ? fc.oneof(tie("schema"), behind) : tie("schema");
    return {
      schema: fc.oneof(
        { depthSize: "small", withCrossShrink: true, maxDepth: 3 },
        leaves,
        fc.record({
          type: fc.constant("object"),
          properties: fc.dictionary(names, member, { minKeys: 1, maxKeys: 3 }),
          required: fc.uniqueArray(names, { maxLength: 2 }),
        }, { requiredKeys: ["type", "properties"] }).map((o) => {
          const props = o.properties as JsonObject;
          const required = (o.required ?? []).filter((n) =>
            Object.hasOwn(props, n) && !loops(props[n]!, backRefs)
          );
          const { required: _, ...rest } = o;
          return required.length > 0 ? { ...rest, required } : rest;
        }),
        fc.record({
          type: fc.constant("array"),
          items: member,
          maxItems: fc.integer({ min: 2, max: 4 }),
        }, {
          requiredKeys: ["type", "items"],
        }),
        fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
        fc.record({ oneOf: fc.array(tie("schema"), { minLength: 2, maxLength: 3 }) }),
        fc.record({ allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }) }),
        fc.record({ anyOf: fc.tuple(tie("schema"), fc.constant({ type: "null" })) }),
        fc.record({ not: tie("schema") }),
      ),
    };
  }).schema as fc.Arbitrary<JsonValue>;
}

/**
 * A definition `body` linked to the next one, `next` (a reference): through a property, the
 * items, a union or an allOf branch, or not linked (the body may still refer on).
 */
const linked = (body: fc.Arbitrary<JsonValue>, next: JsonValue) =>
  fc.tuple(fc.nat(6), body).map(([how, b]): JsonValue => {
    if (how === 0) return { type: "object", properties: { z: next, b } };
    if (how === 1) return { type: "object", properties: { z: next }, required: ["z"] };
    if (how === 2) return { type: "array", items: next };
    if (how === 3) return { anyOf: [next, b] };
    if (how === 4) return { allOf: [next, b] };
    if (how === 5) return { oneOf: [next, b] };
    return b;
  });

/** Definitions A to D in `key`: each refers on to later ones, and back only through a value. */
function definitions(key: string): fc.Arbitrary<JsonObject> {
  const defs = DEFINITIONS.map((_, i) => {
    const ahead = DEFINITIONS.slice(i + 1);
    const behind = DEFINITIONS.slice(0, i + 1);
    const body = schemasWith(
      ahead.length > 0 ? refTo(key, ahead) : undefined,
      refTo(key, behind),
      behind.map((n) => `#/${key}/${n}`),
    );
    return ahead.length > 0 ? linked(body, { $ref: `#/${key}/${ahead[0]}` }) : body;
  });
  return fc.tuple(...defs).map((list) =>
    Object.fromEntries(list.map((d, i) => [DEFINITIONS[i]!, d]))
  );
}

/** A tool's root whose properties use definitions that use one another, in `key`. */
export function chainRoot(key: string): fc.Arbitrary<JsonObject> {
  // The head of the chain most often, so that an edit deep in it is reached; and now and then
  // the head alone or negated in a nullable union, which a proof reads as unchanged when it
  // finds both sides written alike (e63b364).
  const head: JsonValue = { $ref: `#/${key}/A` };
  const use = fc.oneof(
    {
      weight: 4,
      arbitrary: schemasWith(refTo(key, ["A", "A", "A", "B", "C", "D"]), undefined, []),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(head, { not: head }).map((b) => ({
        anyOf: [b, { type: "null" }],
      })),
    },
  );
  return fc.record({
    properties: fc.dictionary(names, use, { minKeys: 1, maxKeys: 3 }),
    required: fc.uniqueArray(names, { maxLength: 2 }),
    defs: definitions(key),
  }).map(({ properties, required, defs }) => {
    const out: JsonObject = { type: "object", properties };
    const declared = required.filter((n) => Object.hasOwn(properties, n));
    if (declared.length > 0) out.required = declared;
    out[key] = defs;
    return out;
  });
}

/** A 2020-12 root with chained definitions, sometimes with a property of 2020-12 keywords. */
export const chainRoot2020: fc.Arbitrary<JsonObject> = fc.tuple(
  chainRoot("$defs"),
  fc.option(node2020, { nil: undefined }),
).map(([r, extra]) => {
  const properties = extra === undefined
    ? r.properties as JsonObject
    : { ...(r.properties as JsonObject), tags: extra };
  return { $schema: D2020, ...r, properties };
});

/**
 * The old root and new: one edit inside a definition (the last ones, deep in the chain, most
 * often), sometimes one more anywhere.
 */
const pairOf = (roots: fc.Arbitrary<JsonObject>) =>
  fc.tuple(
    roots,
    fc.constantFrom("A", "B", "C", "C", "D", "D"),
    edit,
    fc.option(edit, { nil: undefined }),
  ).map(([old, name, inDefs, more]) => {
    const key = "$defs" in old ? "$defs" : "definitions";
    const once = applyEdits(old, [inDefs], [key, name]);
    return { old: old as JsonValue, new: more ? applyEdits(once, [more]) : once };
  });

/** Draft-07 pairs (definitions in `$defs` or `definitions`). */
export const chainPair: fc.Arbitrary<{ old: JsonValue; new: JsonValue }> = pairOf(
  fc.oneof(chainRoot("$defs"), chainRoot("definitions")),
);

/** 2020-12 pairs. */
export const chainPair2020: fc.Arbitrary<{ old: JsonValue; new: JsonValue }> = pairOf(
  chainRoot2020,
);
