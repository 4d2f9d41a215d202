/**
 * Schema rules: one per facet, change and side, all reading the schema differences the engine
 * computed once (the structured walk plus the catch-all differ). Input and output twins are
 * generated together, so every input rule has its output twin unless a waiver says why not.
 * @module
 */
import type { JsonObject, JsonValue } from "../core/json.ts";
import {
  type Finding,
  reportsOwnSchemaDeltas,
  type Rule,
  type RuleExample,
  type RuleMeta,
} from "../core/rule.ts";
import type { Severity } from "../core/severity.ts";
import type { Side } from "../core/schema/types.ts";
import { EXPANSIONS_PER_REF, MAX_TOTAL_EXPANSIONS, MAX_WALK_DEPTH } from "../core/schema/walk.ts";
import { SCHEMA_RULE_INDEX, type SchemaRuleEntry } from "./_schema_rule_index.ts";

type Pair = readonly [Severity, Severity];
const W: Pair = ["NON_BREAKING", "BREAKING"];
const N: Pair = ["BREAKING", "NON_BREAKING"];
const C: Pair = ["BREAKING", "BREAKING"];
const PB: Pair = ["POTENTIALLY_BREAKING", "POTENTIALLY_BREAKING"];
const DOC: Pair = ["DOCUMENTATION", "DOCUMENTATION"];
const NB: Pair = ["NON_BREAKING", "NON_BREAKING"];

/** One schema rule family member, for both sides. */
interface Spec {
  aspect: string;
  change: string;
  severity: Pair;
  summary: string;
  old: JsonValue;
  new: JsonValue;
  /** Path of the finding relative to the schema root. */
  path: string;
  /** Other findings the example also yields, as [rule aspect.change, path, input, output]. */
  also?: [string, string, Severity, Severity][];
  gradedBy?: "prose" | "variance";
  rationale?: string;
  /** Further examples of the same finding at the same path, with their severities. */
  more?: { title: string; old: JsonValue; new: JsonValue; severity: Pair }[];
}

/** `{type: object, properties: {v: schema}}`, the usual example holder. */
function v(schema: JsonValue): JsonObject {
  return { type: "object", properties: { v: schema } };
}

/** Why a change inside an overlapping oneOf branch has no direction. */
const ONEOF_BRANCH =
  " Inside a branch of a oneOf that may overlap another branch (not told apart by type, values, a required discriminator or a required name the other branch forbids, each branch written as a local $ref read through its target, as pydantic writes a discriminated union's variants; a branch that is a union is apart when each of its own branches is, and one that is an allOf when one of its branches is, so oneOf [anyOf [string, null], integer] and variants written allOf [Base, {kind: const}] as OpenAPI generators write them are told apart, where a change inside either read BREAKING in all four directions; a const or an enum accepts only the kinds of its values, so {const: true} is apart from a string branch and a number branch; a name one branch requires and the other declares with a disjoint schema, or leaves to additionalProperties false, tells objects apart, as in a discriminated union or zod 4's z.xor of closed objects, and so does a not in one branch of a type, required names and properties that accept everything, all of which the other branch's own type and required names meet: agent-device 0.21.3's fill.outputSchema writes not {type: object, properties: {}, required: [verification]} in one and required [verification] in the other, and its first branch narrowed read BREAKING on output), neither direction holds: a branch that accepts more makes some values match two branches, which the oneOf rejects, and one that accepts fewer leaves some values matching one branch only, which it now accepts. Such a change is BREAKING on both sides, whichever way it went in the branch, except an optional property added on input: it may make values that matched two branches match one (accepted now), and the values it may newly reject are those that give it another type, which the convention for an optional property added leaves aside everywhere (NON_BREAKING). The same holds inside contains beside maxContains: an item that now matches may push the count of matching items past maxContains (rejected), and one that no longer matches may bring it within (accepted), so a change inside contains is BREAKING on both sides there (validator oracle, in draft 2020-12).";

const RATIONALE = {
  widened:
    `The set of accepted values grew. An input schema is written by the caller (contravariant): existing calls stay valid, so it is NON_BREAKING. An output schema is read by the caller (covariant): consumers that generated types from it receive values they do not expect, so it is BREAKING.${ONEOF_BRANCH}`,
  narrowed:
    `The set of accepted values shrank. On input, calls that were valid are now rejected: BREAKING. On output, every value the server now returns was already allowed: NON_BREAKING.${ONEOF_BRANCH}`,
  changed:
    "The old and new sets of accepted values are not contained in one another, or Proxar cannot decide whether they are; either way some old calls or some consumers break: BREAKING on both sides.",
};

type Effect = keyof typeof RATIONALE;

/** Why a not of a schema that accepts nothing, and a not of not, are read through. */
const NOT_OF_NONE =
  "A not whose schema rejects every value (false, {not: {}}, {anyOf: [false]}: what the subsumption proof shows accepts nothing) constrains nothing, and {not: {not: X}} with nothing else at either level accepts what X accepts: both differs read them so, a few levels deep, as ajv does (draft-07, 2020-12). {} → {not: {not: {}}} read not.narrowed, BREAKING on input, and {type: string} → {not: {not: {type: string}}} the same beside type.widened: no change now; a change inside X is graded as X's own, at its place. A not of not with other keywords beside it is read as those keywords where the other side writes it otherwise (see below). Where one side writes it bare and the other with only annotations beside either not ($comment, description, title …), both are compared as written, so the annotation is the one finding: {not: {not: {type: string}}} gaining a $comment read not.narrowed beside type.widened, BREAKING on input. Against a schema that writes no not at that place, a double not with only annotations beside either not is read as X with them (a default or a vendor extension beside the outer not stays at the place; what places a schema, $id or $defs, keeps it as written), and so is one with a value keyword beside it whose inner not holds annotations: {not: {not: {type: string}, $comment: 'x'}, maxLength: 3} → {type: string, maxLength: 3}, and {not: {not: {type: string}}, $comment: 'x'} → {type: string}, read not.narrowed beside type.widened, BREAKING on input reversed and on output, though ajv accepts the same values; now the $comment removed alone, named where the file writes it, and maxLength 3 → 2 beside it maxLength.narrowed, BREAKING on input.";

/** Why a lone not of a schema that accepts every value is read as false. */
const NOTHING_AS_FALSE =
  "A schema that accepts nothing in so many words is read as false, as ajv reads it (draft-07, 2020-12; JSON Schema defines false as the schema that accepts nothing): a not of a schema that accepts every value ({not: {}}, {not: true}, {not: {description: 'any'}}), whatever stands beside it ({not: {}, description: 'none'}, {type: string, not: {}}), and a union or conjunction with a branch written false or as a not that the subsumption proof shows accepts nothing ({anyOf: [false]}, {oneOf: [{not: {}}]}; a conjunction with such a branch accepts nothing whatever its other branches, in any order: allOf [{const: x}, false, a $ref Proxar cannot follow] read as written, allOf [that $ref, {const: x}, false] as false, and the reorder schema.widened, BREAKING on output). additionalProperties false → {not: {}} or {not: {}, description} or {anyOf: [false]} read additionalProperties.widened, BREAKING on output, and a property {not: {}} added to an open object property.added, NON_BREAKING on input, though {b: 1} is rejected now: no change now, and schema.narrowed, BREAKING on input, as for false; the findings show and name what the file writes ('the schema now accepts nothing ({\"not\":{}}, as false)'). Where both sides write such a schema at one place and one holds more than a lone not, each is read as a lone not with its own annotations beside it (title, description, default, vendor extensions, keywords no draft defines), so two ways of saying nothing are no change and an annotation changed there is still reported: {not: {}} → {anyOf: [false]} read additionalProperties.narrowed (BREAKING on input) and {not: {}} → {type: string, not: {}} type.narrowed, though ajv accepts no value under either, now no change; {not: {}} → {not: {}, description: 'none'} stays description.changed. Bounded: the root schema, the not of a not, a schema that defines a place a $ref may reach ($defs, $id, $anchor inside), and one whose schema only the proof could show accepts every value ({not: {not: {type: string, not: {type: string}}}}) are compared as written.";

/** Why a type written beside listed values that it admits is no change. */
const LISTED_TYPES =
  'Listed values fix the types: {"enum": ["a", "b"]} and {"type": "string", "enum": ["a", "b"]} accept the same two strings, so the types compared are those of the enum or const values that the type admits (generators differ in writing the type beside a literal or an enum).';

/** Why a type in a propertyNames schema that admits strings is no change. */
const NAME_TYPES =
  'Property names are always strings, so inside propertyNames (and its anyOf, oneOf, allOf, not, if, then and else branches) a type that admits strings accepts every name and is compared as absent: zod 4 writes propertyNames {"type": "string"} beside every z.record(z.string(), ...), which restricts nothing (firecrawl-mcp 2.0.2 → 3.1.13 was graded BREAKING for it). A name schema reached through $ref keeps its type, since its definition may also describe values. The same holds where an allOf is proven to accept the same values as the schema beside it: an allOf of objects (zod 3\'s intersection) that became an object whose name schema takes every string was graded allOf.narrowed (BREAKING on input) because no branch had a name schema to imply it.';

/** Why keywords of a type one side excludes are not compared. */
const EXCLUDED_TYPES =
  'A keyword that applies to one type only (items, prefixItems, contains, minItems and the like to arrays; properties, required, additionalProperties and the like to objects; minLength, maxLength, pattern and the content keywords to strings; minimum, maximum and multipleOf to numbers) constrains no value of a type one side\'s type excludes, so there it is not compared: what changed for such values is the type change itself. A string that may now also be an array of strings ({"type": "string"} → {"type": ["string", "array"], "items": {"type": "string"}}, @azure-devops/mcp 2.2.2 → 2.10.0) is type.widened, not an items narrowed from "any" beside it. A side without type admits every type, so the other side\'s keywords are compared as written; unmodelled keywords inside a new subschema of such a keyword are still reported.';

/** Why a type list and a union by type are the same. */
const TYPE_UNIONS =
  'Values are compared, not spellings: a type list and a union of one branch per type accept the same values ({"type": ["string", "null"]} and anyOf [{"type": "string"}, {"type": "null"}], as zod 3 and zod 4 write a nullable string), and so do an enum and a union of one const per value (as they write a union of literals), so a move between them is no change (@sentry/mcp-server 0.37.0 → 0.39.0 moved a nullable sort to the list). A branch that refers to a definition is compared as if written inline: a change in the definition that another branch of the union still covers (anyOf [{"$ref": "#/$defs/B"}, {"type": "null"}] with B ["string", "null"] → "string") is no change, as the same change written in the branch is. So is a lone schema facing a union, as far as its pairing with the branches goes: anyOf [{"$ref": "#/$defs/D"}, {"type": "null"}] → {"$ref": "#/$defs/D"} is "anyOf branch 1 (null) was removed", where it read "2 anyOf branches were removed: anyOf branch 0, anyOf branch 1 (null)" one way and "anyOf went from 1 to 2 branches" the other, and a lone {"type": "string", "maxLength": 9} that became oneOf [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/N"}] (A a string, N an integer) names the bound it lost at the variant it faces, maxLength.widened at oneOf.0, as with the variants written inline, where it read the lone schema removed and both variants added. Such a finding is placed where the union is written (/properties/p/anyOf, or inside the definition that holds the union), where it was placed at the definition the lone side refers to (/$defs/D/anyOf, a keyword D does not have) and, inside definitions, the second comparison added keyword.changed beside it, BREAKING on input, saying the first had reported nothing there.';

/** Why an anyOf and a oneOf of disjoint branches are one union. */
const DISJOINT_UNIONS =
  'An anyOf and a oneOf whose branches are pairwise disjoint (no value matches two, as a required discriminator with one constant per branch ensures) accept the same values, so a move between the two keywords pairs their branches as one union and reports what changed inside them: zod 3 writes a discriminated union as anyOf and zod 4 as oneOf (mapbox-mcp-server 0.2.0 → 0.14.0), and the move read as one union removed and another added, BREAKING on input and on output although a branch had only gained an optional property. The findings name the keyword change ("anyOf became oneOf, whose branches cannot overlap, so that alone changes no value; oneOf branch 2 was added"), where output read "oneOf branch 2 was added" alone. Where branches may overlap, the move is itself a change of values: anyOf → oneOf makes the union exclusive, so a value that matches more than one branch is now rejected, and oneOf → anyOf accepts it again. It is one finding at the new keyword, graded by the subsumption proof of the whole union (narrowed when only values matching two branches go, widened for the reverse, changed when branches changed too so that neither side holds the other\'s values), where it read as anyOf removed beside oneOf added, two findings that said neither what the move does nor which values it takes. Branches that changed with the keyword are folded into that one grade, and its message names them ("besides, anyOf branch 1 became oneOf branch 1", "oneOf branch 2 was added"), where it named the keyword change alone. A union that became one branch of a union of the other keyword (oneOf [string, string ≤ 3] → anyOf [oneOf [string, string ≤ 4], null], a nullable wrapper; through a one-branch allOf or a local $ref too), or the reverse, keeps that grade and says what happened: "the oneOf of 2 branches became branch 0 of an anyOf, beside branch 1 ({"type":"null"}), and its branches changed", where it read "the union is no longer exclusive", though the oneOf still is, one level down. The variants of a discriminated union (a property each branch holds to its own value) pair by that tag: two with other tags are different variants unless they are alike but for the tag, so a variant replaced by one of another tag and shape is one branch removed (BREAKING on input) and one added (BREAKING on output), each named by its tag, where paired by place it read as three BREAKING changes of one variant (monday-api-mcp update_doc, delete_block with block_id → delete_blocks with block_ids: the tag, block_id removed, block_ids required); one alike but for its tag is that variant renamed, its tag change reported once (enum.changed, BREAKING on both sides). A branch that came or went is named by its tag also where the other branches list theirs in an enum: server-filesystem 2026.8.31 split read_media_file\'s content items (type enum image, audio, blob) into an image|audio branch and a type "resource" one, reported as anyOf branch 1 (type "resource") added (BREAKING on output: agents now receive resource items) beside the image|audio enum that lost "blob" (enum.narrowed, NON_BREAKING on output), where the added branch was not named. Where branches carry two tags, one kept alike names the same variant whatever the other does: xcodebuildmcp 2.6.2 → 2.7.0 kept schema "build-result", moved schemaVersion "2" → "3" and added output properties, which read as that branch removed and added; it is the tag change (enum.changed) and the properties added, as before.';

/** zod 4.6.7's email pattern, as its toJSONSchema writes it beside format "email". */
const ZOD_EMAIL =
  "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$";

/** Why zod 4's own pattern added beside an unchanged format is only POTENTIALLY_BREAKING. */
const ZOD_PATTERN =
  "zod 4's toJSONSchema writes its own pattern beside the format of a string format (z.email() gives format \"email\" and zod's email regex; so do uuid, guid, date-time, date, duration, ipv4, ipv6, cidr, hostname, e164, base64, cuid, nanoid, ulid …), where zod 3 wrote the format alone. On an input schema, outside not and outside a oneOf branch that may overlap another, such a pattern added where the same format is written on both sides is POTENTIALLY_BREAKING, not BREAKING: it restates the format, so a validator that checks the format already rejected most of what it rejects, while one that ignores formats now rejects values the pattern does not match (@cyanheads/git-mcp-server 2.5.8 → 2.6.5 added zod 4.1's email pattern to git_commit's author.email). The patterns are recognised as exact strings, from a table of what zod 4.1.13 and zod 4.6.7 write; any other pattern added, a pattern added with a format added or changed, and the output side keep their variance grade.";

/** Why an anyOf inside an anyOf is paired branch by branch. */
const NESTED_ANY_OF =
  "An anyOf that is a bare branch of an anyOf is one union with it: its branches are paired with the other side's, so anyOf [anyOf [string, array], null] → anyOf [string, array] is null removed (@sentry/mcp-server 0.39.0). When the whole union is proven widened or narrowed, that grade wins over a milder one of its branches.";

/** Why branches that came or went alike at one union are one finding. */
const GROUPED_BRANCHES =
  "Branches added (or removed) at one union that are graded alike are one finding naming them all, at the grade each had: @moovio/sdk 26.2.0 → 26.7.1 turned enums into an anyOf of one const per value beside a string, which read one anyOf.widened per const, 32 at one place and 1,462 in the diff (784 now); a branch graded otherwise (one that may overlap another) stays a finding of its own.";

/** Why a keyword added to an allOf branch is compared with the object's unevaluatedProperties. */
const IN_BRANCH_UNEVALUATED =
  "In draft 2020-12 a name an allOf branch evaluates (its properties, patternProperties or additionalProperties) is no longer the object's unevaluatedProperties' to govern. So additionalProperties or a pattern property written in a branch on one side only is compared with the object's unevaluatedProperties for the names nothing else evaluates: additionalProperties true added to the branch of {allOf: [{properties: {a: string}}], unevaluatedProperties: false} lets every other name in (widened: NON_BREAKING on input, BREAKING on output), where the branch compared alone graded it no change and the proof, flattening the allOf beside the same unevaluatedProperties, called the two equal (validator oracle, 2020-12). Names something else evaluates get the branch's keyword on top of their own schemas, its usual grade. When an applicator beside the allOf (anyOf, oneOf, $ref, if, dependentSchemas, not) or inside another branch may evaluate names, which names the object's unevaluatedProperties governs cannot be told: BREAKING. The subsumption proof reads the old schema's unevaluatedProperties as the rule it sets for every name none of its keywords may evaluate, so additionalProperties {type: string} added to the branch of {properties: {id: string}, allOf: [{properties: {path: string}}], unevaluatedProperties: false} is proven widened (NON_BREAKING on input, BREAKING on output): the branch's keyword compared with true read it type.narrowed, BREAKING on input, though id is a string already and every other name was rejected before.";

/** Why a pattern written on one side only beside unevaluatedProperties is compared with it. */
const PATTERN_BESIDE_UNEVALUATED =
  "A pattern written on one side only of an object that writes unevaluatedProperties that constrains, and no additionalProperties, frees the names it matches from that unevaluatedProperties as it would from additionalProperties: {type: object, properties: {a: {}}, unevaluatedProperties: false} gaining patternProperties {'^x': {}} accepts {xb: 1} after only (@hyperjump/json-schema 2019-09 and 2020-12), yet it read nothing every way (removed, a missed break on input), and with {'^x': {type: string}} patternProperties.narrowed, NON_BREAKING on output (a missed break): the properties, patterns and additionalProperties compared together left the unevaluatedProperties out. It is compared as that object's additionalProperties now, in both differs, where no other keyword of the object may evaluate a name (an allOf of minProperties may not), so the pattern added is patternProperties.widened and removed narrowed, graded by variance. A name another keyword evaluates for certain (an allOf branch's properties) is not the rest's: it is compared as free there, its own schema being that keyword's, so beside allOf [{properties: {b: {}}}] the pattern '^x' added is patternProperties.widened ({xb: 1} accepted after only, {b: 1} both ways), where it read patternProperties.changed, BREAKING on both sides (a false break on input). Where another keyword only may evaluate names (an anyOf branch's properties, which Proxar does not read as certain, a reference it cannot follow such as $ref '#named'), which names the unevaluatedProperties governs is not these keywords' to say: patternProperties.changed, BREAKING on both sides.";

/** Why additionalProperties written on one side only beside unevaluatedProperties is compared with it. */
const REST_BESIDE_UNEVALUATED =
  "A name no property declares is governed by additionalProperties when it is written, even as true, and by unevaluatedProperties only where additionalProperties is absent. So beside an unevaluatedProperties that constrains, additionalProperties written on one side only is compared with the other side's unevaluatedProperties: {type: boolean} or true added beside unevaluatedProperties false lets extra names in (widened: NON_BREAKING on input, BREAKING on output), where reading the absent additionalProperties as true graded {type: boolean} narrowed and true no change (found by the validator oracle in draft 2020-12). When an allOf, anyOf, oneOf, $ref, if, dependentSchemas or not beside them may evaluate names too, which names each governs cannot be told: tool.input.schema.changed / tool.output.schema.changed, BREAKING. " +
  IN_BRANCH_UNEVALUATED;

/** Why an allOf added or removed beside unevaluatedProperties may have no direction. */
const ALL_OF_BESIDE_UNEVALUATED =
  "Beside an unevaluatedProperties that constrains (draft 2020-12), an allOf (or anyOf, oneOf) written on one side only whose branches evaluate a name the other side's unevaluatedProperties governs both constrains and lets that name past it: unless the subsumption proof settles it, the change is tool.input.allOf.changed / tool.output.allOf.changed, BREAKING on both sides. {properties: {id}, unevaluatedProperties: false} gaining allOf [{properties: {depth: integer}, required: [depth]}] rejects every old value and accepts results with depth that the old schema rejected; it was allOf.narrowed, NON_BREAKING on output (a missed break). An allOf whose branches evaluate no new name (allOf [{minProperties: 1}]) still narrows.";

/** Closed to the names no keyword evaluates. */
const CLOSED = { unevaluatedProperties: false } as const;

/** Why a then or else on one side only beside an unevaluated keyword is graded by the proof. */
const BRANCH_BESIDE_UNEVALUATED =
  "Beside an unevaluatedProperties or unevaluatedItems that reads what it marks evaluated (from 2019-09 on), a then or else written on one side only both constrains the values it applies to and lets the names or items it evaluates past that keyword, so the subsumption proof of the whole object grades it: {type: object, properties: {a: {}}, if: {required: [a]}, unevaluatedProperties: false} gaining then {properties: {b: {}}} accepts {a: 1, b: 1} only after (@hyperjump/json-schema 2019-09 and 2020-12), then.widened (BREAKING on output), where a then added read then.narrowed, NON_BREAKING on output (a missed break) and BREAKING on input (a false one); the same for an else, prefixItems beside unevaluatedItems, and an if/then/else added or removed as a whole (if.widened, if.narrowed). Where the proof cannot tell (then {properties: {b: {}}, required: [b]} rejects {a: 1} and accepts {a: 1, b: 1}, or a reference Proxar cannot follow such as $ref '#named' in it), it is then.changed / else.changed (if.changed as a whole), BREAKING on both sides. A then or else that marks nothing such a keyword reads (required alone, or properties beside unevaluatedItems alone), or with no such keyword, is a conjunct: added, narrowed.";

/** Why a then or else that constrains no value reads nothing, changed or on one side only. */
const INERT_BRANCH =
  "A then or else that constrains no value changes no verdict, and reads nothing but its prose and the keywords the engine does not model: one its if never leads to (a then under if: false or another if that rejects every value, an else under if: true or {}), and one that accepts every value ({}, {minProperties: 0} beside an object) written on one side only where no unevaluatedProperties or unevaluatedItems reads it. {type: object, if: false, then: {required: [a, b]}} accepts {} and {a: 1}, as with required [a] (@hyperjump/json-schema 2020-12), yet the change read required.added, BREAKING on input (a false break); a then {} added beside if {required: [a]} and else {required: [b]} accepts {a: 1} and {b: 1} and rejects {}, as without it, yet read then.narrowed, BREAKING on input (a false break); and a conditional added or removed as a whole whose branches are all such, {if: {required: [a]}, then: {}}, accepts every object, where it read if.narrowed. Where Proxar cannot tell that the if rejects (or accepts) every value, a reference it cannot follow such as $ref '#named', the branch is read as applying and graded.";

/** Why a dependent schema on one side only beside an unevaluated keyword is graded by the proof. */
const ENTRY_BESIDE_UNEVALUATED =
  "A dependent schema (dependentSchemas, or a schema in dependencies) written on one side only beside an unevaluatedProperties or unevaluatedItems that reads what it marks evaluated is graded as a then or else is there: it constrains the objects holding its name and lets the names it evaluates past that keyword, so the subsumption proof of the whole object decides. {type: object, properties: {a: {}}, unevaluatedProperties: false} gaining dependentSchemas {a: {properties: {b: {}}}} accepts {a: 1, b: 1} after only (@hyperjump/json-schema 2019-09 and 2020-12): dependentSchemas.widened (BREAKING on output), where it read dependentSchemas.narrowed, NON_BREAKING on output (a missed break), and removed read dependentSchemas.widened, NON_BREAKING on input (a missed break). A dependent schema that every value of the other side meets holds wherever it applies, which the proof now reads so: one that accepts every value, and one that constrains only names the other side rejects, as b: {type: string} beside unevaluatedProperties: false ({a: 1, b: 'x'} accepted after only, {a: 1, b: 1} rejected both ways, @hyperjump/json-schema 2019-09 and 2020-12), dependentSchemas.widened added, where it read dependentSchemas.changed, BREAKING on both sides (a false break on input). Where the proof finds no direction (the entry also requires b, or holds a reference Proxar cannot follow such as $ref '#named'), it is dependentSchemas.changed, BREAKING on both sides. One that marks nothing such a keyword reads (required alone), or with no such keyword, is a conjunct: added, narrowed.";

/** Why a contains on one side only beside unevaluatedItems is graded by the proof. */
const CONTAINS_BESIDE_UNEVALUATED =
  "In draft 2020-12 the items a contains matches are evaluated, so beside an unevaluatedItems that sees it, a contains written on one side only both requires a matching item and lets the matching items past that keyword: {type: array, unevaluatedItems: false} gaining contains {type: number} rejects [] and accepts [1] and [1, 2] (@hyperjump/json-schema 2020-12), and with minContains 0 it only lets them in; it read contains.narrowed, NON_BREAKING on output (a missed break), and removed contains.widened, NON_BREAKING on input (a missed break). The subsumption proof of the whole object grades it now, and where it finds no direction (it cannot tell which items a contains evaluates) it is contains.changed, BREAKING on both sides, also for a 2019-09 schema, where contains evaluates nothing by the specification (the JSON Schema Test Suite's contains tests for unevaluatedItems are 2020-12 only) while ajv 8 and @hyperjump/json-schema mark its items evaluated there too, so the validator decides and Proxar errs toward BREAKING. A contains beside minContains 0 (and no maxContains) requires no item: written on one side only it only lets items past unevaluatedItems, so added it is contains.widened (NON_BREAKING on input, BREAKING on output) and removed contains.narrowed, where it read contains.changed, BREAKING on both sides (a false break on input): [1] is accepted under {type: array, minContains: 0, contains: {type: number}, unevaluatedItems: false} and rejected without the contains (@hyperjump/json-schema 2020-12; ajv 8 accepts the same values either way); where no unevaluatedItems reads it, it constrains nothing and reads nothing but its prose. With no such keyword any other contains is a conjunct: added, narrowed.";

/** Why a tuple position added to an allOf branch beside unevaluatedItems is graded by the proof. */
const TUPLE_BESIDE_UNEVALUATED =
  "Beside an unevaluatedItems that constrains (2019-09 on), the items a tuple position of an allOf branch holds are that branch's to evaluate, so a position added there lets its item past unevaluatedItems: {type: array, allOf: [{prefixItems: [{}]}], unevaluatedItems: false} accepts [1, 2] only with two positions (@hyperjump/json-schema 2020-12; items written as a list, 2019-09, alike). The branch compared alone changes no value, so the subsumption proof of the whole allOf grades it: allOf.widened, NON_BREAKING on input and BREAKING on output, and removed, allOf.narrowed; forward on input and reversed on output it read nothing (the walk kept only the branch findings that agreed with the proof, and there were none), as it did with the branch's text reworded beside it. Where the proof cannot tell which items either side evaluates (a reference it cannot follow beside the keyword) and the branches show no value change, it is allOf.changed, BREAKING on both sides, where it read nothing every way.";

/** Why a union branch kept unchanged needs no comparison of its parts. */
const KEPT_BRANCH =
  "A branch kept unchanged is in the other side's union whatever it holds, so the union is graded by the branches that changed: anyOf [oneOf [[string, null], null], integer] → anyOf [oneOf [[string, null], null], number] widens the union, although the oneOf, whose own branches overlap (it accepts no null), cannot be compared part by part (found by the validator oracle). A schema wrapped whole as a branch (anyOf [X, null]) is paired with that branch even when X holds a combination keyword of its own, as an object with an allOf beside its properties: it was compared keyword by keyword with the bare anyOf, and its properties read as removed (BREAKING on input).";

/** Why a union whose properties moved between branches is compared as plain sets. */
const FLATTENED_UNION =
  "The variants of a discriminated union look alike but for their tag, so a tag both hold alike (a property held to one value by const or a one-value enum, as zod 4 and zod 3 write it) pairs two branches: mongodb-mcp-server 1.7.0 → 2.1.1 opened the three variants of explain's method and dropped the descriptions inside them, and the variants read as branches that cannot be paired (anyOf.changed, BREAKING) with no description reported; each variant is now compared with its own (additionalProperties widened, NON_BREAKING on input, BREAKING on output; each description removed, POTENTIALLY_BREAKING). Branches that cannot be paired (a union of objects flattened into one object, as a discriminated union rewritten with an enum tag) are graded by the proof when it holds and changed when it does not. The proof asks each object to name the same properties on both sides, since a property added or removed is graded by its own convention; when the property paths of both sides are the same and only moved between branches, it compares plain sets: anyOf [{x} closed, {y} closed] → {x, y} closed widens (NON_BREAKING on input, BREAKING on output), where it was changed, BREAKING both ways (found by the validator oracle: no value the old input accepted is rejected). Branches written alike but for their prose (duplicates, reworded together), reaching the same definitions, are the same list of schemas: oneOf [{string, 'A'}, {string, 'A'}] → both 'B' read oneOf.changed, BREAKING, beside the prose, every way, since they cannot be paired one to one; now their prose alone (description.changed, graded by the prose classifier).";

/** Why a conjunct that is a branch of the other side needs no comparison of its parts. */
const KEPT_CONJUNCT =
  'A conjunct equal to the other side\'s schema, or to one of its union branches, is in it whatever it holds (equal but for annotations that change no value, at any depth: title, description, $comment, examples, default, deprecated, readOnly, writeOnly, vendor extensions, discriminator; a definition D, a oneOf whose branches overlap, that is a conjunct of B beside C = anyOf [D, null], gaining a description read anyOf.narrowed at a union holding B, BREAKING on input, one way and anyOf.widened the other (validator oracle, chains)): allOf [oneOf [integer, enum [1, "a"]]] → allOf [anyOf [that oneOf, null]] widens, although the oneOf, whose branches overlap (it rejects 1), cannot be compared branch by branch; and a conjunct both sides share is set aside, so allOf [that oneOf, string] → allOf [that oneOf, anyOf [string, null]] is no change (both accept "a" only). Found by the validator oracle. A conjunct that accepts every value (true, annotations only, a lone $ref to such) is no conjunct there: allOf [that oneOf, true] → allOf [anyOf [that oneOf, null], true] read one conjunct removed and another added, allOf.narrowed, BREAKING on input, beside allOf.widened (validator oracle, seed 43), and is allOf.widened. A conjunct written twice (a definition referred to twice) is one, and a union branch whose conjuncts are each one of the other side\'s, or a union branch of one, holds it too: allOf [B, A] → allOf [B, anyOf [A, null]], A itself allOf [B, a oneOf whose branches overlap], widens. The property names both sides must declare for a proof of a whole combination are read through the references of their union branches as through those of their conjuncts: anyOf [{$ref C}, null] names what C names, so allOf [{$ref C}, X] → allOf [anyOf [{$ref C}, null], X] with C {properties: {z: {}}}, which accepts every value, read allOf.narrowed or allOf.widened, BREAKING one way, and is no change (validator oracle, definitions that loop back through X). Where the proof decides neither way, a conjunct that one side wraps in an anyOf (X → anyOf [X, null]) is compared with that anyOf, and the one conjunct that constrains on each side (the others true or annotations only) with the other whatever its form, where each read one conjunct removed and another added (allOf.narrowed beside allOf.widened, a BREAKING each way): anyOf.widened at the branch, and a keyword Proxar does not model changed in it is named there, BREAKING.';

/** Why a conjunct written apart from the keywords beside it is read merged into them. */
const CONJUNCT_BESIDE =
  "A conjunct written apart beside other keywords, an allOf branch or X of not: {not: X}, constrains what it would constrain beside them: {type: string, allOf: [{minLength: 1}]} and {type: string, not: {not: {minLength: 1}}} accept what {type: string, minLength: 1} accepts (ajv, draft-07 and 2020-12), yet the move read minLength.narrowed, BREAKING on input, one way and not.narrowed the other. Where the two sides write a place's allOf or not otherwise, both differs read its conjuncts merged into the keywords beside them, so equal schemas read no change, and a real change moved with it is graded as that keyword's, named where the file writes it (minLength 1 → allOf [{minLength: 2}] is minLength.narrowed at allOf.0.minLength, BREAKING on input). A conjunct's own conjuncts are read with it (allOf [{allOf [{minLength: 1}]}]), a branch that accepts everything (true, {}) conjoins nothing, and a branch that is a lone local $ref conjoins its target when that refers nowhere itself (a change there is named at the $ref). A keyword written twice holds the tighter value, as ajv applies both (allOf [{minLength: 1}, {minLength: 2}] is minLength 2; likewise the other length and count bounds, minimum and maximum and their numeric exclusive forms, a multipleOf that divides the other, uniqueItems, and required names, which add up). An annotation in a conjunct (description, title, examples, deprecated, readOnly, writeOnly) goes with it and is compared as prose where the file writes it; one the place or an earlier conjunct writes otherwise stays apart, in an allOf branch of annotations only, and is compared there ({type: string, description: 'e', allOf: [{minLength: 1, description: 'd'}]} → {type: string, minLength: 1, description: 'e'} is 'd' removed, graded by the prose classifier, where the place was left as written and read minLength.narrowed, BREAKING on input). A branch of additionalProperties: false alone sees no properties, so it closes objects to every one: against a side closed by additionalProperties at that place, it is read as each declared property taking nothing ({properties: {a: string}, allOf: [{additionalProperties: false}]} → {properties: {a: string}, additionalProperties: false} widens, NON_BREAKING on input, where it read additionalProperties.narrowed BREAKING; ajv accepts only {} before). Each read a narrowing one way, BREAKING on input, between schemas ajv reads alike. A place is merged only when every conjunct can be: keywords that assert alone, none beside it with another value it cannot conjoin (two patterns), no other additionalProperties, additionalItems, then, else or min/maxContains apart from the keywords they read, no $ref (draft-07 ignores what stands beside one), unevaluatedProperties or nullable at the place, no default with another value beside it, no false branch, and no $defs, $id or $anchor in a conjunct; otherwise the allOf or not is compared as written.";

/** Why an allOf of objects and the object merging them are the same. */
const MERGED_ALL_OF =
  "An allOf of objects and one object holding all their properties and required names accept the same values: zod 3 writes an intersection as the first and zod 4 as the second, and the proof takes the branches together, so the move is no change (and closing the merged object, as zod 4 does on output, a narrowing). Branches that cannot be paired one to one are graded by that proof when it holds, and changed when it does not. A branch added that declares nothing but optional properties new to an open object is those properties added (property.added), as they would be in properties.";

const TUPLE_LENGTH =
  "A position past the most items a schema admits (its maxItems, or the length of a tuple whose rest schema is false) holds no item, so what a schema says of it constrains nothing. zod 3 ends a tuple with maxItems and zod 4 with items: false: the two admit the same arrays and compare equal, where the move was graded a narrowing of items (BREAKING on input). A rest schema that becomes reachable widens whatever it is written as.";

/** Why an item past the listed positions is compared with the unevaluatedItems beside them. */
const PAST_POSITIONS =
  "Past the positions a schema lists, beside its unevaluatedItems and no items or additionalItems of its own, an item is unevaluatedItems' unless a keyword beside evaluates it: {type: array, prefixItems: [{}, {}], allOf: [{minItems: 0}], unevaluatedItems: false} → one position rejects [1, 2] (@hyperjump/json-schema 2020-12; items as a list in 2019-09, with or without such a keyword, alike), so the position removed is items.narrowed (BREAKING on input) and added items.widened (BREAKING on output), as without the allOf; with any keyword beside (allOf, anyOf, if, contains, a $ref) or, in 2019-09, an items list, it read nothing every way, the item compared with no schema. An item a keyword beside evaluates for certain (an allOf branch's prefixItems that reaches it) is held by that keyword and compared as before (no finding for a position it covers). Where Proxar cannot tell whether one is evaluated (a reference it cannot follow such as $ref '#named' or a $dynamicRef, a contains, a branch that may apply), the change goes either way: items.narrowed or items.widened, BREAKING on both sides. The catch-all differ reads such an item so too, where it compared it with no schema: {type: array, prefixItems: [{}, {type: [string, number]}], allOf: [{minItems: 0}], unevaluatedItems: {type: string}} losing position 1 rejects [1, 2] and accepts [1, 'a'] (@hyperjump/json-schema 2020-12), a narrowing, yet the catch-all read the reverse as a narrowing too, a false keyword.changed BREAKING on input beside the walk's widening; where it cannot tell, it reads keyword.changed, BREAKING on both sides.";

/** A spec whose rationale also says how a tuple's length counts. */
function withTupleLength(spec: Spec): Spec {
  return {
    ...spec,
    rationale: `${
      spec.rationale ?? RATIONALE[spec.change as Effect] ?? RATIONALE.changed
    } ${TUPLE_LENGTH}`,
  };
}

const INTEGER_BOUNDS =
  "Where both sides accept integers only (type integer, or a list of integer and non-numeric types such as null), a bound is compared as the integers it admits: minimum 1, minimum 0.5 and exclusiveMinimum 0 admit the same integers, so a move between them is no change on either side (zod writes .min(1) as the first and .positive() as the third; @cyanheads/git-mcp-server 2.3.2 → 2.5.8 moved an integer parameter from one to the other, graded a widening, and the move back BREAKING on input). Where either side also accepts other numbers, or has no type, the bounds are compared as written: 0.5 passes exclusiveMinimum 0 and fails minimum 1.";

const ENUM_BOUNDS =
  "A side that lists its values (an enum or const on the same schema) gains or loses only listed numbers between the two bounds, so a bound moved, added or removed past none of them is no finding: open-meteo-mcp-server 1.1.3 → 2.1.0 replaced past_days {type: integer, enum: [1, 2]} with {type: integer, minimum: 1, maximum: 92}, graded minimum and maximum narrowed, BREAKING on input, though 1 and 2 pass both (the enum removed, enum.widened, says what changed). A listed value the move takes away or lets in keeps the variance grade, and the message names it (forecast_days enum [45, 92, 183, 274] → maximum 217 rejects 274). Values listed in an allOf branch, or in every branch of an anyOf or oneOf together, are read the same way (the schema accepts no other number): {type: integer, allOf: [{enum: [1, 2]}]} gaining minimum 1 is no finding. Values listed behind a $ref, or a union branch that lists none, are not read: there the bound keeps its grade.";

const ENUM_MULTIPLE_OF =
  "A side that lists its values (an enum or const on the same schema) loses only listed numbers the new multipleOf rejects and gains only listed numbers the old one rejected, so a multipleOf added, removed or changed that every listed value passes is no finding: {type: number, enum: [2, 4, 6]} gaining multipleOf 2 read multipleOf.narrowed, BREAKING on input, though ajv (draft-07 and 2020-12) accepts the same values before and after. A change that only lets listed values in or only takes them away widens or narrows (3 → 5 beside [15] and [15, 5]). A listed value it takes away or lets in keeps the variance grade, and the message names it ([2, 4, 5] gaining multipleOf 2 rejects 5); a number passes as ajv tests it, n / multipleOf an integer, so 0.3 fails multipleOf 0.1. Values listed in an allOf branch, or in every branch of an anyOf or oneOf together, are read the same way: {type: integer, anyOf: [{enum: [2, 4]}, {const: 6}]} gaining multipleOf 2 read multipleOf.narrowed, BREAKING on input, and is no finding now. Values listed behind a $ref, a union branch that lists none, or a side that lists none leave multipleOf graded by variance. Two integer multipleOf conjuncts hold together what their least common multiple holds: {allOf: [{multipleOf: 4}, {multipleOf: 6}]} → {multipleOf: 12} read allOf.narrowed and multipleOf.narrowed, BREAKING on input, though ajv accepts the same values; now no finding, and against 24 multipleOf.narrowed alone. Conjuncts that are not integers (0.4 and 0.6) are not merged: ajv divides in floating point, so Proxar claims nothing there and grades the change as written.";

/** additionalProperties false in an allOf branch moved beside the properties it closes over. */
const CLOSED_BRANCH =
  "Beside an allOf added or removed, the subsumption proof of the whole node decides: additionalProperties false in an allOf branch sees only that branch's properties (ajv), so {properties: {a}, allOf: [{properties: {b}, additionalProperties: false}]} rejects every object holding a, and {properties: {a, b}, additionalProperties: false} accepts every value it accepted; that read additionalProperties.narrowed, BREAKING on input, beside allOf.widened, and now allOf.widened alone (a finding at the node that says the opposite of a one-way proof goes, and any that says values went either way where the proof finds the same values both ways; where the proof finds no direction, every finding stays).";

/** A spec whose rationale also says how multipleOf beside listed values compares. */
function withEnumMultipleOf(spec: Spec): Spec {
  return { ...spec, rationale: `${RATIONALE[spec.change as Effect]} ${ENUM_MULTIPLE_OF}` };
}

/** A spec whose rationale also says how bounds on integers and beside listed values compare. */
function withIntegerBounds(spec: Spec): Spec {
  return {
    ...spec,
    rationale: `${RATIONALE[spec.change as Effect]} ${INTEGER_BOUNDS} ${ENUM_BOUNDS}`,
  };
}

/** What each effect means for the values a schema accepts, in the words of a summary. */
const SUMMARY_OF = {
  widened: "widened (accepts more values)",
  narrowed: "narrowed (accepts fewer values)",
  changed: "changed (neither accepts all the values the other does)",
};

function family(
  aspect: string,
  what: string,
  examples: Partial<Record<"widened" | "narrowed" | "changed", [JsonValue, JsonValue, string]>>,
): Spec[] {
  return (["widened", "narrowed", "changed"] as const).flatMap((change) => {
    const ex = examples[change];
    if (!ex) return [];
    return [{
      aspect,
      change,
      severity: change === "widened" ? W : change === "narrowed" ? N : C,
      summary: `${what} ${SUMMARY_OF[change]}`,
      old: ex[0],
      new: ex[1],
      path: ex[2],
    }];
  });
}

function bounds(
  aspect: string,
  type: string,
  low: number,
  high: number,
  min: boolean,
  beside: JsonObject = {},
): Spec[] {
  const s = (n: number) => v({ type, ...beside, [aspect]: n });
  const p = `properties.v.${aspect}`;
  const specs = family(aspect, `${aspect}`, {
    widened: min ? [s(high), s(low), p] : [s(low), s(high), p],
    narrowed: min ? [s(low), s(high), p] : [s(high), s(low), p],
  });
  if (!min && aspect !== "maxContains") return specs;
  const why = aspect === "minContains"
    ? MIN_CONTAINS
    : aspect === "maxContains"
    ? MAX_CONTAINS
    : ZERO_COUNT(aspect);
  return specs.map((spec) => ({
    ...spec,
    rationale: `${RATIONALE[spec.change as Effect]} ${why}`,
  }));
}

/** Why an absent minContains is 1, not 0. */
const MIN_CONTAINS =
  "Beside contains, a minContains left out means 1 (at least one item matches contains), so removing minContains 0 narrows, removing 1 is no change and removing 2 widens; without contains, minContains constrains nothing.";

/** Why maxContains without contains is no bound. */
const MAX_CONTAINS =
  "maxContains counts the items that match the contains beside it; without contains it constrains nothing (JSON Schema 2020-12), so a maxContains added, removed or changed where either side has no contains is no finding: no value is accepted or rejected for it, and it is no prose a model reads. A contains added or removed beside it is graded by contains.";

/** Why a lower count bound of 0 is no bound. */
const ZERO_COUNT = (aspect: string) =>
  `Every length or count is at least 0, so ${aspect} 0 (or less) accepts every value: written or left out, it is no change, and a bound moved from 0 to 1 is graded as one added.`;

function presence(aspect: string, a: string, b: string, type = "string"): Spec[] {
  const p = `properties.v.${aspect}`;
  return family(aspect, `${aspect}`, {
    widened: [v({ type, [aspect]: a }), v({ type }), p],
    narrowed: [v({ type }), v({ type, [aspect]: a }), p],
    changed: [v({ type, [aspect]: a }), v({ type, [aspect]: b }), p],
  });
}

function position(
  aspect: string,
  holder: JsonObject,
  key: string,
  label = `the ${key} schema`,
): Spec[] {
  const p = `properties.v.${key}`;
  return family(aspect, label, {
    widened: [v({ ...holder, [key]: false }), v(holder), p],
    narrowed: [v(holder), v({ ...holder, [key]: false }), p],
  });
}

function combinator(aspect: "anyOf" | "oneOf" | "allOf"): Spec[] {
  // Satisfiable branches (an allOf of string and integer accepts nothing, so changing it
  // changes nothing), disjoint for oneOf.
  const [two, three] = aspect === "allOf"
    ? [[{ type: "string" }, { minLength: 1 }], [{ type: "string" }, { minLength: 1 }, {
      maxLength: 10,
    }]]
    : [[{ type: "string" }, { type: "integer" }], [{ type: "string" }, { type: "integer" }, {
      type: "boolean",
    }]];
  const [more, fewer] = aspect === "allOf" ? [two, three] : [three, two];
  const p = `properties.v.${aspect}`;
  return family(aspect, `${aspect} branches`, {
    widened: [v({ [aspect]: fewer }), v({ [aspect]: more }), p],
    narrowed: [v({ [aspect]: more }), v({ [aspect]: fewer }), p],
    changed: [
      v({ [aspect]: [{ type: "string", minLength: 1 }] }),
      v({ [aspect]: [{ type: "string", maxLength: 2 }, { type: "string", maxLength: 3 }] }),
      p,
    ],
  });
}

function dependency(aspect: string, a: JsonValue, b: JsonValue, mixed: JsonValue): Spec[] {
  const o = (
    x?: JsonValue,
  ) => (x === undefined ? { type: "object" } : { type: "object", [aspect]: { a: x } });
  return family(aspect, `${aspect}`, {
    widened: [o(a), o(), aspect],
    narrowed: [o(), o(a), aspect],
    changed: [o(a), o(mixed === null ? b : mixed), aspect],
  });
}

function fixed(
  aspect: string,
  keyword: string,
  severity: Pair,
  a: JsonValue,
  b: JsonValue,
  summary: string,
  rationale: string,
): Spec {
  return {
    aspect,
    change: "changed",
    severity,
    summary,
    old: v({ type: "integer", [keyword]: a }),
    new: v({ type: "integer", [keyword]: b }),
    path: `properties.v.${keyword}`,
    rationale,
  };
}

const SAFE = Number.MAX_SAFE_INTEGER;

/** Why the safe-integer rules have no output twin. */
const outputSafeLimit = (aspect: string): string =>
  `On an output schema the bound is the server's promise that its integers fit a double, so it is graded by variance like any bound, as the engine specification grades every output widening: removing it, or moving it past the limit, is tool.output.${aspect}.widened (BREAKING), since consumers that generated 53-bit integer types from it may now receive integers they read inexactly; adding it is tool.output.${aspect}.narrowed (NON_BREAKING).`;

function safeIntegerLimit(aspect: string, a: JsonValue, b: JsonValue): Spec {
  return {
    aspect,
    change: "safeIntegerLimit",
    severity: NB,
    summary: `An integer's ${aspect} moved to or from the safe-integer limit`,
    old: a,
    new: b,
    path: `properties.v.${aspect}`,
    rationale:
      `zod's .int() writes minimum -9007199254740991 and maximum 9007199254740991 on every integer, so a dependency upgrade adds them to every integer parameter of a server. No integer that a JSON client can send exactly lies beyond them (RFC 7493, section 2.2: integers within 2^53 - 1), so on an input schema that accepts integers only, adding or removing such a bound rejects no call that interoperates: NON_BREAKING, and listed so that the schema change stays visible. The integer type and the other constraints may come from a definition that a local $ref beside the bound reaches. The bound may also stand in a branch of an anyOf, oneOf or allOf: zod 4 writes a nullable .int() as anyOf [{type: integer, minimum, maximum}, {type: null}] where zod 3 wrote {type: [integer, null]}, and the union proof reads the limit as the bounds do, so the move is reported as this finding where the bound is written, not as the union narrowed. The exemption holds only while both sides accept some safe integer: a bound that leaves the schema accepting none (minimum 1e16 with maximum 9007199254740991, or an enum or const of integers beyond the limit), or that takes away every integer it accepted, is graded by variance (tool.input.${aspect}.narrowed, BREAKING). So is a bound on a schema whose safe integers Proxar cannot decide (a fractional multipleOf), on a side that also accepts other numbers (1e20 is an exact double), under not, or moving between the limit and a real value such as 100. There is no output twin. ${
        outputSafeLimit(aspect)
      }`,
  };
}

/** Why a nonstandard format has no output twin. */
const OUTPUT_NONSTANDARD_FORMAT =
  "On an output schema a format added is tool.output.format.narrowed (NON_BREAKING): every value the server now returns was already allowed. A format removed or replaced is tool.output.format.widened or changed (BREAKING) whether JSON Schema defines it or not, since consumers that know the format may have generated types or checks from it.";

const NONSTANDARD_FORMAT: Spec = {
  aspect: "format",
  change: "nonstandard",
  severity: PB,
  summary: "A format JSON Schema does not define was added, or replaced another format",
  old: v({ type: "string" }),
  new: v({ type: "string", format: "cuid" }),
  path: "properties.v.format",
  rationale:
    `JSON Schema defines a closed list of formats (draft 2020-12: date-time, date, time, duration, email, idn-email, hostname, idn-hostname, ipv4, ipv6, uri, uri-reference, iri, iri-reference, uuid, uri-template, json-pointer, relative-json-pointer, regex; drafts 07 and 2019-09 define a subset of it). zod 4 writes many others (cuid, cuid2, nanoid, ulid, xid, ksuid, base64, base64url, cidrv4, e164, jwt, emoji, starts_with …) beside a pattern that zod 3 wrote alone. A validator that does not know a format ignores it: the MCP SDK's ajv runs with strict off and only warns ("unknown format ignored"), so calls it accepted stay accepted. The formats that validator does check although JSON Schema does not define them (ajv-formats' url, iso-time, iso-date-time, json-pointer-uri-fragment, byte, int32, int64, float, double) are graded as defined formats. A validator that defines the format may reject calls it accepted before. So a nonstandard format added to an input schema, or put in place of another format, may break some callers: POTENTIALLY_BREAKING, where a defined format added is tool.input.format.narrowed and one replaced tool.input.format.changed (BREAKING). The same holds in a branch of anyOf, oneOf or allOf: the proofs that grade a union or conjunction as a whole read a nonstandard format the new input schema gains as none, so the branch's own finding says what changed rather than a narrowing of the union. A nonstandard format removed is tool.input.format.widened (NON_BREAKING), and under not, or in a branch of a oneOf that may overlap another (where a format ignored makes the branch accept more, and so the oneOf fewer), a format is graded by variance like any keyword. Set severity_overrides to BREAKING when your servers validate with a validator that defines these formats. There is no output twin. ${OUTPUT_NONSTANDARD_FORMAT}`,
};

/** Rules of the input side only; each has a waiver in {@link SYMMETRY_WAIVERS}. */
const INPUT_ONLY: Spec[] = [
  safeIntegerLimit("minimum", v({ type: "integer" }), v({ type: "integer", minimum: -SAFE })),
  safeIntegerLimit(
    "maximum",
    v({ type: "integer", minimum: 1 }),
    v({ type: "integer", minimum: 1, maximum: SAFE }),
  ),
  NONSTANDARD_FORMAT,
];

const DEPTH = MAX_WALK_DEPTH;

function deep(levels: number): JsonObject {
  let s: JsonObject = { type: "string" };
  for (let i = 0; i < levels; i++) s = { type: "object", properties: { v: s } };
  return s;
}

/**
 * Every spec but INPUT_ONLY's, built when first asked: a diff reads only the rules' ids, which
 * `_schema_rule_index.ts` lists, and building these specs' schemas and examples was most of
 * loading this module. A rule added, removed or renamed here (or its gradedBy changed): run
 * `deno run -A scripts/gen_schema_rule_index.ts` (tests/rules/schema_rule_index_test.ts says so).
 */
const specs = (): Spec[] => [
  ...family("type", "type", {
    widened: [v({ type: "integer" }), v({ type: "number" }), "properties.v.type"],
    narrowed: [v({ type: ["string", "null"] }), v({ type: "string" }), "properties.v.type"],
    changed: [v({ type: "string" }), v({ type: "boolean" }), "properties.v.type"],
  }).map((spec) => ({
    ...spec,
    rationale: `${
      RATIONALE[spec.change as Effect]
    } ${LISTED_TYPES} ${NAME_TYPES} ${EXCLUDED_TYPES}`,
  })),
  ...family("enum", "allowed values (enum, const)", {
    widened: [
      v({ enum: ["open", "closed"] }),
      v({ enum: ["open", "closed", "all"] }),
      "properties.v.enum",
    ],
    narrowed: [
      v({ enum: ["open", "closed", "all"] }),
      v({ enum: ["open", "closed"] }),
      "properties.v.enum",
    ],
    changed: [
      v({ enum: ["open", "closed"] }),
      v({ enum: ["open", "merged"] }),
      "properties.v.enum",
    ],
  }),
  ...bounds("minimum", "integer", 0, 1, true).map(withIntegerBounds),
  ...bounds("maximum", "integer", 50, 100, false).map(withIntegerBounds),
  {
    aspect: "unusedDefinition",
    change: "changed",
    severity: DOC,
    summary: "A definition that no reference reaches changed",
    old: {
      type: "object",
      properties: { id: { type: "string" } },
      $defs: { page: { type: "string" } },
    },
    new: {
      type: "object",
      properties: { id: { type: "string" } },
      $defs: { page: { type: "integer" } },
    },
    path: "$defs.page",
    rationale:
      "A $defs (or definitions) entry constrains values only through the references that reach it. Some servers copy every definition of their API into every tool (Notion's, generated from OpenAPI), so one change to a shared definition made each tool that never uses it fail as BREAKING. When no local reference reaches the entry from outside the definitions, on either side, its change constrains no call and no result: DOCUMENTATION on both sides. Reached entries are compared where they are used; a change that comes out alike at several places using one entry (same rule, grade and values) is reported once, at the entry, naming those places, while a use that grades it otherwise (under not) keeps its own finding. When a reference cannot be followed as a local JSON pointer (an $anchor, a remote or $id-relative URI, $dynamicRef), every definition counts as reached and is compared as before.",
  },
  ...bounds("minLength", "string", 0, 1, true),
  ...bounds("maxLength", "string", 50, 100, false),
  ...bounds("minItems", "array", 0, 1, true),
  ...bounds("maxItems", "array", 10, 20, false).map(withTupleLength),
  ...bounds("minProperties", "object", 0, 1, true),
  ...bounds("maxProperties", "object", 5, 10, false),
  ...bounds("minContains", "array", 1, 2, true, { contains: { type: "string" } }),
  ...bounds("maxContains", "array", 2, 4, false, { contains: { type: "string" } }),
  ...family("multipleOf", "multipleOf", {
    widened: [
      v({ type: "integer", multipleOf: 10 }),
      v({ type: "integer", multipleOf: 5 }),
      "properties.v.multipleOf",
    ],
    narrowed: [
      v({ type: "integer", multipleOf: 5 }),
      v({ type: "integer", multipleOf: 10 }),
      "properties.v.multipleOf",
    ],
    changed: [
      v({ type: "integer", multipleOf: 3 }),
      v({ type: "integer", multipleOf: 5 }),
      "properties.v.multipleOf",
    ],
  }).map(withEnumMultipleOf),
  ...presence("pattern", "^[a-z]+$", "^[0-9]+$").map((spec) =>
    spec.change === "changed"
      ? {
        ...spec,
        summary: "pattern changed: neither contains the other, or Proxar cannot compare them",
        rationale:
          "Patterns are compared as regular languages (with refa): a pattern whose strings all match the other is a widening or a narrowing (NON_BREAKING or BREAKING depending on whether the schema is an input or an output). When neither contains the other, or when a pattern cannot be turned into an automaton (a backreference, a lookaround it cannot resolve, more states than the cap), some old calls or some consumers may break: BREAKING on both sides, with the reason in the message.",
      }
      : spec.change === "narrowed"
      ? {
        ...spec,
        rationale: `${RATIONALE.narrowed} ${ZOD_PATTERN}`,
        more: [{
          title: "zod 4's email pattern added beside an unchanged email format",
          old: v({ type: "string", format: "email" }),
          new: v({ type: "string", format: "email", pattern: ZOD_EMAIL }),
          severity: ["POTENTIALLY_BREAKING", "NON_BREAKING"] as Pair,
        }],
      }
      : spec
  ),
  ...presence("format", "date", "date-time").map((spec) => ({
    ...spec,
    rationale: `${
      RATIONALE[spec.change as Effect]
    } A format JSON Schema does not define (zod 4's cuid, nanoid …), added to an input schema or put in place of another format, is tool.input.format.nonstandard (POTENTIALLY_BREAKING) instead: validators that do not know it ignore it.`,
  })),
  ...presence("contentEncoding", "base64", "base32"),
  ...presence("contentMediaType", "application/json", "text/csv"),
  ...family("uniqueItems", "uniqueItems", {
    widened: [
      v({ type: "array", uniqueItems: true }),
      v({ type: "array" }),
      "properties.v.uniqueItems",
    ],
    narrowed: [
      v({ type: "array" }),
      v({ type: "array", uniqueItems: true }),
      "properties.v.uniqueItems",
    ],
  }),
  {
    aspect: "required",
    change: "added",
    severity: N,
    summary: "A property became required, or a required property was added",
    old: {
      type: "object",
      properties: { q: { type: "string" }, repo: { type: "string" } },
      required: ["q"],
    },
    new: {
      type: "object",
      properties: { q: { type: "string" }, repo: { type: "string" } },
      required: ["q", "repo"],
    },
    path: "required",
    rationale:
      "On input, existing calls do not send it and are rejected: BREAKING (the change the seeds name first, search_issues.inputSchema.required). On output, consumers are guaranteed more: NON_BREAKING. On input, when every property made required has a default in its new schema, it is POTENTIALLY_BREAKING instead: zod 4's toJSONSchema, in its default output mode, lists every defaulted field as required while the server still fills the default when a call leaves it out (@supabase/mcp-server-supabase 0.5.10 → 0.6.1, @playwright/mcp), so only clients that validate their arguments against the schema reject such calls. A property without a default beside it, a default only reachable through a $ref, and required under not or in a branch of a oneOf that may overlap another keep the variance grade. So does a default that is not valid against the property's own schema ({type: integer, minimum: 1, default: 0}, a default of the wrong type): the server cannot fill a call with it, so omitting the value cannot work: BREAKING. Formats are checked as the MCP SDK's validator checks them (ajv-formats), and a format no validator knows is ignored, as validators do. When Proxar cannot decide whether the default is valid (a reference that loops back or cannot be followed, an unmodelled keyword, a format JSON Schema defines that ajv-formats does not check, such as idn-email or iri), it stays BREAKING and the message says why. A name every branch of the old anyOf or oneOf that accepts objects required was required of every object already: moved to the object's own required (a discriminated union flattened into one object), it is no finding.",
    more: [{
      title: "A property with a default became required",
      old: {
        type: "object",
        properties: { q: { type: "string" }, limit: { type: "integer", default: 10 } },
        required: ["q"],
      },
      new: {
        type: "object",
        properties: { q: { type: "string" }, limit: { type: "integer", default: 10 } },
        required: ["q", "limit"],
      },
      severity: ["POTENTIALLY_BREAKING", "NON_BREAKING"],
    }, {
      title: "A property whose default its own schema rejects became required",
      old: {
        type: "object",
        properties: { limit: { type: "integer", minimum: 1, default: 0 } },
      },
      new: {
        type: "object",
        properties: { limit: { type: "integer", minimum: 1, default: 0 } },
        required: ["limit"],
      },
      severity: ["BREAKING", "NON_BREAKING"],
    }],
  },
  {
    aspect: "required",
    change: "removed",
    severity: W,
    summary: "A required property became optional",
    old: {
      type: "object",
      properties: { q: { type: "string" }, repo: { type: "string" } },
      required: ["q", "repo"],
    },
    new: {
      type: "object",
      properties: { q: { type: "string" }, repo: { type: "string" } },
      required: ["q"],
    },
    path: "required",
    rationale:
      "On input, callers may now omit it and existing calls stay valid: NON_BREAKING. On output, consumers that relied on it being present break: BREAKING. A required property that disappears altogether is reported as property.removed.",
  },
  {
    aspect: "property",
    change: "added",
    severity: ["NON_BREAKING", "NON_BREAKING"],
    summary: "An optional property was added",
    old: { type: "object", properties: { q: { type: "string" } } },
    new: { type: "object", properties: { q: { type: "string" }, limit: { type: "integer" } } },
    path: "properties.limit",
    rationale:
      "By convention (as in the seeds and in oasdiff), adding an optional input parameter keeps existing calls valid and adding an output field does not break consumers that ignore unknown fields. A property added as required on input is reported as required.added instead. An allOf branch added that declares nothing but optional properties new to an open object (no required, no other constraint beside the properties' own schemas) accepts what the same properties added to properties accept, so each is reported as property.added too, at its place in the branch; a branch that also requires a name, constrains anything else, repeats a name the object declares or meets an object closed to other names keeps the allOf grade. A name the old schema already required (in required or in an allOf branch) is not an optional parameter offered: every caller sent it with any value, so its new schema is compared with that (type.narrowed and the like, BREAKING on input), its own annotations (description, title, deprecated …) going with its declaration, not compared with any value (its description read description.changed POTENTIALLY_BREAKING, 'added (one side is empty)'), and an allOf branch declaring it keeps the allOf grade. So is a name the old schema declared in a conditional place (a dependentSchemas or dependencies entry, then or else, an anyOf or oneOf branch): callers know it and may send it, with any value where that declaration does not apply, so its new schema is compared with what the name could hold before unconditionally, its own annotations going with its declaration as for a name required before (a dependentSchemas entry, a then or an open anyOf branch declaring x: {type: string, description} read description.changed POTENTIALLY_BREAKING, 'added (one side is empty)', beside type.narrowed, and the mirror on removing it; ajv accepts the same values either way). Where every object matched a branch of an anyOf or oneOf that either declares the name or is closed to it (additionalProperties false), the name held before only what those branches declare for it: a union of closed objects flattened into one object ({anyOf: [{properties: {x: string}, additionalProperties: false}, {properties: {y: number}, additionalProperties: false}]} → {properties: {x: string, y: number}}) compares x with the branch's string (no change), not with any value (type.narrowed, BREAKING on input); a branch open to the name keeps the comparison with any value. On output, a property added (optional or required) to an object the old schema closed to other names (additionalProperties false) is POTENTIALLY_BREAKING: the old schema promised no other field, so a consumer that validates results against it (as the MCP SDK client does against the schema it listed) rejects every result that carries the new one; zod 4 closes output objects this way, and most consumers read the new schema, so it warns rather than fails. The same holds for a property added to an allOf branch of an object whose unevaluatedProperties is false (draft 2020-12): the branch evaluates the name, so the object no longer rejects it; and for an allOf branch added there that declares nothing but optional properties no other keyword evaluates (no pattern, no applicator beside the allOf or inside another branch), each reported as property.added at its place in the branch (NON_BREAKING on input, POTENTIALLY_BREAKING on output), where a conjunct added read allOf.narrowed, BREAKING on input, though the branch only lets values in (removed, such a branch is those properties removed from a closed object, property.removed BREAKING on both sides, and no longer also allOf.widened, since the names are rejected again); beside an unevaluatedProperties schema, the new property's schema is compared with it, as with additionalProperties. Other applicators beside it (anyOf, oneOf, $ref, if/then/else, dependentSchemas, another branch) are asked about that name, local references followed: one that never evaluates it (a then declaring other names, a branch that is a $ref to a definition of other names) leaves it to unevaluatedProperties as before, so the grade is that of the same change written inline (a $ref to other names read property.changed, BREAKING on input, where inline read property.added); one that may evaluate it (a union branch or a conditional declaring it, a reference Proxar cannot follow) leaves what the name held before untold: property.changed, BREAKING (validator oracle, 2020-12, where the property added was graded NON_BREAKING). A $ref beside unevaluatedProperties is evaluated with it as an allOf branch is: a property added to the referenced definition of {$ref: Query, unevaluatedProperties: false} is added to a closed object (POTENTIALLY_BREAKING on output, where it read NON_BREAKING), and an allOf branch that is a $ref to a definition declaring only optional properties is those properties added, as the branch written inline. With several links of a $ref chain closing it, the deepest one governs the names the links after it leave: an unevaluatedProperties sees only what its own link and the links its $ref reaches evaluate, so the deepest evaluates every name left in its reach and the outer ones never apply (ajv 8, 2020-12); a property added past it is added to a closed object (NON_BREAKING on input, POTENTIALLY_BREAKING on output), where it read property.changed, BREAKING; the unevaluatedProperties of the links before it never apply (the deepest one evaluates every name in their reach), so the chain is read without them. A link before the one closing the chain is not in its reach, yet that one still governs the names the link declares and its own reach leaves: it stands beside the link as a conjunct (additionalProperties of those names), so a property added there meets it: z added to the root of root (unevaluatedProperties false) → A (unevaluatedProperties false) → B read property.changed, BREAKING in all four cells, and with A alone closing, property.added POTENTIALLY_BREAKING on output and, removed, property.removed BREAKING on both sides, though ajv (2020-12) rejects z on both sides; now property.added, NON_BREAKING, and its removal nothing, as beside an allOf branch closed by additionalProperties false (a property whose name a schema beside it refuses old and new leaves nothing changed when it goes); beside A's unevaluatedProperties {type: string}, z: {minLength: 1} added is allOf.narrowed. Where a union branch or a conditional of the closing link may evaluate the name, it stays property.changed, BREAKING. Another link's unevaluatedProperties is not what governs a name beside the link that adds it (it sees the links its $ref reaches, which its keywords alone do not show): root (unevaluatedProperties string) → A → B (x: integer) with x: {minimum: 0} added to A read property.added, NON_BREAKING on input, though {x: -1} is rejected now; it is allOf.narrowed, and removed there, where B still declares x, allOf.widened alone. Under not, and in a branch of a oneOf that may overlap another branch, the property added is BREAKING on both sides: declaring a name constrains its values, which there may add or remove accepted values either way. Nor is a name that a schema applied beside the property already governed (a patternProperties that matches it or an additionalProperties in another allOf branch, in the object holding the allOf or in another link of a $ref chain, references followed): that schema still applies, so the two meet (allOf: both apply), and their meeting is compared with what governed the name before: allOf.narrowed (BREAKING on input, NON_BREAKING on output) for {yy: {type: string}} added beside {patternProperties: {^y: {type: integer}}}, where {yy: 5} was accepted and is rejected now; allOf.changed, BREAKING on both sides, when the proof cannot tell which way; property.changed, BREAKING, when a union branch or a conditional beside it may govern the name; property.added when the property repeats what governed it (validator oracle review, where each read property.added NON_BREAKING on input). An allOf branch added that declares such a name keeps the allOf grade. The same holds for a patternProperties of the object itself that matched the name before and still matches it: patternProperties apply to declared names too, so the new property meets them, graded patternProperties.narrowed, widened or changed ({patternProperties: {^x: string}} gaining xa: integer accepts nothing under xa: narrowed, NON_BREAKING on output, where the property compared alone read type.changed, BREAKING), and property.added when the values are the same (xa: string beside ^x: {string, minLength: 1} read minLength.widened, BREAKING on output, though ajv accepts the same values); a name several patterns match meets all of them (it read property.changed). An additionalProperties or unevaluatedProperties of annotations only ({description: 'any'}) accepts every value as {} does and governs nothing: a property added beside it is property.added (it read type.narrowed, BREAKING on input, and its description compared with the annotation); beside one that constrains, the property's own annotations are not compared with that schema's. So is a patternProperties entry that accepts every value, which still keeps the names it matches from additionalProperties and unevaluatedProperties ({patternProperties: {^x$: {}}, additionalProperties: false} is open for x, as ajv says): x: string added there read patternProperties.narrowed, BREAKING on input, now property.added; beside one Proxar cannot match, the name is open either way unless something else governs it (property.added, where it read property.changed BREAKING), and property.changed beside additionalProperties false or a schema. A schema that accepts every value though written otherwise (a lone $ref to {} or to annotations only, {minLength: 0}, {anyOf: [true]}, every type listed: the subsumption proof shows true is contained in it) is taken as {} in each of these places: additionalProperties {$ref: D} with D = {description: 'any'} read type.narrowed, BREAKING on input, for x: string added, now property.added; and so where a branch of optional properties asks whether the object is open to other names, and where an object's or a $ref chain link's unevaluatedProperties is asked whether it governs the names left to it: an allOf branch of optional properties added beside additionalProperties {minLength: 0} read allOf.narrowed, BREAKING on input, and x added to a branch or link beside unevaluatedProperties {minLength: 0} read type.narrowed beside property.added, where {} read property.added alone. So does a not of a schema that rejects every value ({not: {not: {}}}, {not: false}, {not: {anyOf: [false]}}), read a few levels deep, which governed the name; one Proxar cannot decide ({not: {type: string, not: {type: string}}}) still governs it.",
  },
  {
    aspect: "property",
    change: "removed",
    severity: C,
    summary: "A property was removed",
    old: { type: "object", properties: { q: { type: "string" }, limit: { type: "integer" } } },
    new: { type: "object", properties: { q: { type: "string" } } },
    path: "properties.limit",
    rationale:
      "On input, callers still send it: a strict server rejects the call and a lenient one silently ignores the argument, so the agent's intent is lost. On output, consumers that read it break. A property declared in an allOf branch (zod 3's intersection) that goes with its branch, declared nowhere in the new schema, is removed too, although dropping a conjunct widens the accepted values; so is a removed branch behind a reference Proxar cannot follow, whose properties may be gone. A name only the branch's if writes is not one it declared: a condition tests a property and declares none, so {properties: {b: {}}, allOf: [{if: {properties: {a: {minLength: 2}}}}], unevaluatedProperties: false} → allOf [{}] is allOf.narrowed alone (BREAKING on input, NON_BREAKING on output: {a: 'ab'} was accepted where the condition held, and is rejected now, @hyperjump/json-schema 2019-09 and 2020-12), where a also read property.removed, BREAKING on both sides (a false break on output), and the branch added read no property.added; a name its then or else declares is still removed with it. A removed property that was required is this one finding: its name leaving required is part of it, not a second finding (required.removed or keyword.changed). A property removed while a schema still governs its name (a patternProperties that matches it, additionalProperties or unevaluatedProperties of the same object, or one in another allOf branch or link of a $ref chain, references followed) is not gone: calls that send it are still checked against that schema and results may still hold it. What the name may hold is compared, the mirror of a property added there: the property's schema with the one that governs the name now when each stands alone, or when the property accepted every value (type.widened and the like, keyword by keyword as for the addition: a: true removed beside additionalProperties {vndVendor: 0, description: 'Limit'} read patternProperties.narrowed, BREAKING on input, the proof unable to show that a keyword no draft defines constrains nothing, though ajv accepts every value under both; the keyword is keyword.unmodelled's, as when the property is added), else what met before (the property and the patterns that matched it) with what meets now (patternProperties or allOf, widened, narrowed or changed); and the removal itself is POTENTIALLY_BREAKING on input (no call is rejected for the name, but the server no longer declares it and may ignore it) and NON_BREAKING on output, where it read BREAKING on both sides though ajv accepts the same values ({properties: {x: string}, additionalProperties: string} → {additionalProperties: string}). A schema there that accepts every value (absent, true, {}, or annotations only such as {description: 'any'} or a vendor extension; a pattern holding one, which also keeps the name from additionalProperties and unevaluatedProperties, and one Proxar cannot match when nothing else governs the name; any schema the subsumption proof shows accepts every value, such as a lone $ref to {} or {minLength: 0}, which read POTENTIALLY_BREAKING on input) governs nothing: the object is open to the name, and equivalent schemas grade the same, so the removal keeps the convention, BREAKING on both sides: an open object says nothing of the names it does not declare, and servers drop them (pydantic's default), so the agent's intent is lost; and results may now hold any value under it ({description: 'any'} read POTENTIALLY_BREAKING on input, beside type.widened and the property's description compared with the annotation). A required input property whose schema accepts one value alone (an object closed to every name, as Speakeasy writes an operation that takes no argument; a const, an enum of one, null, or a lone local $ref to one) removed from an object open to its name is NON_BREAKING on input: every call had to send that one value, the new schema still accepts it, and a server that ignores it loses nothing the caller chose (@moovio/sdk 25.7.0 → 26.2.0's ping-ping and six tools like it dropped request: {type: object, properties: {}, additionalProperties: false}, which read BREAKING, beside keyword.changed BREAKING from the catch-all); optional (sending it was the caller's choice), with two values or more, closed to the name now, under not, or behind a reference Proxar cannot follow, it keeps the convention, and on output consumers that read it still break. One that constrains the names it governs ({type: string}) takes them as data the server checks (a map of labels, headers, environment variables), so a call that sends the name may still be served: a warning. The property's own annotations (title, description, default, examples, deprecated, readOnly, writeOnly, $comment, vendor extensions) go with its declaration and are not compared with the governing schema's. A removed required name is then also required.removed (BREAKING on output). A property removed while its name stays required, or stays declared only in a conditional place (a dependentSchemas entry, then or else, an anyOf branch open to it), holds any value now (there, where that place does not apply): its schema is compared with that (type.widened and the like), without its own annotations, which went with it (its description read description.changed POTENTIALLY_BREAKING beside type.widened). Where Proxar cannot tell what governs the name now (a pattern it cannot match), the removal is property.changed, BREAKING, as the addition is. A property taken out of properties while every branch of a union beside it still declares it with the same schema ({properties: {a: string, b: integer}, anyOf: [{properties: {a: string}}, {properties: {a: string}, required: [b]}]} → a gone from the top) is not removed: the name is still declared for every object, and the subsumption proof finds the old schema accepts the same values without it (both ways), so neither differ reports it. Where the proof cannot decide (a branch it cannot read), the removal stays BREAKING. So is an object whose properties moved into every branch of an anyOf or oneOf added beside the keywords it keeps with the same value ({type: object, properties: {…}} → {type: object, oneOf: [{properties: {…}, not: {required: [verification]}}, {properties: {…, verification}}]}): the old object is compared as one branch of the new union, as it is when the union stands alone, where each of its properties read property.removed, BREAKING on both sides (agent-device 0.20.5 → 0.21.3's fill.outputSchema, 22 of them, 'consumers that read it break', though both branches declare every one); a branch that leaves one of its names out (a union of objects flattened into one, the reverse) or a keyword beside the union with another value keeps the names compared, and a union that became one object is compared whole, where the subsumption proof settles it. A property whose name a schema beside it refuses on both sides (another allOf branch closed by additionalProperties false, or the link that closes a $ref chain by unevaluatedProperties false, seen from a link before it) is not reported when it goes: the name was and is rejected, as ajv (2020-12) says, where such a link read property.removed (or property.changed), BREAKING on both sides. An object's own unevaluatedProperties governs no name when a conjunct evaluates every name (a link its $ref leads to, closed by an unevaluatedProperties of its own, ajv 8, 2020-12): the removal is graded by what that conjunct governs, as were it absent; root (unevaluatedProperties false) → A (unevaluatedProperties {type: string}) losing z: {type: string} at the root also read keyword.changed, BREAKING in all four cells ('unevaluatedProperties depends on other applicators here'), and now reads property.removed alone (POTENTIALLY_BREAKING on input), as without the root's false; where a union branch of A may evaluate z it stays BREAKING. When one property was added in the same object with the same name in another case or separator style (recovery-plan → recoveryplan in @azure/mcp 3.0.0-beta.46, whatever its schema: the name tells), or else with the same schema (one that says more than its type, or a bare type under related names, the words of one all in the other or 0.8 alike, or required on both sides: @unkey/api 2.1.4's identities-update-identity externalId → identity; dub 0.64.6's partners-analytics dropped the required programId and added an optional query, a bare string each, and read as renamed on nothing but the type), or the same but for a reworded description or title (the prose classifier grades each such change DOCUMENTATION: @postman/postman-mcp-server 2.13.0 renamed folderId to folder and turned 'will create' into 'creates' in its description); the prose is weighed only in an object with at most 64 such pairs, for texts whose lengths are within a factor of two, and within 1,024 classifier runs a diff, so a contract rewritten whole stays fast and gets no such hint, it was probably renamed: both findings keep their severity and get a hint naming the other, one to one (two removed with the schema of one added, or two added with the schema of one removed, get none). Under related names, texts the classifier grades on similarity alone with neither score low (a phrase added, no marker, no order changed) pair too, among the properties with no reworded twin: convex 1.32.0's logs limit → entriesLimit, '(from the end)' added to its description (edit 0.854, overlap 0.833), read as removed and added with no hint. A required property swapped for another, its schema changed too, is hinted on lesser evidence when it is the only one: the one property the object required that is gone and the one it now requires that is new, their schemas of a type in common and the words of one name all in the other (@runpod/mcp-server 4.0.0's get-gpu-type gpuTypeId → id and 12 tools like it, creem 1.9.0's products-create request → createProductRequestEntity, each read as removed and added with no hint): a call had to send the one and now sends the other in its place; names that share no word (Claude Code's TodoWrite item id → activeForm), two required gone for one, or types that meet in none, get no hint. Names removed in the same change as the object's schema for other names (additionalProperties, patternProperties or unevaluatedProperties), which governs them now, are one change, the object become a map of names to values: one property.removed at the object's properties names them all at the grade above (dub 0.61.0 → 0.64.6's geo, 250 country codes closed by additionalProperties false → additionalProperties {type: string}, read 250 findings for each of five tools, 1,250 in all; now one for each, beside additionalProperties.widened); a change in the values a name holds is still reported name by name, and names removed beside a schema for other names that did not change are each a finding of their own. The mirror, names declared as that schema changed (the map become an object that lists them), is one property.added.",
  },
  ...position("additionalProperties", { type: "object" }, "additionalProperties").map((spec) => ({
    ...spec,
    rationale: `${
      RATIONALE[spec.change as Effect]
    } ${REST_BESIDE_UNEVALUATED} ${NOTHING_AS_FALSE} ${CLOSED_BRANCH}`,
  })),
  ...position("unevaluatedProperties", { type: "object" }, "unevaluatedProperties"),
  ...position("unevaluatedItems", { type: "array" }, "unevaluatedItems"),
  ...position("propertyNames", { type: "object" }, "propertyNames"),
  ...position(
    "contentSchema",
    { type: "string", contentMediaType: "application/json" },
    "contentSchema",
  ),
  ...position("items", { type: "array" }, "items").map(withTupleLength).map((spec) => ({
    ...spec,
    rationale: `${spec.rationale} ${PAST_POSITIONS}`,
  })),
  ...family("contains", "contains", {
    widened: [
      v({ type: "array", contains: { type: "string" } }),
      v({ type: "array" }),
      "properties.v.contains",
    ],
    narrowed: [
      v({ type: "array" }),
      v({ type: "array", contains: { type: "string" } }),
      "properties.v.contains",
    ],
    changed: [
      v({ type: "array", unevaluatedItems: false }),
      v({ type: "array", contains: { type: "number" }, unevaluatedItems: false }),
      "properties.v.contains",
    ],
  }).map((spec) => ({
    ...spec,
    rationale: `${RATIONALE[spec.change as Effect]} ${CONTAINS_BESIDE_UNEVALUATED}`,
  })),
  ...[...combinator("anyOf"), ...combinator("oneOf")].map((spec) => ({
    ...spec,
    rationale: `${RATIONALE[spec.change as Effect]} ${TYPE_UNIONS} ${DISJOINT_UNIONS}${
      spec.aspect === "anyOf" ? ` ${NESTED_ANY_OF}` : ""
    } ${KEPT_BRANCH} ${FLATTENED_UNION} ${GROUPED_BRANCHES}`,
  })),
  ...combinator("allOf").map((spec) => ({
    ...spec,
    rationale: `${
      RATIONALE[spec.change as Effect] ?? RATIONALE.changed
    } ${MERGED_ALL_OF} ${KEPT_CONJUNCT} ${CONJUNCT_BESIDE}${
      spec.change === "changed" ? ` ${ALL_OF_BESIDE_UNEVALUATED}` : ""
    } ${TUPLE_BESIDE_UNEVALUATED}`,
  })),
  ...family("not", "not", {
    widened: [
      v({ type: "string", not: { enum: [""] } }),
      v({ type: "string" }),
      "properties.v.not",
    ],
    narrowed: [
      v({ type: "string" }),
      v({ type: "string", not: { enum: [""] } }),
      "properties.v.not",
    ],
  }).map((spec) => ({
    ...spec,
    rationale: `${RATIONALE[spec.change as Effect]} ${NOT_OF_NONE} ${CONJUNCT_BESIDE}`,
  })),
  ...(["then", "else"] as const).flatMap((key) =>
    family(key, key, {
      widened: [
        { type: "object", if: { required: ["a"] }, [key]: { required: ["b"] } },
        { type: "object", if: { required: ["a"] } },
        key,
      ],
      narrowed: [
        { type: "object", if: { required: ["a"] } },
        { type: "object", if: { required: ["a"] }, [key]: { required: ["b"] } },
        key,
      ],
      changed: [
        { type: "object", properties: { a: {} }, if: { required: ["a"] }, ...CLOSED },
        {
          type: "object",
          properties: { a: {} },
          if: { required: ["a"] },
          [key]: { properties: { b: {} }, required: ["b"] },
          ...CLOSED,
        },
        key,
      ],
    }).map((spec) => ({
      ...spec,
      rationale: `${RATIONALE[spec.change as Effect]} ${BRANCH_BESIDE_UNEVALUATED} ${INERT_BRANCH}`,
    }))
  ),
  ...family("if", "if/then/else as a whole", {
    widened: [
      { type: "object", if: { required: ["a"] }, then: { required: ["b"] } },
      { type: "object" },
      "if",
    ],
    narrowed: [
      { type: "object" },
      { type: "object", if: { required: ["a"] }, then: { required: ["b"] } },
      "if",
    ],
  }).map((spec) => ({
    ...spec,
    summary: `A conditional (if with then or else) was ${
      spec.change === "widened" ? "removed" : "added"
    } as a whole`,
    rationale:
      `A conditional only ever adds a constraint on the values its if matches, so removing it as a whole accepts more values (widened) and adding it accepts fewer (narrowed); an if without then or else constrains nothing. Removed is NON_BREAKING on input and BREAKING on output; added is the reverse. Where an unevaluatedProperties or unevaluatedItems sees it (from 2019-09 on: beside it, or above it through allOf, anyOf, oneOf, if/then/else, dependentSchemas or local references) an if without then and else rejects no value either, but the names or items it evaluates where it holds escape those keywords: added, it accepts more values (widened), removed fewer (narrowed), graded by variance as such. One such keyword elsewhere (a sibling property's schema, below the condition, a cousin allOf branch, under not) does not see it: there it constrains nothing, as without the keyword (see if.changed). Added or removed in an allOf, anyOf or oneOf branch beside unevaluatedItems, it read nothing (the subsumption proof called the two equal; see if.changed): it is graded so now, as beside unevaluatedProperties. An allOf branch of such a condition alone that no unevaluated keyword sees, added or removed, accepts every value: no finding, where it read allOf.narrowed or allOf.widened and, removed, property.removed (see if.changed). So does one that marks nothing the keyword that sees it reads (a condition on properties alone beside unevaluatedItems alone, on prefixItems beside unevaluatedProperties alone): no finding, where it read if.widened added (BREAKING on output) and if.narrowed removed (see if.changed). Where it may decide because a reference Proxar cannot follow may apply it in place ({allOf: [{}, {$ref: '#named', unevaluatedProperties: false}]} with the first branch becoming {if: {properties: {a: {minLength: 2}}}}: the anchor may name that branch, and then {a: 'ab'} is accepted after only, @hyperjump/json-schema 2019-09 and 2020-12), such a branch added is allOf.widened and removed allOf.narrowed, graded by variance, in the walk and the catch-all alike: added, it read a conjunct added, allOf.narrowed, NON_BREAKING on output (a missed break), and an allOf of it added whole beside the reference and the unevaluated keyword read allOf.changed, BREAKING every way. ${BRANCH_BESIDE_UNEVALUATED} ${INERT_BRANCH}`,
  })),
  {
    aspect: "if",
    change: "changed",
    severity: C,
    summary: "The if condition of if/then/else changed",
    old: { type: "object", if: { required: ["a"] }, then: { required: ["b"] } },
    new: { type: "object", if: { required: ["c"] }, then: { required: ["b"] } },
    path: "if",
    rationale:
      "Which branch applies to a value changed; Proxar cannot decide the effect, so it is BREAKING. The then and else schemas are still compared beside it, so a bound or an unmodelled keyword changed inside them is reported under its own rule. A condition whose title or description alone was reworded (its keywords otherwise written alike, references reaching the same definitions) still sends every value to the same branch: it is that prose (description.changed, graded by the prose classifier), where it read if.changed, BREAKING, from both differs (through a $ref to an unchanged definition, keyword.changed, BREAKING, from the catch-all); the prose of a condition that changed is reported beside this finding. A condition written alike is the same condition only when the definitions its references reach are the same: {if: {$ref: d}, then: {maxLength: 1}} with d's minLength 2 → 3 accepts 'ab' now, a widening, yet the walk compared the if as written and said nothing, and the catch-all's minLength narrowed at d read NON_BREAKING on output (a missed break; the reverse, NON_BREAKING on input): it is if.changed now. A condition, or a definition it reaches, whose prose or other annotations that check no value (default, examples, deprecated, readOnly, writeOnly, $comment, vendor extensions) alone changed sends every value to the same branch: it is those, where each file writes them (description.changed, default.changed …), where a definition reworded read no finding and a default changed in the condition read if.changed, BREAKING, beside default.changed. A condition written otherwise that the subsumption proof shows accepts the same values both ways (a $ref inlined or the reverse, a definition renamed to an equal one, S written {allOf: [S]}) also sends every value to the same branch: it is no finding, or the prose and notes it changed, as then and not read such rewrites, where it read if.changed, BREAKING, every way; where the proof cannot decide (a reference never fetched, a keyword the engine does not model) it stays if.changed. A definition only conditions reach, changed, is this one finding at each condition, not also the catch-all's keyword change at the definition graded as if values passed through it (minLength narrowed, NON_BREAKING on output). An if without then and else decides nothing: whether a value meets it changes no verdict (ajv, draft-07 and 2020-12, accepts the same values), so a condition written so is no finding, and neither is a definition only such conditions reach: {if: {$ref: d}} with d's minLength 2 → 3 read the catch-all's keyword.changed at d, BREAKING on input (the reverse on output), graded as if values passed through it, where the same condition written inline read nothing; the prose and other notes of such a definition are compared where it writes them (a description reworded there read no finding; a typo fixed is DOCUMENTATION), as a condition's own are. What the engine does not model is still keyword.unmodelled there, inline (where it read nothing) as through a reference, and in a then or else without if: such a keyword may do what no draft yet says, and nothing unmodelled passes silently. Where an unevaluatedProperties or unevaluatedItems sees it, an if without then and else decides: from 2019-09 on those read the annotations of a condition that holds (the JSON Schema Test Suite's 'unevaluatedProperties can see annotations from if without then and else'; {if: {properties: {a: {minLength: 2}}}, unevaluatedProperties: false} accepts {a: 'ab'}, with 3 it does not, in a validator that follows the specification; ajv 8 ignores such an if, and the specification is followed). Which names or items such a condition marks evaluated Proxar does not model, and a change in it may let values in and keep others out ({a: {minLength: 3}, b: {const: 1}} rejects {a: 'ab'} and accepts {a: 'abc', b: 1}), so it is this finding, BREAKING on input and output, written inline (where it read nothing) or in a definition it reaches (where it read the catch-all's keyword change at the definition, minLength narrowed, NON_BREAKING on output): the two forms agree. Such a keyword sees a condition beside it in the same schema object, or one that schema object applies in place (allOf, anyOf, oneOf, if, then, else, dependentSchemas, local $ref chains, at any depth), and no other: one in a sibling property's schema or below the condition evaluates another instance, one in an allOf branch beside or below it collects its own annotations, and no annotation of a not survives (the suite's 'property is evaluated in an uncle schema to unevaluatedProperties', 'unevaluatedProperties can't see inside cousins', 'unevaluatedProperties with not'). There the condition decides nothing, as where no such keyword is written: {properties: {x: {if: C}, y: {unevaluatedProperties: false}}} with C's minLength 2 → 3 accepts the same values (@hyperjump/json-schema, 2019-09 and 2020-12), yet read this finding, BREAKING every way, while any unevaluated keyword in either schema made every lone condition decide; it reads nothing now, its text and unmodelled keywords where it writes them. Where a reference on the way cannot be followed as a local JSON pointer (an anchor, a remote or $id-relative URI, a nested $id), it may apply the condition anywhere, so every lone condition of the schema is read as deciding. So is one in an allOf, anyOf or oneOf branch beside unevaluatedItems: {type: array, allOf: [{if: {prefixItems: [{const: 'a'}]}}], unevaluatedItems: false} accepts ['a'], and with 'b' it does not (@hyperjump/json-schema 2020-12), yet it read nothing, where the same with properties and unevaluatedProperties read this finding: the subsumption proof read unevaluatedItems, written alike on both sides, as the same constraint and called the two equal. It now reads it so only where the other side evaluates, for certain, every position this one may (the proof's rule for unevaluatedProperties); otherwise it cannot decide, and the branch's findings stand. An allOf branch that writes such a condition and annotations only, where no unevaluated keyword sees it, accepts every value, as {} does: allOf [{}, {unevaluatedProperties: false}] → [{if: {properties: {a: …}}}, {unevaluatedProperties: false}] accepts only {} on both sides (@hyperjump/json-schema, 2019-09 and 2020-12: the cousin does not see it), yet read a conjunct added, allOf.narrowed, BREAKING on input, and reversed property.removed at allOf.0.properties.a, as if the condition declared a; the same with the branch added beside the other alone. It is left out of the allOf comparison as a branch of annotations only is, and reads nothing, or its text and unmodelled keywords where it writes them; where the other side's branch at that index writes an if too, the two are compared as one condition (then added is then.narrowed). A condition decides only what the keyword that sees it reads: an unevaluatedItems reads the items a condition marks evaluated (through prefixItems, items, additionalItems, contains or unevaluatedItems, written in it or applied in place, local references followed), an unevaluatedProperties the names (properties, patternProperties, additionalProperties, unevaluatedProperties). {type: array, if: {properties: {a: {minLength: 2}}}, unevaluatedItems: false} with 2 → 3 accepts the same values (@hyperjump/json-schema, 2019-09 and 2020-12: its annotations cannot reach items), yet read this finding, BREAKING every way; so did a condition on prefixItems beside unevaluatedProperties alone, and one that marks neither ({if: {minLength: 2}}). They read nothing now (an allOf branch of one accepts every value, as {} does); a reference the condition holds that Proxar cannot follow may mark either, and there it stays this finding.",
  },
  {
    aspect: "ref",
    change: "changed",
    severity: C,
    summary: "A remote or unresolvable $ref changed",
    old: v({ $ref: "https://schemas.example.com/issue-v1.json" }),
    new: v({ $ref: "https://schemas.example.com/issue-v2.json" }),
    path: "properties.v.$ref",
    rationale:
      "Remote references are never fetched, so Proxar cannot see what the new target accepts; a different reference is BREAKING. Local references (#/$defs/…) are followed and compared instead.",
  },
  ...family("schema", "the whole schema", {
    widened: [{ type: "object", properties: { v: false } }, {
      type: "object",
      properties: { v: {} },
    }, "properties.v"],
    narrowed: [{ type: "object", properties: { v: {} } }, {
      type: "object",
      properties: { v: false },
    }, "properties.v"],
  }).map((spec) => ({
    ...spec,
    rationale: `${RATIONALE[spec.change as Effect]} ${NOTHING_AS_FALSE}`,
  })),
  {
    aspect: "schema",
    change: "changed",
    severity: C,
    summary: "Schemas nest too deeply, or expand too many references, to compare",
    old: deep(DEPTH + 1),
    new: deep(DEPTH + 2),
    path: `${"properties.v.".repeat(DEPTH)}properties.v`,
    also: [["keyword.changed", `${"properties.v.".repeat(DEPTH + 1)}type`, "BREAKING", "BREAKING"]],
    rationale: `The structured walk stops ${DEPTH} levels down, and after following ${
      // Digits grouped by hand: toLocaleString would load the locale data at every start.
      String(MAX_TOTAL_EXPANSIONS).replace(
        /\B(?=(\d{3})+$)/g,
        ",",
      )} references in one schema plus ${EXPANSIONS_PER_REF} for each \`$ref\` it holds (so the work stays proportional to the schemas' size and a large generated schema is compared whole), and reports what lies beyond as BREAKING, so hostile or generated schemas cannot exhaust the stack or make the comparison grow without bound (a root that refers to itself under two keywords would otherwise double the work at every level); the catch-all differ, which goes deeper, still names the exact keyword. It reports this where a change may lie beyond, once at each such place: a subschema written alike whose references lead only to definitions written alike, or, through properties and items, back to a definition it is comparing there (a cycle longer than the limit, d0 → d1 → … → d109 → d0), holds nothing the walk would report below it, whose changes are reported where the walk met them, graded by the variance. A maxLength changed in the middle of such a cycle read schema.changed, BREAKING, at each property of the last place compared, one written alike with no reference among them, beside the maxLength finding, in the widening direction too.`,
  },
  ...dependency("dependentRequired", ["b"], ["c"], null),
  ...[
    ...dependency("dependentSchemas", { required: ["b"] }, null, ["b"]),
    ...dependency("dependencies", ["b"], null, { required: ["b"] }),
  ].map((spec) => ({
    ...spec,
    rationale: `${spec.rationale ?? RATIONALE[spec.change as Effect]} ${ENTRY_BESIDE_UNEVALUATED}`,
  })),
  {
    aspect: "patternProperties",
    change: "changed",
    severity: C,
    summary: "A pattern property was added or removed, and neither version contains the other",
    old: { type: "object", additionalProperties: { type: "string" } },
    new: {
      type: "object",
      patternProperties: { "^x-": { type: "integer" } },
      additionalProperties: { type: "string" },
    },
    path: "patternProperties",
    rationale:
      "A pattern constrains the names it matches and frees them from additionalProperties, so whether adding or removing one widens or narrows is decided on properties, patternProperties and additionalProperties together. Added to an open object it narrows, removed it widens (graded as patternProperties.narrowed / widened); when neither version contains the other, or a pattern cannot be compared, it is BREAKING. " +
      `${IN_BRANCH_UNEVALUATED} ${PATTERN_BESIDE_UNEVALUATED}`,
  },
  {
    aspect: "property",
    change: "changed",
    severity: C,
    summary: "A property was added where Proxar cannot tell what the object allowed for that name",
    old: { type: "object", patternProperties: { "^(a+)\\1$": { type: "string" } } },
    new: {
      type: "object",
      properties: { aa: { type: "integer" } },
      patternProperties: { "^(a+)\\1$": { type: "string" } },
    },
    path: "properties.aa",
    rationale:
      "When a pattern of patternProperties cannot be matched against the new name (a backreference, too many states) or unevaluatedProperties depends on other applicators, or a reference Proxar cannot follow (beside the object, in a branch, a conditional or a dependentSchemas entry) may have declared the name, Proxar cannot tell which values the name accepted before, so it cannot grade the new property's schema against them: BREAKING.",
  },
  ...position(
    "patternProperties",
    { type: "object", patternProperties: { "^x-": {} } },
    "patternProperties.^x-",
    "a patternProperties schema",
  )
    .map((s) => ({
      ...s,
      old: s.change === "widened"
        ? { type: "object", patternProperties: { "^x-": false } }
        : { type: "object", patternProperties: { "^x-": {} } },
      new: s.change === "widened"
        ? { type: "object", patternProperties: { "^x-": {} } }
        : { type: "object", patternProperties: { "^x-": false } },
      path: "patternProperties.^x-",
    })),
  fixed(
    "default",
    "default",
    PB,
    10,
    20,
    "A default value changed",
    "Callers that omit the argument get different behaviour (input), or consumers see a different value where none was sent (output). The annotations beside a one-branch allOf, anyOf or oneOf that holds nothing else go with its branch where the branch writes none of the same: Pydantic v1 writes {allOf: [{$ref: X}], default: 'a', description: 'D'} where v2 writes {$ref: X, default: 'a', description: 'D'}, which read default.changed and description.changed, POTENTIALLY_BREAKING, every way and in every dialect (draft-07 keeps the annotations beside a $ref, as 2020-12 does), though nothing changed; a default or description that did change is still reported, where each file writes it. Where the branch writes its own otherwise, the text beside stays apart and both are compared, each where it is written ({allOf: [{type: string, description: 'B'}], description: 'D'} → {type: string, description: 'B'} is 'D' removed, where it read no finding); so does the text of each allOf branch of annotations only beside that branch ({allOf: [{type: string, description: 'B'}, {description: 'D'}]} → the same, 'D' removed at allOf/1, where it read no finding, the branch's own text kept and the other dropped), two texts of one keyword each apart, beside a text the place writes too, and beside a branch that holds an allOf of its own, after its branches ({allOf: [{type: string, description: 'B'}, {description: 'N'}, {description: 'O'}]} → {type: string, description: 'B'} read 'B' removed at allOf/0 and added beside, 'N' and 'O' gone unsaid; now 'N' and 'O' removed at allOf/1 and allOf/2, review F5; {description: 'D', allOf: [{type: string, description: 'B', allOf: [{minLength: 1}]}]} → {type: string, description: 'B', minLength: 1} dropped 'D' unreported beside minLength.narrowed, BREAKING on input, though ajv accepts the same values; now 'D' removed alone). A lone schema read as a one-branch allOf facing several constraining branches is compared with the other side's texts in allOf branches of annotations only, where it read none of them: one it writes alike beside its keywords is no change (allOf [{minLength: 1}, {maxLength: 5}, {description: 'D'}] → {minLength: 1, maxLength: 5, description: 'D'} read 'D' added), one written otherwise is that text changed, and one gone is removed where it was written.",
  ),
  fixed(
    "deprecated",
    "deprecated",
    PB,
    false,
    true,
    "A deprecation flag changed",
    "Models and generated clients avoid deprecated fields; an agent may stop using it or start relying on a field that is going away.",
  ),
  fixed(
    "readOnly",
    "readOnly",
    PB,
    false,
    true,
    "readOnly changed",
    "A read-only field should not be sent by callers; a change moves who may write it.",
  ),
  fixed(
    "writeOnly",
    "writeOnly",
    PB,
    false,
    true,
    "writeOnly changed",
    "A write-only field is not returned; a change moves who may read it.",
  ),
  {
    aspect: "extension",
    change: "changed",
    severity: PB,
    summary: "A vendor extension (x-…) changed",
    old: v({ type: "string" }),
    new: v({ type: "string", "x-content-type": "application/json" }),
    path: "properties.v.x-content-type",
    rationale:
      "A keyword named x- and more is a vendor extension, by the convention OpenAPI writes down; no JSON Schema draft defines one or ever will, and validators ignore it (the MCP SDK's ajv runs with strict off), so it never changes which values are valid. A client, a code generator or a model may still read it (x-ui-widget, x-enum-varnames), so a change is POTENTIALLY_BREAKING: reviewed, not failing the build. It was keyword.unmodelled BREAKING, as the specification's \"unmodelled means breaking\" reads for keywords a future draft might define: @ivotoby/openapi-mcp-server 1.10.2 → 1.16.1 added x-content-type to the root of every tool's inputSchema and the diff failed with 59 BREAKING findings, nothing else but the protocol revision having changed. Inside a subschema added whole (a new property or branch) it is graded with that addition, as any annotation is. Other keywords no draft defines (OpenAPI's xml) stay keyword.unmodelled.",
  },
  {
    aspect: "discriminator",
    change: "changed",
    severity: PB,
    summary: "An OpenAPI discriminator changed",
    old: v({ oneOf: [{ type: "object" }, { type: "string" }] }),
    new: v({
      oneOf: [{ type: "object" }, { type: "string" }],
      discriminator: { propertyName: "kind" },
    }),
    path: "properties.v.discriminator",
    rationale:
      "OpenAPI 3's discriminator ({propertyName, mapping}), which servers generated from an OpenAPI document carry into tool schemas, names the property whose value selects a oneOf or anyOf variant. No JSON Schema draft defines it, and validators ignore it: ajv applies it only with its discriminator option, which the MCP SDK's validator does not set (it runs ajv with strict off), so it never changes which values are valid, and proofs set it aside as any annotation. A model or a generated client may still read it to pick the variant and the property to send, so, as the specification grades annotations that steer a model's use, a change is POTENTIALLY_BREAKING: reviewed, not failing the build. Its value is data: a mapping's \"#/…\" strings are never followed as references. It was keyword.unmodelled BREAKING: @runpod/mcp-server 3.3.0 → 4.0.0 added it to the EndpointScaling definition of create-endpoint and update-endpoint, two BREAKING findings though every value kept its verdict. Inside a subschema added whole (a new property or branch) it is graded with that addition, as any annotation is.",
  },
  fixed(
    "examples",
    "examples",
    DOC,
    [1],
    [2],
    "Examples changed",
    "Examples do not constrain values, but models read them; listed for review. OpenAPI 3.0's singular example (its Schema Object's, which OpenAPI-generated servers carry into tool schemas) is read the same way: no JSON Schema draft defines it, and validators, the MCP SDK's ajv among them, ignore it. @runpod/mcp-server 3.3.0 → 4.0.0 added it to seven properties, seven keyword.unmodelled BREAKING findings.",
  ),
  {
    aspect: "dialect",
    change: "changed",
    severity: PB,
    summary: "The JSON Schema dialect ($schema) changed",
    old: {
      $schema: "http://json-schema.org/draft-07/schema#",
      ...v({ items: [{ type: "integer" }] }),
    },
    new: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      ...v({ items: [{ type: "integer" }] }),
    },
    path: "$schema",
    rationale:
      "Keywords such as items and exclusiveMinimum mean different things in different drafts; validators may accept other values. A change between draft-07, 2019-09 and 2020-12 (or no $schema) on schemas that use none of the keywords those drafts read differently is tool.*.dialect.inert (DOCUMENTATION) instead, and one where format is the only such keyword is tool.*.dialect.widened or tool.*.dialect.narrowed. With format beside another such keyword (array-form items, a constraint beside a $ref) no direction can be told, and the change stays here.",
  },
  {
    aspect: "dialect",
    change: "widened",
    severity: ["NON_BREAKING", "POTENTIALLY_BREAKING"],
    summary:
      "The JSON Schema dialect ($schema) moved from draft-07 to 2019-09 or 2020-12 (or none) where format is the only keyword the drafts read differently",
    old: {
      $schema: "http://json-schema.org/draft-07/schema#",
      ...v({ type: "string", format: "email" }),
    },
    new: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      ...v({ type: "string", format: "email" }),
    },
    path: "$schema",
    rationale:
      "Draft-07 lets a validator assert format (ajv, the MCP SDK's validator, does by default); 2019-09 and 2020-12, and no $schema (2020-12 since MCP 2025-11-25), make it an annotation by default, so a validator that follows the drafts' defaults stops checking it, and ajv, which asserts it in every draft, accepts the same values as before. When format is the only keyword of either schema that the drafts read differently, the move can only add values: NON_BREAKING on input (no call that was valid is rejected), POTENTIALLY_BREAKING on output (a consumer may now receive a value of the wrong format, though ajv still rejects it). A zod 3 → zod 4 migration that keeps an email or a URL field makes this move: resend-mcp 2.6.1 → 2.19.0 read 13 tool.input.dialect.changed POTENTIALLY_BREAKING for format: email alone. The engine grades format itself as ajv reads it (format.narrowed when one is added), so the two findings agree: the dialect move never narrows.",
  },
  {
    aspect: "dialect",
    change: "narrowed",
    severity: ["POTENTIALLY_BREAKING", "NON_BREAKING"],
    summary:
      "The JSON Schema dialect ($schema) moved to draft-07 from 2019-09 or 2020-12 (or none) where format is the only keyword the drafts read differently",
    old: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      ...v({ type: "string", format: "email" }),
    },
    new: {
      $schema: "http://json-schema.org/draft-07/schema#",
      ...v({ type: "string", format: "email" }),
    },
    path: "$schema",
    rationale:
      "The reverse of tool.*.dialect.widened: draft-07 lets a validator assert a format that 2019-09 and 2020-12 (or no $schema) leave an annotation by default, so values of the wrong format that a validator following the drafts' defaults accepted may now be rejected: POTENTIALLY_BREAKING on input (ajv, the MCP SDK's validator, asserted format before and still does), NON_BREAKING on output (every value returned was allowed before).",
  },
  {
    aspect: "dialect",
    change: "inert",
    severity: DOC,
    summary:
      "The JSON Schema dialect ($schema) changed between drafts that read every keyword of the schema alike",
    old: { $schema: "http://json-schema.org/draft-07/schema#", ...v({ type: "integer" }) },
    new: { $schema: "https://json-schema.org/draft/2020-12/schema", ...v({ type: "integer" }) },
    path: "$schema",
    rationale:
      "MCP servers move between draft-07 (zod-to-json-schema), 2020-12 (zod 4) and no $schema (2020-12 since MCP 2025-11-25) with their schema generator. These drafts differ only on some keywords: array-form items, additionalItems, prefixItems, dependencies and its successors, unevaluated*, min/maxContains, content*, format, $id, anchors and dynamic references, boolean exclusive bounds, and constraints beside a $ref. When both dialects are among these drafts (or absent) and neither schema uses any of those keywords, every validator accepts the same values before and after: DOCUMENTATION. So does a move between 2019-09 and 2020-12 (or none) where format is the only one, since both read it as an annotation. A move to or from draft-07 where format is the only one is tool.*.dialect.widened or narrowed; otherwise the change stays tool.*.dialect.changed (POTENTIALLY_BREAKING).",
  },
  fixed(
    "id",
    "$id",
    PB,
    "urn:a",
    "urn:b",
    "A schema $id changed",
    "References that name the schema by its $id resolve differently.",
  ),
  fixed(
    "anchor",
    "$anchor",
    PB,
    "a",
    "b",
    "A schema $anchor changed",
    "References to the anchor no longer resolve.",
  ),
  fixed(
    "comment",
    "$comment",
    DOC,
    "a",
    "b",
    "A $comment changed",
    "Comments are for schema authors and constrain nothing.",
  ),
  {
    aspect: "description",
    change: "changed",
    severity: PB,
    gradedBy: "prose",
    summary: "A description inside the schema changed",
    old: v({ type: "integer", description: "Maximum results" }),
    new: v({ type: "integer", description: "Maximum results; never more than 100" }),
    path: "properties.v.description",
    rationale:
      "Property descriptions tell the model what to send and how to read results. Graded by the prose classifier: DOCUMENTATION when the change cannot move a model's behaviour, POTENTIALLY_BREAKING when it can. A description is compared wherever a model can read it: an allOf branch of annotations only constrains no value, so the allOf comparison leaves it out, yet its description (and its other annotations) is compared with the other side's, branch with branch (those written alike left out, the rest in order, one added or removed with none), named where the file writes it: {type: string, description: 'e', allOf: [{description: 'd'}]} with 'd' reworded read no finding at all. The annotations beside a one-branch allOf, anyOf or oneOf that holds nothing else go with its branch where the branch writes none of the same: Pydantic v1 writes {allOf: [{$ref: X}], default: 'a', description: 'D'} where v2 writes {$ref: X, default: 'a', description: 'D'}, which read default.changed and description.changed, POTENTIALLY_BREAKING, every way and in every dialect (draft-07 keeps the annotations beside a $ref, as 2020-12 does), though nothing changed; a default or description that did change is still reported, where each file writes it. Where the branch writes its own otherwise, the text beside stays apart and both are compared, each where it is written ({allOf: [{type: string, description: 'B'}], description: 'D'} → {type: string, description: 'B'} is 'D' removed, where it read no finding); so does the text of each allOf branch of annotations only beside that branch ({allOf: [{type: string, description: 'B'}, {description: 'D'}]} → the same, 'D' removed at allOf/1, where it read no finding, the branch's own text kept and the other dropped), two texts of one keyword each apart, beside a text the place writes too, and beside a branch that holds an allOf of its own, after its branches ({allOf: [{type: string, description: 'B'}, {description: 'N'}, {description: 'O'}]} → {type: string, description: 'B'} read 'B' removed at allOf/0 and added beside, 'N' and 'O' gone unsaid; now 'N' and 'O' removed at allOf/1 and allOf/2, review F5; {description: 'D', allOf: [{type: string, description: 'B', allOf: [{minLength: 1}]}]} → {type: string, description: 'B', minLength: 1} dropped 'D' unreported beside minLength.narrowed, BREAKING on input, though ajv accepts the same values; now 'D' removed alone). A lone schema read as a one-branch allOf facing several constraining branches is compared with the other side's texts in allOf branches of annotations only, where it read none of them: one it writes alike beside its keywords is no change (allOf [{minLength: 1}, {maxLength: 5}, {description: 'D'}] → {minLength: 1, maxLength: 5, description: 'D'} read 'D' added), one written otherwise is that text changed, and one gone is removed where it was written. A description a $ref chain hides is compared too: {$ref: '#/$defs/Mode', description: 'How to convert.'} reads as one schema described by the text beside the $ref, yet a model reads Mode's own description (Pydantic v2 writes an enum's docstring there), so a text changed at a link both chains reach is graded where it is written, where the docstring reworded read no finding; a text that only moved between the links is no change. So is a text where no value is checked, which a model reads all the same: in an if without then or else, a then or else without if, a tuple position no value can fill (maxItems), inside a schema that accepts no value on both sides (read as false: {type: string, not: {description: 'd'}}, an object with not: {} beside its properties), and in two allOf branches written alike but for their prose, which cannot be paired one to one (and the one branch left on each side beside them whose value changed too, its change graded at the allOf): each is compared position by position, where it read no finding at all; so are the other annotations there (default, examples, deprecated, vendor extensions: {if: {default: 'a'}} → 'b' is default.changed). Branches of an anyOf, oneOf or allOf that accept no value (a not of everything, false beside its texts) look alike but for their texts, so they pair by those: equal branches first, then the same title and description, then alike ones, then the texts most alike (edit similarity above one half, one to one; a tie is left to the order), then the order they stand in. anyOf [N(A), N(B), S] → [S, N(A)] (N(X) accepting nothing, described X) is A moved and B gone, where it read B reworded as A at anyOf.1 (a marker added); A's typo fixed as it moved is that text, DOCUMENTATION, where each file writes it. A branch added or removed whole that changes no value of its union (one that accepts nothing, or one another branch covers, as {type: string, minLength: 3} beside {type: string}) is its texts added or removed, POTENTIALLY_BREAKING as a text on one side only is: anyOf [S, N(B)] → [S] read no finding and said the contract did not change (ajv, draft-07 and 2020-12, accepts the same values on both sides), yet the text B a model read is gone, as it would be from a branch kept (a text the other side still writes in the union moved with it, a union wrapped or unwrapped, and stays unsaid; so do the branch's other annotations, a vendor extension or a discriminator, as for a branch that accepts values; a keyword the engine does not model that such a branch brings is keyword.unmodelled, one it takes away goes with it). Where the values change with the branch (allOf [S, N(B)] → [S] widens; a branch behind a remote $ref may accept values, so its removal narrows), the value finding names the branch with its texts and none is added.",
  },
  {
    aspect: "title",
    change: "changed",
    severity: PB,
    gradedBy: "prose",
    summary: "A title inside the schema changed",
    old: v({ type: "integer", title: "Limit" }),
    new: v({ type: "integer", title: "Page size" }),
    path: "properties.v.title",
    rationale: "Titles are shown to models and users. Graded by the prose classifier.",
  },
  {
    aspect: "keyword",
    change: "unmodelled",
    severity: C,
    summary: "A keyword Proxar does not model changed",
    old: v({ type: "string", xml: { name: "kind" } }),
    new: v({ type: "string", xml: { name: "type" } }),
    path: "properties.v.xml",
    rationale:
      "Unmodelled means breaking: a keyword Proxar does not understand (one of OpenAPI such as xml, one from a future draft; a vendor extension named x-… is tool.*.extension.changed, since no draft can define it) may change which values are valid, so any change to it is reported at the strictest level on the day it appears, rather than silently ignored. So is one that comes with a subschema added whole (a new property, anyOf or oneOf branch, pattern property, dependent schema or conditional, and the definitions only it reaches): the finding of the addition grades it as a whole (an optional property added is NON_BREAKING whatever its schema says), and says nothing of what Proxar did not understand in it, so this finding names the keyword where it is written. A keyword written with the same value elsewhere in the old schema did not appear now, and a subschema removed brings none. Where a proof settles that a part accepts the same values (a union that moved, a bound moved beside a $ref, a definition the same where it is used), it says nothing of keywords it does not model either: those new in the part are reported where they are written, and those removed from a schema the part still holds (the same modelled keywords) where they stood. A keyword of no JSON Schema draft (such as OpenAPI's xml) on the side a proof asks to be within the other is left aside: a validator reads it as an annotation, and at most it would constrain that side further, so anyOf [string, {type: string, k: 1}] → anyOf [string] loses no string and is no change (the branch removed brings no finding), where the proof stopped at the keyword and graded anyOf.narrowed, BREAKING on input. Beside unevaluatedProperties or unevaluatedItems, and for a keyword of a draft Proxar does not model ($recursiveRef), the proof still stops. Inside a place both sides write as accepting no value ({allOf: [false, {vndVendor: 0}]} → vndVendor 1), which both comparisons read as false, such a keyword is reported too, added, changed or removed, where each file writes it: the place accepts nothing either way (ajv, draft-07 and 2020-12), and no keyword Proxar knows could make it accept a value there, but one it does not know may act beyond the values the place checks (an identifier a reference elsewhere reaches, as $dynamicAnchor was new in 2020-12), and the specification reports what is not modelled rather than decide it harmless; it read no finding, though the same change at a schema's root, which stays as written, read this rule. So is one in an if without then and else, or a then or else without if, which decide nothing (tool.*.if.changed).",
  },
  {
    aspect: "keyword",
    change: "changed",
    severity: C,
    gradedBy: "variance",
    summary: "A keyword changed in a way a second, independent comparison grades more strictly",
    old: v({ type: "object", required: "q" }),
    new: v({ type: "object", required: "r" }),
    path: "properties.v.required",
    rationale:
      "Proxar compares every schema twice, with two independent methods, so a gap in one cannot hide a change. When the second method, which looks at every keyword the same way, grades a change more strictly than the keyword's own rule, or that rule says nothing (for example about a keyword with a malformed value), its finding is reported too. Its severity follows from whether the schema now accepts more values, fewer, or neither. A changed definition is compared where every place that uses it is proven to accept the same values old and new, or else the union or allOf such a place is a branch of: {$ref: C} beside {type: null} changes nothing when C only gained or lost null. A place that is itself a definition referring to it (B = {$ref: C}, used as anyOf [{$ref: B}, null]) counts as its own uses: compared as written instead, C's type was graded widened (BREAKING on output) though the union accepts the same values. A place inside a definition that nothing reaches from the schema's root is no use, since no value passes through it: a Venue that refers to Address and that nothing refers to left the uses of Address unknown, and a definition Address uses was compared as written (PostalCode narrowed while Address is used only under a not: keyword.changed, BREAKING on input, where no value is lost). Where every place that uses it is proven to accept more values (or fewer), none the other way, and nothing above such a place turns that around in a way Proxar cannot follow (if, oneOf, contains), the definition is one finding graded by that proof, a not above the place inverting it (a definition used only under not, narrowed, widens what the schema accepts; where that place lies inside another definition, the grade is read where that one is used, as far as the chain goes): C = {type: string, maxLength: 5} → {type: [string, null], maxLength: 3} used as anyOf [{$ref: C}, null] narrows (NON_BREAKING on output), where its type compared alone widened (BREAKING). The branches of a union that are not equal to one on the other side pair by what they are (type, properties, tags), as the first comparison pairs them, not by their places: anyOf [{type: string, foo: 1}, {type: number}] → [{type: number, foo: 1}, {type: string}] moved foo to the number branch (unmodelled, BREAKING), where compared in order it read \"accepted types string became number\". Unions of different lengths pair the same way when every branch of the shorter one finds its counterpart, one to one: the pairs are compared in place and the branches left over were added (widened) or removed (narrowed), where the union as a whole read \"neither set of branches accepts every value of the other\", BREAKING on input, whenever a paired branch also gained a property, which the proof, asking for the same property names on both sides, does not settle (@orq-ai/node 3.12.1 → 3.14.45, prompts-create's responseFormat: three string enums added beside an object that gained an optional description); an ambiguous pairing, or a oneOf whose branches may overlap, keeps that grade. Branches moved into an anyOf nested bare in a branch (zod's nullable union: [string, array] → [[string, array], null]) are read as that anyOf's branches there, where the union's branches were compared in order, the array with null (\"accepted types array became null\", BREAKING on both sides), whenever a branch also changed inside (@orq-ai/node 3.12.1 → 3.14.45, prompts-create's message content, its file part widened). A lone schema that became one branch of a union (or the reverse) is compared with the branch the first comparison pairs it with, one that shares its type first, where it took the branch holding most of its keywords with the same value, the first on a tie: an object that became [external, internal] was compared with external and read two properties removed, BREAKING on input (@orq-ai/node's knowledge-update), and a boolean that became [null, [true]] read \"accepted types boolean became null\" beside the narrowing to true. So is a lone allOf facing a branch that is an allOf holding one of its branches as it is, compared as one allOf with another: allOf [X, Y] → anyOf [allOf [X', Y], null], X' without X's format or bound and Y a union of a $ref and another branch (the proof of the whole, its names read through the $ref, fails), read allOf removed beside anyOf added, keyword.changed BREAKING on input and on output reversed (validator oracle, chained definitions, seed 11), and is now anyOf.widened beside format.widened; a narrowing in the branch or in what Y refers to is still graded as such, and a lone allOf facing any other branch, or with an unevaluatedProperties or unevaluatedItems beside it or in the branch (which reads the names the allOf's branches evaluate), is left to the proof. A type list facing a union (type [string, null] against anyOf [{type: object, …}, {type: null}]) is met by the first comparison as one branch per type, which names the branches added and removed at the union; this method compared the list with one branch's type, which is the same change seen again, so it is reported only when stricter than what the first comparison says at that union: creem 1.9.0 → 1.13.0's customers-update external_id, anyOf [a closed empty object, null] → type [string, null], read keyword.changed \"accepted types null became null|string\" beside anyOf.narrowed and anyOf.widened, and the other way a second BREAKING for the string branch removed. A finding whose place neither schema holds (a keyword removed from a branch that moved, named at the branch's new place) is named at the nearest place above it that the new schema holds, with the old place beside it. A type, enum or bound is compared together with those of the node's allOf branches, which hold for its values as one beside it does: zod 3's intersection writes allOf [{type: object, properties: …}, {type: object, …}] with no type of its own, and a z.record that replaced it (type: object) read as \"accepted types any became object\", BREAKING on input, though both accept objects only (airtable-mcp-server 1.4.1 → 1.9.6, create_field). A branch that cannot be read (a reference Proxar cannot follow) leaves the node's own keywords compared alone, which errs toward BREAKING. Keywords beside a $ref in a schema whose $schema names draft-07 or older: the draft says they are ignored, and a validator that follows it (Python's jsonschema) ignores them, while ajv 8, which the MCP SDK validates with, applies them in every draft. The two readings are graded apart and the stricter wins: the first comparison follows the draft (only the annotations beside the reference count), this one follows ajv (they hold together with the target). So a bound changed, added or removed beside the reference is this rule's finding (maxLength 5 → 3 beside {$ref: A}: narrowed, BREAKING on input), an unmodelled keyword there is keyword.unmodelled, and a bound that moved between the reference's side and its definition, no change to ajv, is the first comparison's (maxLength 3 moved into A: maxLength.narrowed, BREAKING on input; moved out: widened, BREAKING on output): no change passes unreported under either reading. Each such finding says which reading made its grade (beside a draft-07 $ref: graded as ajv 8 and the MCP SDK read it; graded as draft-07 reads it, which ignores the keywords beside $ref), where it named neither. A keyword of a union's branch that the first method read as that branch removed and another added, graded at the union (a type swapped in a flat anyOf: string → integer beside null), is the same change: this rule reports it only when stricter, where it added keyword.changed at anyOf.0.type, BREAKING in every cell, beside anyOf.narrowed and anyOf.widened.",
  },
];

/** Rules that exist on one side only, with the reason. */
export const SYMMETRY_WAIVERS: Readonly<Record<string, string>> = {
  "tool.output.schema.added":
    "inputSchema is required by MCP, so it cannot be added; only outputSchema is optional.",
  "tool.output.schema.removed":
    "inputSchema is required by MCP, so it cannot be removed; only outputSchema is optional.",
  ...Object.fromEntries(
    INPUT_ONLY.map((s) => [
      `tool.input.${s.aspect}.${s.change}`,
      s === NONSTANDARD_FORMAT ? OUTPUT_NONSTANDARD_FORMAT : outputSafeLimit(s.aspect),
    ]),
  ),
};

/** A tool `get_issue` holding `schema` as its input or output schema, for examples. */
export function holder(side: Side, schema: JsonValue): JsonObject {
  return side === "input"
    ? { name: "get_issue", inputSchema: schema }
    : { name: "get_issue", inputSchema: { type: "object" }, outputSchema: schema };
}

/**
 * The rule that reports `meta.id`'s schema differences, one finding each. `meta` becomes the
 * rule's own: built in one step, with no copy of it, since the two hundred and thirty-five schema
 * rules are built with every diff.
 */
function schemaRule(meta: RuleMeta): Rule {
  const id = meta.id;
  return {
    meta,
    check({ schemaDeltas, report }) {
      for (const d of schemaDeltas(id)) {
        const finding: Finding = {
          entity: { kind: "tool", name: d.tool },
          path: d.path,
          pointer: d.pointer,
          message: d.message,
          severity: d.severity,
        };
        if (d.oldPointer !== undefined) finding.oldPointer = d.oldPointer;
        if (d.newPointer !== undefined) finding.newPointer = d.newPointer;
        if (d.usedAt !== undefined) finding.usedAt = d.usedAt;
        if (d.old !== undefined) finding.old = d.old;
        if (d.new !== undefined) finding.new = d.new;
        if (d.prose !== undefined) finding.prose = d.prose;
        if (d.hint !== undefined) finding.hint = d.hint;
        report(finding);
      }
    },
  };
}

const CAPITALISED = /^[A-Z][a-z ]/;

/** "A title changed" reads "Input schema: a title changed"; "$comment" and "allOf" stay. */
function lowerFirst(text: string): string {
  return CAPITALISED.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

function fromSpec(spec: Spec, side: Side, index: 0 | 1): Rule {
  const id = `tool.${side}.${spec.aspect}.${spec.change}`;
  const effect = spec.change as keyof typeof RATIONALE;
  let examples: RuleExample[] | undefined;
  const meta: RuleMeta = {
    id,
    severity: spec.severity[index],
    summary: `${side === "input" ? "Input" : "Output"} schema: ${lowerFirst(spec.summary)}`,
    rationale: spec.rationale ?? RATIONALE[effect] ?? RATIONALE.changed,
    // Built when first read, as lazyExamples builds them: documentation and tests read them.
    get examples() {
      return examples ??= specExamples(spec, side, index, id);
    },
  };
  if (spec.gradedBy) meta.gradedBy = spec.gradedBy;
  return schemaRule(meta);
}

/** The examples of the rule `fromSpec` builds from `spec` for `side`. */
function specExamples(spec: Spec, side: Side, index: 0 | 1, id: string): RuleExample[] {
  const severity = spec.severity[index];
  return [
    {
      title: spec.summary,
      old: { tools: [holder(side, spec.old)] },
      new: { tools: [holder(side, spec.new)] },
      findings: [
        {
          rule: id,
          path: `get_issue.${side}Schema${spec.path === "" ? "" : `.${spec.path}`}`,
          severity,
        },
        ...(spec.also ?? []).map(([rest, path, input, output]) => ({
          rule: `tool.${side}.${rest}`,
          path: `get_issue.${side}Schema.${path}`,
          severity: index === 0 ? input : output,
        })),
      ],
    },
    ...(spec.more ?? []).map((more) => ({
      title: more.title,
      old: { tools: [holder(side, more.old)] },
      new: { tools: [holder(side, more.new)] },
      findings: [{
        rule: id,
        path: `get_issue.${side}Schema${spec.path === "" ? "" : `.${spec.path}`}`,
        severity: more.severity[index],
      }],
    })),
  ];
}

const OUTPUT_SCHEMA = { type: "object", properties: { id: { type: "integer" } } };

/**
 * The rules the specs make, in order, each with its whole meta (what SCHEMA_RULE_INDEX lists:
 * `scripts/gen_schema_rule_index.ts` writes it from these).
 */
export function specRules(): Rule[] {
  return [
    ...specs().flatMap((spec) => [fromSpec(spec, "input", 0), fromSpec(spec, "output", 1)]),
    ...INPUT_ONLY.map((spec) => fromSpec(spec, "input", 0)),
  ];
}

let bySpec: Map<string, RuleMeta> | undefined;

/**
 * The schema rule of one entry of the index. Its meta holds the id (and gradedBy) as the index
 * says, and reads the rest from the rule the specs make, building them all when one is first
 * read: the documentation, SARIF's rule catalogue and `proxar rules` read them, a diff does not.
 */
function indexedRule([id, gradedBy]: SchemaRuleEntry): Rule {
  const made = () => {
    bySpec ??= new Map(specRules().map((r) => [r.meta.id, r.meta]));
    const meta = bySpec.get(id);
    if (meta === undefined) {
      throw new Error(
        `No spec makes schema rule "${id}": run deno run -A scripts/gen_schema_rule_index.ts`,
      );
    }
    return meta;
  };
  const meta: RuleMeta = {
    id,
    get severity() {
      return made().severity;
    },
    get summary() {
      return made().summary;
    },
    get rationale() {
      return made().rationale;
    },
    get examples() {
      return made().examples;
    },
  };
  if (gradedBy !== undefined) meta.gradedBy = gradedBy;
  return schemaRule(meta);
}

/** Every schema rule. */
export const schemaRules: Rule[] = [
  ...SCHEMA_RULE_INDEX.map(indexedRule),
  schemaRule({
    id: "tool.output.schema.added",
    severity: "NON_BREAKING",
    summary: "A tool now declares an outputSchema",
    rationale:
      "Consumers that ignored structured output are unaffected; those that want it can now rely on it.",
    examples: [{
      title: "outputSchema added",
      old: { tools: [{ name: "get_issue", inputSchema: { type: "object" } }] },
      new: {
        tools: [{
          name: "get_issue",
          inputSchema: { type: "object" },
          outputSchema: OUTPUT_SCHEMA,
        }],
      },
      findings: [{
        rule: "tool.output.schema.added",
        path: "get_issue.outputSchema",
        severity: "NON_BREAKING",
      }],
    }],
  }),
  schemaRule({
    id: "tool.output.schema.removed",
    severity: "BREAKING",
    summary: "A tool no longer declares an outputSchema",
    rationale:
      'Consumers that validate structured content or generated types from the schema lose their contract; the server may also stop returning structuredContent. When the schema removed had no type "object" at its root, the message adds that clients that validate tools/list rejected the whole list for it and accept it again once every tool\'s schemas have it (see tool.output.root.notObject).',
    examples: [{
      title: "outputSchema removed",
      old: {
        tools: [{
          name: "get_issue",
          inputSchema: { type: "object" },
          outputSchema: OUTPUT_SCHEMA,
        }],
      },
      new: { tools: [{ name: "get_issue", inputSchema: { type: "object" } }] },
      findings: [{
        rule: "tool.output.schema.removed",
        path: "get_issue.outputSchema",
        severity: "BREAKING",
      }],
    }],
  }),
];
reportsOwnSchemaDeltas(schemaRules);
