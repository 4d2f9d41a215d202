/**
 * The structured walk: compares paired old/new schema nodes facet by facet, with a direction
 * (input contravariant, output covariant, flipped under `not`), a dotted path and a pointer,
 * following local `$ref`s with cycles visited once. Produces named rule findings.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue } from "../json.ts";
import { escapePointerToken, pointerOf, pointerTokens } from "../json.ts";
import { heldByBranches } from "./_property_schema.ts";
import { sameThroughRefs, targetsRewritten } from "./_same_through_refs.ts";
import { describeVerdict, type ProseVerdict } from "../prose.ts";
import type { Severity } from "../severity.ts";
import type { NumericBound as Bound } from "./_safe_integer.ts";
import { pairBranches, variantName } from "./branches.ts";
import { wrappedPairs } from "./_wrapped_branch.ts";
import { liftedPairing } from "./_ref_branch.ts";
import { patternSubset } from "./pattern.ts";
import { countRefs, deref, targetIn } from "./resolve.ts";
import { alikeBeyond } from "./_alike_beyond.ts";
import { holdsRef } from "./_property_names.ts";
import {
  alignLevels,
  DRAFT07_WALK,
  hasSiblings,
  ignoresRefSiblings,
  readsApart,
  type RefLevel,
} from "./_ref_siblings.ts";
import { acceptsSafeInteger, admitsEverySafeInteger, integerOnly } from "./_safe_integer.ts";
import { limitBounds, limitChanges } from "./_limit_bounds.ts";
import {
  branchWords,
  falseMessage,
  liftedBranch,
  LIMIT_ASIDE,
  limitMessage,
  listValues,
  names,
  show,
  showBound,
} from "./_walk_messages.ts";
import { chainRests, closingLink, withoutOuterUnevaluated } from "./_chain_unevaluated.ts";
import { type Branch, flatAnyOf, liftUnion, type SoleBranch, soleBranch } from "./_union_lift.ts";
import { itemBound, type Tuple, tuple } from "./_tuple_items.ts";
import { integerBound } from "./_integer_bound.ts";
import { listedBetween, listedOffMultiple, listedThrough } from "./_enum_bounds.ts";
import { branchChanges, exclusivity, unionAsWritten, unionSwap } from "./_union_keyword.ts";
import { patternHits } from "./_pattern_hits.ts";
import { acceptsEvery, withoutInertNot } from "./_accepts_every.ts";
import { DIALECT_NOTE, DIALECT_SEVERITY, dialectChange } from "./_dialect.ts";
import { holdsPosition, itemLimit } from "./_array_length.ts";
import { declarationSites, declaredNames } from "./_declared_names.ts";
import { nonstandardFormatChange } from "./_formats.ts";
import { defaultedRequired } from "./_defaulted_required.ts";
import { zodPatternAdded } from "./_zod_patterns.ts";
import { branchBody, propertyBranches } from "./_property_branches.ts";
import { samePropertyPaths } from "./_property_paths.ts";
import { removalInert } from "./_inert_removal.ts";
import { carriedNothing } from "./_sole_value.ts";
import { wrappedUnion } from "./_wrapped_union.ts";
import {
  type Conjunct,
  governedBy,
  type Governing,
  meet,
  type Meeting,
  patternsOf,
  placesOf,
  rejectedBeside,
  removedMeeting,
} from "./_conjunct_governs.ts";
import {
  applicatorsOf,
  EVALUATING_APPLICATORS,
  mayEvaluate,
  type UnevaluatedRest,
  unevaluatedRest,
} from "./_unevaluated_rest.ts";
import { requiredByBranches, requiredNames } from "./_required_names.ts";
import { keywordsOfExcludedTypes } from "./_type_keywords.ts";
import { disjoint, isAnnotationOnly, subsumes } from "./subsume.ts";
import {
  acceptsEveryBranch,
  branchNeverApplies,
  conditionalBeside,
  constrainsNothing,
  containsPart,
  entryPart,
  isLoneCondition,
  loneConditionDecides,
  loneConditionsOnly,
  type Part,
  type Sides,
  uncountedContains,
} from "./_lone_condition.ts";
import { type AcceptsEvery, annotationBranchPairs } from "./_annotation_branches.ts";
import { shadowedProse } from "./_shadowed_prose.ts";
import { ANNOTATION_RULES as ANNOTATIONS, OWN_ANNOTATIONS } from "./_annotation_rules.ts";
import {
  textsIn,
  unreachedPairs,
  unreachedProse,
  withoutNotes,
  withoutProse,
} from "./_unreached_prose.ts";
import { nameKeywords, unevaluatedConjunct, unevaluatedDecided } from "./_unevaluated_proof.ts";
import { itemsGovernedBy, itemsUndecided } from "./_unevaluated_items.ts";
import { branchCounts } from "./_union_keyword.ts";
import type { ProofBudget } from "./proof_budget.ts";
import { notsAsWritten } from "./_same_values.ts";
import {
  ANNOTATION_FACETS,
  COMBINATORS,
  type Effect,
  FACET_OF,
  flipEffect,
  isExtensionKeyword,
  type SchemaDelta,
  type Side,
  varianceSeverity,
  Vocabulary,
} from "./types.ts";
import {
  boundEffect,
  countBound,
  enumEffect,
  integerFacts,
  multipleOfEffect,
  numericBound,
  parsedValues,
  presenceEffect,
  stringSet,
  typeEffect,
  typeSet,
  valueKeys,
  valueSet,
} from "./values.ts";

/** Every keyword the structured walk models; the catch-all differ reports all others. */
export const STRUCTURED_VOCABULARY: ReadonlySet<string> = new Vocabulary(Object.keys(FACET_OF));

/** Options of a walk over one schema pair. */
export interface WalkOptions {
  side: Side;
  /** Dotted path of the schema root: `search_issues.inputSchema`. */
  basePath: string;
  /** Pointer of the schema root in the snapshot: `/tools/3/inputSchema`. */
  basePointer: string;
  /** Pointer of the old schema root in the old snapshot, when not `basePointer`. */
  oldBasePointer?: string;
  classifyProse(oldText: string | undefined, newText: string | undefined): ProseVerdict;
  /**
   * Walk into equal properties too, which hold no change when no reference is involved: slower,
   * the reference the tests hold the quick walk to.
   */
  exhaustive?: boolean;
  /** The proof steps this schema may take, shared with the catch-all differ. */
  proofs?: ProofBudget | undefined;
}

/**
 * An added or removed combinator branch, as graded: one that may overlap another in a oneOf, an
 * allOf branch of an if without then and else ({@link isLoneCondition}), or any other.
 */
type BranchKind = "overlapping" | "condition" | "plain";

/** Where the walk is. */
interface Ctx {
  /**
   * 1 as written, -1 inside `not` (effects flip), 0 inside a branch of a oneOf whose branches
   * may overlap: a branch that accepts more may make values match two branches (rejected), one
   * that accepts fewer may leave values matching one (accepted), so no effect has a direction.
   */
  polarity: 1 | -1 | 0;
  /** Why the polarity is 0, when that is not an overlapping oneOf branch. */
  undirected?: string;
  path: string;
  oldLoc: string;
  newLoc: string;
  depth: number;
  /** The facet and holder location of the position this node sits in, for whole-node changes. */
  posFacet: string;
  posLoc: string;
  posAspect: string;
  /**
   * Where each side (old, new) is written when the walk reached its node through a `$ref` (or a
   * one-branch combinator around one): the place that holds that `$ref` (or combinator).
   */
  refAt?: readonly [string | undefined, string | undefined] | undefined;
  /**
   * Where a combinator is reported on the side of a lone schema written at {@link refAt} and
   * lifted to face the other side's union (see {@link liftUnion}): its target holds no union.
   */
  unionAt?: { side: "old" | "new"; loc: string };
  /** The side whose subschema is absent (and compared as `true`), shown as absent (null). */
  absent?: "old" | "new";
  /** Why this node is compared with what it is, added to the findings graded at it. */
  aside?: string;
  /** The schemas as written at this position, before references and wrappers were followed. */
  raw?: [JsonValue | undefined, JsonValue | undefined];
  /**
   * When keywords stand beside a `$ref` on either side: the links of each side's chain, old and
   * new, so that a keyword is found and reported where it is written.
   */
  levels?: [RefLevel[], RefLevel[]] | undefined;
  /**
   * In an allOf branch of an object whose unevaluatedProperties constrains (draft 2020-12): each
   * side's rule for the names the branch leaves to it (see {@link unevaluatedRest}).
   */
  unevaluated?: { old?: UnevaluatedRest | string; new?: UnevaluatedRest | string };
  /**
   * A link of a `$ref` chain compared apart from the others (see parts()): each side's other
   * links, which apply together with it and may evaluate names for its unevaluatedProperties.
   */
  conjoined?: { old?: JsonValue[]; new?: JsonValue[] };
  /**
   * In an allOf branch: each side's schemas applied beside it (the other branches, the object's
   * own keywords but its allOf and unevaluatedProperties), which a property the branch adds
   * meets (see {@link governedBy}).
   */
  beside?: { old: Conjunct[]; new: Conjunct[] };
  /** One side is the object's unevaluatedProperties, compared with an allOf branch's keyword. */
  inherited?: true;
  /**
   * One side is a schema for other names (additionalProperties, a pattern, unevaluatedProperties)
   * compared with a property declared or dropped under it: what each says of itself (title,
   * description, default, examples, deprecated, readOnly, writeOnly, $comment, vendor
   * extensions) is not compared at this node. Those of the property go with its declaration,
   * reported as the property added or removed; those of the other schema describe every name
   * it governs. Also a property declared or dropped for a name that stays required, compared
   * with any value.
   */
  governed?: true;
}

/** How deep the walk descends before it reports the rest as changed. */
export const MAX_WALK_DEPTH = 100;
const MAX_DEPTH = MAX_WALK_DEPTH;
/** How many times one pair of referenced definitions is walked, from different places. */
const MAX_EXPANSIONS = 16;
/**
 * How many references one walk follows in all, plus {@link MAX_EXPANSIONS} for each `$ref` in the
 * two schemas. The budget per pair of definitions does not bound a walk whose pairs never repeat:
 * a root referring to itself under two keywords, compared with a schema without them, pairs it
 * with a new absent place at each level (2^100 expansions). The share per `$ref` keeps a large
 * generated schema, whose many definitions are each used a few times, from running out of it:
 * the work stays proportional to the schemas' size.
 */
export const MAX_TOTAL_EXPANSIONS = 2_000;
/** The references counted for each `$ref` (and `$dynamicRef`) in the schemas. */
export const EXPANSIONS_PER_REF = 16;
const COUNT_BOUNDS = [
  ["minLength", "min"],
  ["maxLength", "max"],
  ["minItems", "min"],
  ["maxItems", "max"],
  ["minProperties", "min"],
  ["maxProperties", "max"],
  ["minContains", "min"],
  ["maxContains", "max"],
] as const;
const PRESENCE = ["pattern", "format", "contentEncoding", "contentMediaType"] as const;
const PROSE_KEYWORDS = ["title", "description"] as const;
const BOUND_KINDS = ["min", "max"] as const;
const SUBSCHEMAS = [
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "propertyNames",
  "contentSchema",
] as const;

/** Why a then or else (or a conditional) on one side only beside an unevaluated keyword has no direction. */
const SEEN_CONDITION =
  ": it constrains where it applies and marks names or items evaluated that an unevaluatedProperties or unevaluatedItems reads, and Proxar could not prove that it only lets values in or only keeps them out";

/** How each side holds an array item (Walker.governed()). */
interface Governed {
  old: { rest: JsonValue; key: string };
  new: { rest: JsonValue; key: string };
  /** Why the side `unsure` may hold the item under its unevaluatedItems or under nothing. */
  why?: string;
  unsure?: "old" | "new";
}

class Walker {
  readonly out: SchemaDelta[] = [];
  readonly active = new Set<string>();
  readonly expansions = new Map<string, number>();
  /** References followed so far. */
  followed = 0;
  /**
   * The references this walk may follow: the base and the share per `$ref`, counted the first
   * time the base is spent.
   */
  #budget: number | undefined;
  readonly shortcut: boolean;

  constructor(
    readonly oldRoot: JsonValue,
    readonly newRoot: JsonValue,
    readonly opts: WalkOptions,
  ) {
    this.shortcut = !holdsRef(oldRoot) && !holdsRef(newRoot);
    this.ignoreSiblings = [ignoresRefSiblings(oldRoot), ignoresRefSiblings(newRoot)];
    this.targets = [
      targetIn(oldRoot, this.ignoreSiblings[0]),
      targetIn(newRoot, this.ignoreSiblings[1]),
    ];
  }

  /** Per side (old, new): whether the dialect ignores the keywords beside a `$ref` (draft-07). */
  readonly ignoreSiblings: [boolean, boolean];
  /** Per side: a schema that is a reference read as its target, for disjoint() (targetIn()). */
  readonly targets: [(s: JsonValue) => JsonValue, (s: JsonValue) => JsonValue];

  /**
   * Where in {@link out} a property removed or added stands whose name a schema for other names
   * governs on the other side (see {@link groupedNames}).
   */
  readonly governedNames = new Set<number>();

  /** Old schemas whose union keyword was renamed to the new side's, and the one they write. */
  readonly unionKeyOf = new WeakMap<JsonObject, string>();

  /**
   * Where `keyword` of the node at `ctx` is written on one side: the outermost link of a `$ref`
   * chain that holds it, else the node reached.
   */
  home(ctx: Ctx, side: "old" | "new", keyword: string): string {
    if (ctx.unionAt?.side === side && COMBINATORS.includes(keyword)) return ctx.unionAt.loc;
    const loc = side === "old" ? ctx.oldLoc : ctx.newLoc;
    const levels = ctx.levels?.[side === "old" ? 0 : 1];
    return levels?.find((l) => Object.hasOwn(l.keywords, keyword))?.loc ?? loc;
  }

  /**
   * Where a change of `keyword` (its facet) is reported: the outermost link of the chains whose
   * keywords of that facet differ between old and new, so a keyword beside a `$ref` is reported
   * at the node that holds it, and a change in the target at the target.
   */
  changeLoc(ctx: Ctx, keyword: string): string {
    if (ctx.unionAt?.side === "new" && COMBINATORS.includes(keyword)) return ctx.unionAt.loc;
    if (ctx.levels === undefined) return ctx.newLoc;
    const facet = Object.hasOwn(FACET_OF, keyword) ? FACET_OF[keyword] : undefined;
    const keys = facet === undefined
      ? [keyword]
      : Object.keys(FACET_OF).filter((k) => FACET_OF[k] === facet);
    const pick = (l: RefLevel | undefined) => keys.map((k) => l?.keywords[k] ?? null);
    for (const [x, y] of alignLevels(...ctx.levels)) {
      if (!jsonEqual(pick(x), pick(y))) return y?.loc ?? ctx.newLoc;
    }
    return ctx.newLoc;
  }

  emit(
    ctx: Ctx,
    facet: string,
    rule: { aspect: string; change: string },
    severity: Severity,
    keyword: string,
    values: { old?: JsonValue | undefined; new?: JsonValue | undefined },
    message: string,
    at?: { loc: string; path: string; pointer?: string },
  ): void {
    const loc = at?.loc ?? (keyword === "" ? ctx.newLoc : this.changeLoc(ctx, keyword));
    // The old side's place of the same node, when the walk paired it with another place (a
    // renamed or reordered union's branch): its old source location is looked up there.
    const oldLoc = at === undefined
      ? (keyword === "" ? ctx.oldLoc : this.home(ctx, "old", keyword))
      : undefined;
    const delta: SchemaDelta = {
      facet,
      location: loc,
      path: at?.path ?? (keyword === "" ? ctx.path : `${ctx.path}.${keyword}`),
      pointer: at?.pointer ??
        (this.opts.basePointer + loc + (keyword === "" ? "" : `/${escapePointerToken(keyword)}`)),
      rule: `tool.${this.opts.side}.${rule.aspect}.${rule.change}`,
      severity,
      message,
    };
    if (values.old !== undefined) delta.old = values.old;
    if (values.new !== undefined) delta.new = values.new;
    if (oldLoc !== undefined && oldLoc !== loc) {
      delta.oldPointer = (this.opts.oldBasePointer ?? this.opts.basePointer) + oldLoc +
        (keyword === "" ? "" : `/${escapePointerToken(keyword)}`);
    }
    // A union the new side's lone schema faced, reported where its `$ref` is written: the new
    // snapshot holds what is left of it at the `$ref`'s target.
    if (at === undefined && ctx.unionAt?.side === "new" && COMBINATORS.includes(keyword)) {
      delta.newPointer = this.opts.basePointer + ctx.newLoc;
    }
    this.out.push(delta);
  }

  /** Emits a variance-graded finding; `change` defaults to the effect's name. */
  graded(
    ctx: Ctx,
    facet: string,
    aspect: string,
    effect: Effect,
    keyword: string,
    values: { old?: JsonValue | undefined; new?: JsonValue | undefined },
    what: string,
    change: string = effect,
    at?: { loc: string; path: string; pointer?: string },
  ): void {
    const effective = ctx.polarity === 0
      ? "changed"
      : ctx.polarity < 0
      ? flipEffect(effect)
      : effect;
    const note = ctx.polarity === 0 && effect !== "changed"
      ? ` (${effect} ${
        ctx.undirected ?? "inside a oneOf branch that may overlap another"
      }, so values may go either way)`
      : ctx.polarity < 0
      ? " (inside not, so the effect on accepted values is inverted)"
      : "";
    const aside = ctx.aside === undefined ? "" : ` (${ctx.aside})`;
    this.emit(
      ctx,
      facet,
      { aspect, change },
      varianceSeverity(this.opts.side, effective),
      keyword,
      values,
      `${ctx.path}: ${what}${note}${aside}`,
      at,
    );
  }

  /** A graded change of one keyword that is its own facet and rule aspect. */
  keyword(ctx: Ctx, key: string, a: JsonObject, b: JsonObject, effect: Effect, what: string): void {
    this.graded(
      ctx,
      key,
      key,
      effect,
      key,
      { old: a[key] ?? null, new: b[key] ?? null },
      `${key} ${what}`,
    );
  }

  /**
   * A subschema keyword whose presence constrains (`contains`, `not`, `then`, `else`): added
   * narrows, removed widens, present on both sides is walked (with `polarity` for `not`).
   */
  optional(ctx: Ctx, key: string, a: JsonObject, b: JsonObject, polarity = ctx.polarity): void {
    if (a[key] === undefined && b[key] === undefined) return;
    if (a[key] !== undefined && b[key] !== undefined) {
      return this.compare(a[key], b[key], this.child(ctx, [key], key, key, polarity));
    }
    const added = a[key] === undefined;
    this.keyword(ctx, key, a, b, added ? "narrowed" : "widened", added ? "added" : "removed");
  }

  /**
   * Findings on an annotation {@link soleBranch} moved from beside a one-branch combinator into
   * its branch (`lifted`: each side's branch location), carried or kept apart in a branch of
   * annotations only of the branch's `allOf`, named where the file writes it: the pointer and
   * path of the place, the old side's in the old pointer (none when it is the same).
   */
  carriedAsWritten(
    found: SchemaDelta[],
    ctx: Ctx,
    ...sides: [SoleBranch | undefined, string][]
  ): void {
    const base = this.opts.basePointer, oldBase = this.opts.oldBasePointer ?? base;
    sides.forEach(([lift, lifted], i) => {
      const side = i === 0 ? "old" : "new";
      // Each annotation moved: where it stands in the branch and where the file writes it.
      const place = (key: string) => this.home(ctx, side, key);
      // An allOf branch of annotations only beside the branch: where the combinator is written.
      const sibling = (index: number) => `${this.home(ctx, side, lift!.key)}/${lift!.key}/${index}`;
      const moved = [
        ...(lift?.carried ?? []).map((key) => [key, "", place(key), ""] as const),
        ...(lift?.apart ?? []).map(([key, j]) => [key, `/allOf/${j}`, place(key), ""] as const),
        ...(lift?.swapped ?? []).flatMap(([key, j]) => [
          [key, "", place(key), ""] as const,
          [key, `/allOf/${j}`, lifted, ""] as const,
        ]),
        ...(lift?.kept ?? []).map(([key, index, j]) =>
          [key, `/allOf/${j}`, sibling(index), `.${lift!.key}.${index}`] as const
        ),
      ];
      // Each finding is renamed once a side: a name given may be another text's in the branch
      // (allOf.1 where two texts stand apart).
      const [pointed, oldPointed, renamed] = [new Set(), new Set(), new Set()];
      for (const [key, within, written, named] of moved) {
        const token = `/${escapePointerToken(key)}`;
        const [from, to] = [lifted + within + token, written + token];
        const node = `${ctx.path}${within.replaceAll("/", ".")}`;
        const path = `${node}.${key}`;
        for (const d of found) {
          if (
            d.pointer === base + from && (side === "new" || within !== "") && !pointed.has(d)
          ) {
            pointed.add(d);
            d.pointer = base + to;
            d.location = written;
          }
          if (side === "old" && d.oldPointer === oldBase + from && !oldPointed.has(d)) {
            oldPointed.add(d);
            d.oldPointer = oldBase + to;
          }
          if (within !== "" && d.path === path && d.facet === key && !renamed.has(d)) {
            renamed.add(d);
            d.path = `${ctx.path}${named}.${key}`;
            if (d.message.startsWith(path)) d.message = d.path + d.message.slice(path.length);
            // Other annotations' messages name the schema holding them: `….allOf.0: default …`.
            else if (d.message.startsWith(`${node}: `)) {
              d.message = `${ctx.path}${named}${d.message.slice(node.length)}`;
            }
          }
        }
      }
    });
    for (const d of found) if (d.oldPointer === d.pointer) delete d.oldPointer;
  }

  /** Reports what lies below `ctx` as changed (BREAKING): the walk does not go there. */
  giveUp(ctx: Ctx, why: string): void {
    const change = { aspect: "schema", change: "changed" };
    this.emit(ctx, ctx.posFacet, change, "BREAKING", "", {}, `${ctx.path}: ${why}`);
  }

  /** Whether the pair at `ctx`, past the depth limit, holds nothing to report (alikeBeyond()). */
  alikeBeyond(oldSchema: JsonValue | undefined, newSchema: JsonValue | undefined, ctx: Ctx) {
    // A context that reads the pair with what stands beside it or above it is not looked at.
    if (
      ctx.absent !== undefined || ctx.governed || ctx.inherited || ctx.beside !== undefined ||
      ctx.conjoined !== undefined || ctx.unevaluated !== undefined
    ) return false;
    const follow = (ref: string) => ({
      old: deref(this.oldRoot, { $ref: ref }, "", { ignoreSiblings: this.ignoreSiblings[0] }),
      new: deref(this.newRoot, { $ref: ref }, "", { ignoreSiblings: this.ignoreSiblings[1] }),
    });
    const active = (o: string, n: string) => this.active.has(`${o}\u0000${n}\u0000${ctx.polarity}`);
    return alikeBeyond(oldSchema, newSchema, { follow, active });
  }

  compare(oldSchema: JsonValue | undefined, newSchema: JsonValue | undefined, ctx: Ctx): void {
    if (ctx.depth > MAX_DEPTH) {
      // A pair that can hold no change the walk would report below it is no finding: written
      // alike, its references lead to targets written alike or back to a pair compared on this
      // branch, whose changes are reported where the walk met them (a long cycle).
      if (this.alikeBeyond(oldSchema, newSchema, ctx)) return;
      this.giveUp(
        ctx,
        `schemas nest deeper than ${MAX_DEPTH} levels here; Proxar gave up comparing what lies below, which may have changed, so it reads it as changed`,
      );
      return;
    }
    const o = deref(this.oldRoot, oldSchema, ctx.oldLoc, {
      ignoreSiblings: this.ignoreSiblings[0],
    });
    const n = deref(this.newRoot, newSchema, ctx.newLoc, {
      ignoreSiblings: this.ignoreSiblings[1],
    });
    const siblings = hasSiblings(o.levels) || hasSiblings(n.levels);
    // Keywords beside a reference make each place that uses it a node of its own.
    const at = (levels: RefLevel[]) => levels.slice(0, -1).map((l) => l.loc).join("\u0001");
    // The target alone is active too while it is walked here: a plain reference to it below is
    // the cycle, which stops there.
    const target = `${o.loc}\u0000${n.loc}\u0000${ctx.polarity}`;
    const key = target + (siblings ? `\u0000${at(o.levels)}\u0000${at(n.levels)}` : "");
    const followed = o.via.length > 0 || n.via.length > 0;
    if (followed) {
      // A cycle stops at the first repeat on the current branch; a definition shared by many
      // places is walked at each of them, up to a budget that bounds the work.
      const uses = this.expansions.get(key) ?? 0;
      if (this.active.has(key) || uses >= MAX_EXPANSIONS) return;
      this.expansions.set(key, uses + 1);
      if (++this.followed > MAX_TOTAL_EXPANSIONS) {
        const budget = this.#budget ??= MAX_TOTAL_EXPANSIONS +
          EXPANSIONS_PER_REF * (countRefs(this.oldRoot) + countRefs(this.newRoot));
        // Reported once, where the budget ran out; what lies beyond is not compared.
        if (this.followed === budget + 1) {
          this.giveUp(
            ctx,
            `the schemas' references expand more than ${budget} times; Proxar compared them up to here and cannot compare the rest safely`,
          );
        }
        if (this.followed > budget) return;
      }
    }
    if (o.broken !== n.broken) {
      this.emit(ctx, "$ref", { aspect: "ref", change: "changed" }, "BREAKING", "$ref", {
        old: o.broken ?? null,
        new: n.broken ?? null,
      }, `${ctx.path}: the reference ${show(n.broken ?? o.broken)} cannot be resolved`);
    }
    const here: Ctx = {
      ...ctx,
      oldLoc: o.loc,
      newLoc: n.loc,
      raw: ctx.raw ?? [oldSchema, newSchema],
      levels: siblings ? [o.levels, n.levels] : undefined,
      refAt: followed
        ? [
          o.via.length > 0 ? ctx.refAt?.[0] ?? ctx.oldLoc : undefined,
          n.via.length > 0 ? ctx.refAt?.[1] ?? ctx.newLoc : undefined,
        ]
        : undefined,
    };
    // Keywords beside a draft-07 $ref that constrain: this walk reads them as the draft does.
    if (readsApart(oldSchema, this.oldRoot) || readsApart(newSchema, this.newRoot)) {
      here.aside = ctx.aside === undefined ? DRAFT07_WALK : `${ctx.aside}; ${DRAFT07_WALK}`;
    }
    if (this.shortcut && jsonEqual(o.node, n.node)) return;
    if (o.node === false || n.node === false) {
      if (o.node === n.node) return;
      const effect = o.node === false ? "widened" : "narrowed";
      this.graded(
        here,
        ctx.posFacet,
        ctx.posAspect,
        effect,
        "",
        // An absent subschema accepts everything like `true`, but is shown as absent (null), as
        // every other keyword shows absence.
        {
          old: o.node === false ? false : ctx.absent === "old" ? null : (oldSchema ?? null),
          new: n.node === false ? false : ctx.absent === "new" ? null : (newSchema ?? null),
        },
        falseMessage(ctx.posFacet, o.node === false, ctx.inherited === true),
        effect,
        { loc: ctx.posLoc, path: ctx.path, pointer: this.opts.basePointer + n.loc },
      );
      return;
    }
    let [io, in_] = [doubleNot(o.node), doubleNot(n.node)];
    // A bare double not against one with annotations beside it: both compared as written.
    if (notsAsWritten(o.node, n.node, io, in_)) io = in_ = undefined;
    if (io !== undefined || in_ !== undefined) {
      // {not: {not: X}} accepts what X accepts: X is compared, where it is written.
      return this.compare(io ?? o.node, in_ ?? n.node, {
        ...here,
        depth: ctx.depth + 1,
        oldLoc: io === undefined ? o.loc : `${this.home(here, "old", "not")}/not/not`,
        newLoc: in_ === undefined ? n.loc : `${this.home(here, "new", "not")}/not/not`,
      });
    }
    const wo = soleBranch(o.node, n.node), wn = soleBranch(n.node, o.node);
    if (wo !== undefined || wn !== undefined) {
      // A one-branch anyOf/oneOf/allOf with only annotations beside it is its branch, the
      // annotations beside it carried into it: a finding on one is named where it is written.
      // The other side reached through a `$ref` is compared as written, so the keywords beside
      // the `$ref` are named there, not at its target.
      const start = this.out.length;
      const oldLoc = wo === undefined
        ? (o.via.length > 0 ? ctx.oldLoc : o.loc)
        : `${this.home(here, "old", wo.key)}/${wo.key}/${wo.index}`;
      const newLoc = wn === undefined
        ? (n.via.length > 0 ? ctx.newLoc : n.loc)
        : `${this.home(here, "new", wn.key)}/${wn.key}/${wn.index}`;
      const asWritten = (lift: typeof wo, r: typeof o, schema: JsonValue | undefined) =>
        lift?.schema ?? (r.via.length > 0 ? schema : r.node);
      // Where a one-branch combinator around a `$ref` is written, for a union it lifts to face.
      const [ro, rn] = here.refAt ?? [];
      this.compare(asWritten(wo, o, oldSchema), asWritten(wn, n, newSchema), {
        ...here,
        depth: ctx.depth + 1,
        oldLoc,
        newLoc,
        refAt: [
          wo === undefined ? ro : ro ?? this.home(here, "old", wo.key),
          wn === undefined ? rn : rn ?? this.home(here, "new", wn.key),
        ],
      });
      this.carriedAsWritten(this.out.slice(start), here, [wo, oldLoc], [wn, newLoc]);
      return;
    }
    if (!followed) {
      // A pair compared in place is active too, so a reference back to it (`$ref: "#"` in a
      // recursive type) stops there: its changes are reported once, where they are written.
      if (this.active.has(target)) return this.facets(o.node, n.node, here);
      this.active.add(target);
      this.facets(o.node, n.node, here);
      this.active.delete(target);
      return;
    }
    this.active.add(key);
    const outer = !this.active.has(target);
    if (outer) this.active.add(target);
    if (o.conflict !== undefined || n.conflict !== undefined) {
      this.parts([o.levels, n.levels], here);
    } else this.facets(o.node, n.node, here);
    this.active.delete(key);
    if (outer) this.active.delete(target);
  }

  /**
   * A node whose keywords beside a `$ref` cannot be combined with the target's into one schema:
   * it accepts what every link of its chain accepts (allOf), so each link is compared with its
   * counterpart, where it is written. Each verdict holds for the whole: a conjunct that accepts
   * more (or fewer) values lets the node accept more (or fewer) or the same.
   */
  parts(written: [RefLevel[], RefLevel[]], ctx: Ctx): void {
    const [old, next] = written.map(withoutOuterUnevaluated) as [RefLevel[], RefLevel[]];
    // unevaluatedProperties on one link sees the names every other link evaluates: each other
    // link is an allOf branch of it (`{$ref: Base, unevaluatedProperties: false}` with a property
    // added to Base reads as the same property added to a branch of `{allOf: [Base], …}`).
    const [restsOld, restsNew] = [chainRests(old, this.oldRoot), chainRests(next, this.newRoot)];
    const others = (levels: RefLevel[], x: RefLevel | undefined) =>
      x === undefined ? undefined : levels.filter((l) => l !== x).map((l) => l.keywords);
    for (const [x, y] of alignLevels(old, next)) {
      const [ro, rn] = [x && restsOld.get(x), y && restsNew.get(y)];
      const [co, cn] = [others(old, x), others(next, y)];
      // The other links apply beside this one: a property it adds meets what they govern. Their
      // unevaluatedProperties are left out: each sees the links its reference reaches, which its
      // keywords alone do not show (the rests above say what they govern).
      // A link before the one closing the chain is not in its reach, yet it rejects (or
      // constrains) the names the links it reaches leave: that rule is a conjunct beside it.
      const beside = (levels: RefLevel[], l: RefLevel, root: JsonValue) => {
        const out: Conjunct[] = levels.filter((m) => m !== l).map((m) => {
          const { unevaluatedProperties: _, ...v } = m.keywords;
          return { v, loc: m.loc };
        });
        const u = closingLink(levels, root);
        const rule = u > levels.indexOf(l) && unevaluatedConjunct(levels[u]!.keywords, root);
        return rule ? [...out, { v: rule, loc: levels[u]!.loc, unevaluated: true as const }] : out;
      };
      this.compare(x?.keywords ?? true, y?.keywords ?? true, {
        ...(x && y
          ? { beside: { old: beside(old, x, this.oldRoot), new: beside(next, y, this.newRoot) } }
          : {}),
        ...(ro !== undefined || rn !== undefined
          ? { unevaluated: { ...(ro ? { old: ro } : {}), ...(rn ? { new: rn } : {}) } }
          : {}),
        conjoined: { ...(co ? { old: co } : {}), ...(cn ? { new: cn } : {}) },
        ...(ctx.governed ? { governed: true as const } : {}),
        polarity: ctx.polarity,
        path: ctx.path,
        oldLoc: x?.loc ?? y!.loc,
        newLoc: y?.loc ?? x!.loc,
        depth: ctx.depth + 1,
        posFacet: ctx.posFacet,
        posLoc: ctx.posLoc,
        posAspect: ctx.posAspect,
      });
    }
  }

  child(
    ctx: Ctx,
    tokens: readonly string[],
    facet: string,
    aspect: string,
    polarity = ctx.polarity,
  ): Ctx {
    // Built once a child, for every subschema walked: the holder's place is looked up once.
    let suffix = "";
    for (const token of tokens) suffix += `/${escapePointerToken(token)}`;
    const posLoc = this.home(ctx, "new", tokens[0]!);
    const child: Ctx = {
      polarity,
      path: `${ctx.path}.${tokens.join(".")}`,
      oldLoc: this.home(ctx, "old", tokens[0]!) + suffix,
      newLoc: posLoc + suffix,
      depth: ctx.depth + 1,
      posFacet: facet,
      posLoc,
      posAspect: aspect,
    };
    if (polarity === 0 && ctx.polarity === 0 && ctx.undirected !== undefined) {
      child.undirected = ctx.undirected;
    }
    return child;
  }

  facets(old: JsonObject, next: JsonObject, ctx: Ctx): void {
    const [lifted, b] = liftUnion(old, next);
    // anyOf on one side and oneOf on the other, each of disjoint branches: one union.
    const renamed = unionAsWritten(lifted, b, undefined, this.targets);
    const a = renamed?.schema ?? lifted;
    if (renamed) this.unionKeyOf.set(a, renamed.from);
    // Keywords of a type one side's `type` excludes constrain nothing both accept: the type
    // change says what changed for such values (_type_keywords.ts).
    const [ta, tb] = withoutKeywordsOfExcludedTypes(a, b);
    const start = this.out.length;
    this.values(ta, tb, ctx);
    this.objects(ta, tb, ctx);
    this.arrays(ta, tb, ctx);
    // A lone schema reached through a `$ref` and lifted to face the other side's union written
    // elsewhere: the union is reported where that `$ref` is written, as for an inline one, not at
    // its target. A definition that became a union (or stopped being one) is reported there.
    const side = lifted !== old ? 0 : b !== next ? 1 : undefined;
    const loc = side === undefined || ctx.oldLoc === ctx.newLoc ? undefined : ctx.refAt?.[side];
    const at = loc === undefined
      ? ctx
      : { ...ctx, unionAt: { side: side === 0 ? "old" as const : "new" as const, loc } };
    this.combinators(a, b, at, [lifted !== old, b !== next], start, [old, next]);
    this.annotations(a, b, ctx);
  }

  values(a: JsonObject, b: JsonObject, ctx: Ctx): void {
    const type = typeEffect(a, b);
    if (type) {
      const keyword = jsonEqual(a.type, b.type) ? "nullable" : "type";
      const [x, y] = [quotedTypes(a), quotedTypes(b)];
      this.graded(ctx, "type", "type", type, keyword, {
        old: x ?? null,
        new: y ?? null,
      }, `type ${type} from ${show(x ?? "any")} to ${show(y ?? "any")}`);
    }
    const values = enumEffect(a, b);
    if (values) {
      const keyword =
        Object.hasOwn(b, "enum") || (!Object.hasOwn(b, "const") && Object.hasOwn(a, "enum"))
          ? "enum"
          : "const";
      const list = (s: JsonObject) => parsedValues(s) ?? null;
      const va = valueSet(a) ?? [];
      const vb = valueSet(b) ?? [];
      const inA = valueKeys(a) ?? new Set();
      const inB = valueKeys(b) ?? new Set();
      const added = vb.filter((v) => !inA.has(v));
      const removed = va.filter((v) => !inB.has(v));
      const detail = valueSet(a) && valueSet(b)
        ? [
          added.length ? `added ${listValues(added)}` : "",
          removed.length ? `removed ${listValues(removed)}` : "",
        ].filter(Boolean).join("; ")
        : valueSet(b)
        ? `now restricted to ${listValues(vb)}`
        : "no longer restricted";
      this.graded(
        ctx,
        "enum",
        "enum",
        values,
        keyword,
        { old: list(a), new: list(b) },
        `allowed values ${values} (${detail})`,
      );
    }
    // On input integers, a bound at the safe-integer limit is compared as none while both
    // sides accept some safe integer (_safe_integer.ts); on output and under not it is a bound.
    let exempt: boolean | undefined;
    const exemptable = () =>
      exempt ??= this.opts.side === "input" && ctx.polarity > 0 &&
        integerOnly(typeSet(a)) && integerOnly(typeSet(b)) &&
        acceptsSafeInteger(integerFacts(a)) && acceptsSafeInteger(integerFacts(b));
    // Where both sides accept integers only, a bound is compared as the integers it admits
    // (_integer_bound.ts): minimum 1 and exclusiveMinimum 0 are the same bound there.
    const integers = integerOnly(typeSet(a)) && integerOnly(typeSet(b));
    for (const kind of BOUND_KINDS) {
      const ba = numericBound(a, kind);
      const bb = numericBound(b, kind);
      const safe = (x: typeof ba) => x && admitsEverySafeInteger(x, kind === "min") ? undefined : x;
      const whole = (x: typeof ba) => x && integers ? integerBound(x, kind === "min") : x;
      const effect = boundEffect(whole(ba), whole(bb), kind);
      if (!effect) continue;
      // A side that lists its values gains or loses only listed numbers between the two bounds
      // (_enum_bounds.ts): none, and the move changes no accepted value.
      const listed = (s: JsonObject) => listedThrough(s, parsedValues);
      const between = listedBetween(
        listed(effect === "narrowed" ? a : b),
        ba,
        bb,
        kind === "min",
      );
      if (between?.length === 0) continue;
      const aspect = kind === "min" ? "minimum" : "maximum";
      const fmt = (x: typeof ba) => showBound(x, kind) ?? "none";
      const keyword = Object.hasOwn(b, aspect) ||
          !Object.hasOwn(b, `exclusive${aspect[0]!.toUpperCase()}${aspect.slice(1)}`)
        ? aspect
        : `exclusive${aspect[0]!.toUpperCase()}${aspect.slice(1)}`;
      if (!boundEffect(safe(ba), safe(bb), kind) && exemptable()) {
        this.emit(
          ctx,
          aspect,
          { aspect, change: "safeIntegerLimit" },
          "NON_BREAKING",
          keyword,
          { old: showBound(ba, kind), new: showBound(bb, kind) },
          limitMessage(ctx.path, aspect, kind, ba, bb),
        );
        continue;
      }
      this.graded(
        ctx,
        aspect,
        aspect,
        effect,
        keyword,
        { old: ba ? fmt(ba) : null, new: bb ? fmt(bb) : null },
        `${aspect} ${effect === "narrowed" ? "tightened" : "relaxed"} from ${fmt(ba)} to ${
          fmt(bb)
        }${
          between === undefined
            ? ""
            : `, which ${effect === "narrowed" ? "rejects" : "admits"} ${
              between.join(", ")
            } of the values the ${effect === "narrowed" ? "old" : "new"} schema lists`
        }`,
      );
    }
    for (const [key, kind] of COUNT_BOUNDS) {
      // minContains and maxContains count only beside contains (without it they constrain
      // nothing); contains added or removed says what changed.
      if (
        (key === "minContains" || key === "maxContains") &&
        !(Object.hasOwn(a, "contains") && Object.hasOwn(b, "contains"))
      ) {
        continue;
      }
      // Where neither side writes maxItems, the items comparison says what a rest of `false`
      // changed.
      const tuple = key === "maxItems" && (a.maxItems !== undefined || b.maxItems !== undefined);
      const [ba, bb] = tuple
        ? [itemBound(a), itemBound(b)]
        : [countBound(a, key), countBound(b, key)];
      const effect = boundEffect(ba, bb, kind);
      if (!effect) continue;
      const how = effect === "narrowed" ? "tightened" : "relaxed";
      // A count a tuple's rest of false sets is named as such, not as an absent maxItems.
      const count = (s: JsonObject, bound: Bound | undefined) =>
        tuple && s.maxItems === undefined && bound !== undefined
          ? `${bound.value} (the tuple's length, its rest is false)`
          : show(s[key]);
      this.keyword(ctx, key, a, b, effect, `${how} from ${count(a, ba)} to ${count(b, bb)}`);
    }
    const multiple = listedMultiple(a, b, multipleOfEffect(a.multipleOf, b.multipleOf));
    if (multiple) {
      this.keyword(
        ctx,
        "multipleOf",
        a,
        b,
        multiple.effect,
        `${multiple.effect} from ${show(a.multipleOf)} to ${show(b.multipleOf)}${multiple.named}`,
      );
    }
    for (const key of PRESENCE) {
      if (key === "pattern" && typeof a.pattern === "string" && typeof b.pattern === "string") {
        this.pattern(ctx, a, b);
        continue;
      }
      const effect = presenceEffect(a[key], b[key]);
      // Written only for a finding: this runs for each keyword at each node compared.
      const what = () =>
        `${a[key] === undefined ? "added" : b[key] === undefined ? "removed" : "changed"}: ${
          show(a[key])
        } → ${show(b[key])}`;
      if (
        key === "pattern" &&
        zodPatternAdded(a, b, { side: this.opts.side, negated: ctx.polarity <= 0 })
      ) {
        this.emit(
          ctx,
          "pattern",
          { aspect: "pattern", change: "narrowed" },
          "POTENTIALLY_BREAKING",
          "pattern",
          { old: null, new: b.pattern! },
          `${ctx.path}: pattern ${what()}, the pattern zod 4 writes beside the unchanged format ${
            show(b.format)
          }: it restates the format, so it rejects what a validator that checks the format mostly rejected already; validators that ignore formats now reject values the pattern does not match`,
        );
        continue;
      }
      if (
        key === "format" &&
        nonstandardFormatChange(a.format, b.format, {
          side: this.opts.side,
          negated: ctx.polarity <= 0,
        })
      ) {
        this.emit(
          ctx,
          "format",
          { aspect: "format", change: "nonstandard" },
          "POTENTIALLY_BREAKING",
          "format",
          { old: a.format ?? null, new: b.format ?? null },
          `${ctx.path}: format ${what()}, a format JSON Schema does not define: validators that do not know it ignore it, those that define it may reject values`,
        );
        continue;
      }
      if (effect) this.keyword(ctx, key, a, b, effect, what());
    }
    const ua = a.uniqueItems === true;
    const ub = b.uniqueItems === true;
    if (ua !== ub) {
      this.graded(ctx, "uniqueItems", "uniqueItems", ub ? "narrowed" : "widened", "uniqueItems", {
        old: ua,
        new: ub,
      }, ub ? "items must now be unique" : "items no longer need to be unique");
    }
  }

  /** Two patterns compared as languages; undecidable ones are `changed` with the reason. */
  pattern(ctx: Ctx, a: JsonObject, b: JsonObject): void {
    const [x, y] = [a.pattern as string, b.pattern as string];
    if (x === y) return;
    const ab = patternSubset(x, y), ba = patternSubset(y, x);
    const undecided = "reason" in ab ? ab.reason : "reason" in ba ? ba.reason : undefined;
    const wide = "subset" in ab && ab.subset, narrow = "subset" in ba && ba.subset;
    if (wide && narrow) return;
    const effect: Effect = undecided
      ? "changed"
      : wide
      ? "widened"
      : narrow
      ? "narrowed"
      : "changed";
    const why = undecided
      ? `; Proxar cannot compare them (${undecided})`
      : effect === "changed"
      ? "; neither accepts all the strings of the other"
      : `; every string the ${wide ? "old" : "new"} one matches, the ${
        wide ? "new" : "old"
      } one matches too`;
    this.keyword(ctx, "pattern", a, b, effect, `changed: ${show(x)} → ${show(y)}${why}`);
  }

  /**
   * The schema that governed property `name` in `s` when `properties` does not name it: a
   * matching pattern, additionalProperties, or a plain unevaluatedProperties; `undefined` when the
   * object is open for it, a string when Proxar cannot tell.
   */
  modelOf(
    s: JsonObject,
    name: string,
    loc: (keyword: string) => string,
    { rest, root, beside = [] }: {
      /** In an allOf branch, the rule for names it leaves to the object's. */
      rest?: UnevaluatedRest | string | undefined;
      /** The root `s`'s references resolve in. */
      root?: JsonValue | undefined;
      /** The other links of the `$ref` chain `s` applies together with. */
      beside?: readonly JsonValue[] | undefined;
    } = {},
  ): { schema: JsonValue; loc: string } | undefined | string {
    const patterns = isObject(s.patternProperties) ? s.patternProperties : {};
    const every = (v: JsonValue | undefined) => acceptsEvery(v, root);
    const { hits, open, unknownOpen, unknown } = patternHits(patterns, name, every);
    if (unknown !== undefined) return `the pattern ${JSON.stringify(unknown)} cannot be matched`;
    if (hits.length > 1) return "several patternProperties match it";
    if (hits.length === 1) {
      return {
        schema: patterns[hits[0]!]!,
        loc: `${loc("patternProperties")}/patternProperties/${escapePointerToken(hits[0]!)}`,
      };
    }
    // A pattern that accepts every value matches it: the name is evaluated, and open.
    if (open) return undefined;
    if (unknownOpen !== undefined) {
      // Such a pattern Proxar cannot match: matched, the name is open; not, it falls to the
      // schemas below. Told only when those leave it open too.
      const below = this.modelOf({ ...s, patternProperties: {} }, name, loc, {
        rest,
        root,
        beside,
      });
      return below === undefined
        ? undefined
        : `the pattern ${JSON.stringify(unknownOpen)} cannot be matched`;
    }
    if (s.additionalProperties !== undefined) {
      return every(s.additionalProperties) ? undefined : {
        schema: s.additionalProperties,
        loc: `${loc("additionalProperties")}/additionalProperties`,
      };
    }
    if (every(s.unevaluatedProperties)) {
      // In an allOf branch, a name the branch leaves unevaluated falls to the object's
      // unevaluatedProperties, unless something else there evaluates it.
      if (rest === undefined || s.unevaluatedProperties !== undefined) return undefined;
      if (typeof rest === "string") return rest;
      // The branch's own applicators (a conditional, a reference) are asked about this name:
      // `then: {properties: {c}}` leaves b to the object's unevaluatedProperties as before.
      const own = mayEvaluate(applicatorsOf(s), name, root);
      if (own !== false) {
        return `the allOf branch ${own === true ? "evaluates it through an applicator" : own}`;
      }
      const elsewhere = rest.elsewhere(name);
      return elsewhere === false
        ? { schema: rest.schema, loc: rest.loc }
        : typeof elsewhere === "string"
        ? elsewhere
        : undefined;
    }
    // Applicators beside it that never evaluate this name (a conditional about other names, an
    // allOf branch declaring others, through references too) leave it to unevaluatedProperties.
    const applicators = applicatorsOf(s);
    // The target of a `$ref` beside it is evaluated together with it, as an allOf branch.
    if (beside.length > 0) {
      applicators.allOf = [...Array.isArray(s.allOf) ? s.allOf : [], ...beside];
    }
    const others = mayEvaluate(applicators, name, root);
    if (others !== false) {
      return `unevaluatedProperties depends on other applicators here${
        typeof others === "string" ? ` (${others})` : ""
      }`;
    }
    return {
      schema: s.unevaluatedProperties!,
      loc: `${loc("unevaluatedProperties")}/unevaluatedProperties`,
    };
  }

  /**
   * additionalProperties beside an unevaluatedProperties that constrains: a name no property
   * declares is governed by additionalProperties when it is written (even `true`), else by
   * unevaluatedProperties. Where additionalProperties is written on one side only, the two
   * sides' rules for such names are compared (`false` → `{type: boolean}` widens), or, when an
   * applicator may evaluate names too, graded changed. Returns whether it graded the facet.
   */
  restBesideUnevaluated(a: JsonObject, b: JsonObject, ctx: Ctx): boolean {
    const constrains = (v: JsonValue | undefined) =>
      v !== undefined && v !== true && !(isObject(v) && Object.keys(v).length === 0);
    if (!constrains(a.unevaluatedProperties) && !constrains(b.unevaluatedProperties)) return false;
    if ((a.additionalProperties === undefined) === (b.additionalProperties === undefined)) {
      return false;
    }
    const key = "additionalProperties";
    const child = this.child(ctx, [key], key, key);
    const applicators = ["allOf", "anyOf", "oneOf", "$ref", "if", "dependentSchemas", "not"];
    if (applicators.some((k) => a[k] !== undefined || b[k] !== undefined)) {
      this.giveUp(
        child,
        `${key} ${
          a[key] === undefined ? "added" : "removed"
        } beside unevaluatedProperties, which other keywords here also feed; Proxar cannot tell which names it now governs`,
      );
      return true;
    }
    const rest = (s: JsonObject) => s.additionalProperties ?? s.unevaluatedProperties ?? true;
    this.compare(rest(a), rest(b), {
      ...child,
      oldLoc: `${this.home(ctx, "old", key)}/${
        a.additionalProperties === undefined ? "unevaluatedProperties" : key
      }`,
    });
    return true;
  }

  /**
   * The rule one side of an allOf branch leaves its unevaluated names to, when only that side
   * lacks `keyword` (which would evaluate them): the object's unevaluatedProperties, a string
   * when Proxar cannot tell, undefined when it does not constrain them.
   */
  branchRest(
    a: JsonObject,
    b: JsonObject,
    ctx: Ctx,
    keyword: string,
  ): { side: "old" | "new"; rest: UnevaluatedRest | string } | undefined {
    const rests = ctx.unevaluated;
    if (!rests || (a[keyword] === undefined) === (b[keyword] === undefined)) return undefined;
    const side = a[keyword] === undefined ? "old" : "new";
    const s = side === "old" ? a : b;
    const rest = rests[side];
    if (rest === undefined || s.unevaluatedProperties !== undefined) return undefined;
    const nested = EVALUATING_APPLICATORS.filter((k) => s[k] !== undefined);
    if (typeof rest !== "string" && nested.length > 0) {
      return { side, rest: `the allOf branch may evaluate names through ${nested.join(" and ")}` };
    }
    return { side, rest };
  }

  /**
   * additionalProperties written on one side only of an allOf branch whose object's
   * unevaluatedProperties constrains (draft 2020-12): the names nothing else evaluates fell to
   * that unevaluatedProperties where the branch has none, and to the branch's own where it has
   * one, so the two are compared: `additionalProperties: true` added to a branch of an object
   * with `unevaluatedProperties: false` lets every name in (widened). Names something else
   * evaluates are constrained by the branch's additionalProperties on top of their own schemas,
   * the usual comparison with `true`, left out (the return value) when nothing else evaluates a
   * name.
   */
  restInBranch(a: JsonObject, b: JsonObject, ctx: Ctx): boolean {
    const key = "additionalProperties";
    const found = this.branchRest(a, b, ctx, key);
    if (found === undefined) return false;
    const { side, rest } = found;
    const child = this.child(ctx, [key], key, key);
    if (typeof rest === "string") {
      this.giveUp(
        child,
        `additionalProperties was ${
          side === "old" ? "added to" : "removed from"
        } an allOf branch beside the object's unevaluatedProperties, and Proxar cannot tell which names that governed (${rest})`,
      );
      return true;
    }
    this.compare(a[key] ?? rest.schema, b[key] ?? rest.schema, {
      ...child,
      ...(side === "old" ? { oldLoc: rest.loc } : { newLoc: rest.loc }),
      inherited: true,
      aside: `names nothing else evaluates ${
        side === "old" ? "were" : "are"
      } left to the object's unevaluatedProperties where the allOf branch has no additionalProperties`,
    });
    return !rest.othersEvaluate;
  }

  /**
   * A pattern property written on one side only of an allOf branch whose object's
   * unevaluatedProperties constrains: the names it matches (and nothing else evaluates) fell to
   * that unevaluatedProperties on the other side, so the two schemas are compared. Names
   * something else evaluates are constrained by the pattern on top of their own schemas, the
   * usual grade, left out (the return value) when nothing else evaluates a name.
   */
  patternInBranch(
    a: JsonObject,
    b: JsonObject,
    ctx: Ctx,
    pattern: string,
    { old, new: next }: { old?: JsonValue | undefined; new?: JsonValue | undefined },
  ): boolean {
    const side = old === undefined ? "old" : "new";
    const s = side === "old" ? a : b;
    let rest = ctx.unevaluated?.[side];
    // Names the branch's own additionalProperties or unevaluatedProperties evaluated are not
    // the object's to govern.
    if (rest === undefined || s.unevaluatedProperties !== undefined) return false;
    if (s.additionalProperties !== undefined) return false;
    const nested = EVALUATING_APPLICATORS.filter((k) => s[k] !== undefined);
    if (typeof rest !== "string" && nested.length > 0) {
      rest = `the allOf branch may evaluate names through ${nested.join(" and ")}`;
    }
    const key = "patternProperties";
    const child = this.child(ctx, [key, pattern], key, key);
    if (typeof rest === "string") {
      this.giveUp(
        child,
        `the pattern property ${JSON.stringify(pattern)} was ${
          side === "old" ? "added to" : "removed from"
        } an allOf branch beside the object's unevaluatedProperties, and Proxar cannot tell which names that governed (${rest})`,
      );
      return true;
    }
    this.compare(old ?? rest.schema, next ?? rest.schema, {
      ...child,
      ...(side === "old" ? { oldLoc: rest.loc } : { newLoc: rest.loc }),
      inherited: true,
      aside: `names the pattern matches ${
        side === "old" ? "were" : "are"
      } left to the object's unevaluatedProperties where the allOf branch does not declare it`,
    });
    return !rest.othersEvaluate;
  }

  objects(a: JsonObject, b: JsonObject, ctx: Ctx): void {
    const start = this.out.length;
    const propsA = isObject(a.properties) ? a.properties : {};
    const propsB = isObject(b.properties) ? b.properties : {};
    const reqA = stringSet(a.required);
    const reqB = stringSet(b.required);
    // A name that moved between `properties` and an allOf branch is still declared: the allOf
    // comparison grades its values (zod 3 writes an intersection as an allOf of objects).
    const [viaA, viaB] = [inAllOf(a), inAllOf(b)];
    // Declared the same for every object elsewhere (each branch of a union beside it), on both
    // sides: the old schema accepts the same values without it, and the new one with it, so
    // nothing was removed.
    const removedProps = Object.keys(propsA)
      .filter((k) => !Object.hasOwn(propsB, k) && !viaB.has(k)).sort()
      .filter((name) =>
        !removalInert(a, b, name, {
          oldRoot: this.oldRoot,
          newRoot: this.newRoot,
          known: STRUCTURED_VOCABULARY,
          budget: this.opts.proofs,
        }) &&
        // Refused on both sides by a schema beside it (ajv 8): nothing changes for the name.
        !(ctx.polarity === 1 && rejectedBeside(ctx.beside, name, [this.oldRoot, this.newRoot]))
      );
    // Names a schema still governs after their property went (a pattern, additionalProperties):
    // graded by what applied to them before and after, required or not on its own.
    const meetings = new Map<string, Meeting>();
    for (const name of removedProps) {
      const met = this.removedMeeting(a, b, name, ctx);
      if (met !== undefined) meetings.set(name, met);
    }
    const addedProps = Object.keys(propsB)
      .filter((k) => !Object.hasOwn(propsA, k) && !viaA.has(k)).sort();
    // A name every branch of the old union requires was required of every object before.
    const byBranches = requiredByBranches(a);
    const reqAdded = [...reqB].filter((n) => !reqA.has(n) && !byBranches.has(n)).sort();
    const reqRemoved = [...reqA]
      .filter((n) => !reqB.has(n) && (!removedProps.includes(n) || meetings.has(n))).sort();
    const sorted = (s: Set<string>) => [...s].sort();
    if (reqAdded.length > 0) {
      const fresh = reqAdded.filter((n) => !Object.hasOwn(propsA, n));
      const made = reqAdded.filter((n) => Object.hasOwn(propsA, n));
      const what = [
        fresh.length
          ? `new required ${fresh.length > 1 ? "properties" : "property"} ${names(fresh)}`
          : "",
        made.length ? `${names(made)} ${made.length > 1 ? "are" : "is"} now required` : "",
      ].filter(Boolean).join("; ");
      const values = { old: sorted(reqA), new: sorted(reqB) };
      const defaulted = defaultedRequired(reqAdded, b.properties, {
        side: this.opts.side,
        negated: ctx.polarity <= 0,
      }, this.newRoot);
      if (defaulted === true) {
        const them = reqAdded.length > 1;
        this.emit(
          ctx,
          "required",
          { aspect: "required", change: "added" },
          "POTENTIALLY_BREAKING",
          "required",
          values,
          `${ctx.path}: ${what}; ${
            them ? "each has" : "it has"
          } a default: clients that validate arguments against the schema reject calls without ${
            them ? "them" : "it"
          }, the server likely fills the default`,
        );
      } else {this.graded(
          ctx,
          "required",
          "required",
          "narrowed",
          "required",
          values,
          defaulted === false ? what : `${what}; ${defaulted}`,
          "added",
        );}
    }
    if (reqRemoved.length > 0) {
      this.graded(
        ctx,
        "required",
        "required",
        "widened",
        "required",
        { old: sorted(reqA), new: sorted(reqB) },
        `${names(reqRemoved)} ${reqRemoved.length > 1 ? "are" : "is"} no longer required`,
        "removed",
      );
    }
    const side = this.opts.side;
    const oldAt = (keyword: string) => this.home(ctx, "old", keyword);
    const newAt = (keyword: string) => this.home(ctx, "new", keyword);
    const requiredAfter = requiredNames(b);
    // Names the new object declares in conditional places; null when a reference hides them.
    let knownAfter: Map<string, string> | null | undefined;
    const after = () =>
      knownAfter === undefined ? knownAfter = this.declaredBeside(b, ctx, "new") : knownAfter;
    for (const name of removedProps) {
      const met = meetings.get(name);
      if (met !== undefined) {
        this.removedMeets(ctx, name, propsA[name]!, met);
        continue;
      }
      if (propsA[name] === false) {
        // A forbidden name: nothing a caller sent could use it. Still forbidden: no change.
        const model = this.modelOf(b, name, newAt, {
          rest: ctx.unevaluated?.new,
          root: this.newRoot,
          beside: ctx.conjoined?.new,
        });
        if (isObject(model) && model.schema === false) continue;
        if (typeof model !== "string") {
          // Nothing governs the name now: compared with `true`, shown as absent (null).
          this.compare(false, isObject(model) ? model.schema : true, {
            ...this.child(ctx, ["properties", name], "properties", "schema"),
            ...(isObject(model) ? {} : { absent: "new" as const }),
            newLoc: isObject(model)
              ? model.loc
              : `${newAt("properties")}/properties/${escapePointerToken(name)}`,
          });
          continue;
        }
      }
      // Values the name may still hold now come from a schema (a partially open object).
      const model = this.modelOf(b, name, newAt, {
        rest: ctx.unevaluated?.new,
        root: this.newRoot,
        beside: ctx.conjoined?.new,
      });
      if (isObject(model) && model.schema !== false) {
        this.compare(propsA[name], model.schema, {
          ...this.child(ctx, ["properties", name], "properties", "schema"),
          newLoc: model.loc,
          governed: true,
        });
      } else if (model === undefined && requiredAfter.has(name)) {
        // Still required, now with any value: what it may hold widens (the mirror of a property
        // declared for a name required before).
        this.compare(propsA[name], true, {
          ...this.child(ctx, ["properties", name], "properties", "schema"),
          newLoc: newAt("required"),
          governed: true,
        });
      } else if (model === undefined && after()?.has(name)) {
        // Still declared in a conditional place: where it does not apply, the name now holds any
        // value (the mirror of a property declared for a name a dependentSchemas entry declared),
        // unless the branches of a union, each closed to it or declaring it, say what it holds.
        const held = heldByBranches(b, name);
        const union = { anyOf: held?.map((h) => h.schema) ?? [] };
        if (held?.length === 1) {
          this.compare(propsA[name], held[0]!.schema, {
            ...this.child(ctx, ["properties", name], "properties", "schema"),
            newLoc: `${newAt(String(held[0]!.tail[0]))}${pointerOf(held[0]!.tail)}`,
          });
        } else if (
          held === undefined || held.length === 0 ||
          !this.proves(propsA[name]!, union, "widened", false) ||
          !this.proves(union, propsA[name]!, "narrowed", false)
        ) {
          this.compare(propsA[name], true, {
            ...this.child(ctx, ["properties", name], "properties", "schema"),
            newLoc: after()!.get(name)!,
            governed: true,
          });
        }
      } else if (typeof model === "string") {
        // The mirror of a property added where Proxar cannot tell what governed the name.
        this.undecidableProperty(ctx, name, { old: propsA[name]! }, model);
        continue;
      } else if (model === undefined && after() === null) {
        // The mirror of a property added beside a reference Proxar cannot follow: undecidable.
        this.undecidableProperty(
          ctx,
          name,
          { old: propsA[name]! },
          "a reference it cannot follow may declare it",
        );
      }
      // Required before with one value it could hold (an empty closed object, a const), the
      // object open to it now: every call sent that value, still accepted, and lost nothing.
      const sole = model === undefined && !requiredAfter.has(name) && after() !== null &&
          !after()!.has(name) && side === "input" && ctx.polarity === 1 &&
          ctx.beside === undefined && ctx.conjoined === undefined && ctx.unevaluated === undefined
        ? carriedNothing(a, b, name, this.oldRoot)
        : undefined;
      this.emit(
        ctx,
        "properties",
        { aspect: "property", change: "removed" },
        sole === undefined ? "BREAKING" : "NON_BREAKING",
        "properties",
        { old: propsA[name]! },
        `${ctx.path}: property "${name}" was removed${
          sole !== undefined
            ? `; it was required and accepted only ${
              JSON.stringify(sole.value)
            }, so every call sent that value, which the object, open to the name, still accepts: the server loses nothing by ignoring it`
            : side === "input"
            ? "; callers that send it are rejected or silently ignored"
            : "; consumers that read it break"
        }`,
        { loc: this.changeLoc(ctx, "properties"), path: `${ctx.path}.properties.${name}` },
      );
    }
    const requiredBefore = requiredNames(a);
    const knownBefore = addedProps.length > 0 ? this.declaredBeside(a, ctx, "old") : new Map();
    for (const name of addedProps) {
      // A name that a schema (not true, not false) governed before: the values it allowed for
      // that name are compared with the new property's schema.
      const model = this.modelOf(a, name, oldAt, {
        rest: ctx.unevaluated?.old,
        root: this.oldRoot,
        beside: ctx.conjoined?.old,
      });
      // An allOf branch's new name that the schemas beside it (another branch's
      // patternProperties or additionalProperties) governed: those still apply, and the new
      // property meets them. Compared as such, not as an optional parameter offered.
      // A name a pattern of this object matched before and still matches: patternProperties
      // apply to declared names too, so the new property meets it (one pattern, or several).
      const own = propsB[name] === false ? undefined : this.ownPatterns(a, b, name, model, ctx);
      if (typeof own === "string") {
        this.undecidableProperty(ctx, name, { new: propsB[name]! }, own);
        continue;
      }
      if ((model === undefined || own !== undefined) && propsB[name] !== false) {
        const met = this.meetsBeside(ctx, name, propsB, own);
        if (met === true) continue;
        if (met === "same" && own !== undefined) {
          if (!reqAdded.includes(name)) {
            this.optionalAdded(ctx, name, propsB[name]!, "", {
              path: `${ctx.path}.properties.${name}`,
            });
          }
          continue;
        }
      }
      if (model === undefined && requiredBefore.has(name)) {
        // Required before with any value: every caller sent it, so declaring it constrains what
        // they send (a narrowing on input), not an optional parameter offered.
        this.compare(true, propsB[name], {
          ...this.child(ctx, ["properties", name], "properties", "schema"),
          // No schema stood for it: shown as absent (null).
          absent: "old",
          oldLoc: oldAt("required"),
          aside: `"${name}" was required before, with any value`,
          governed: true,
        });
        continue;
      }
      const site = knownBefore?.get(name);
      // The old object did not forbid the name (no false model).
      const open = model === undefined || (isObject(model) && model.schema !== false);
      if (open && propsB[name] !== false && site !== undefined) {
        // Declared in branches of a union, each closed to the name or declaring it: what the
        // name held before is what those branches admit (a union of closed objects flattened).
        const held = model === undefined ? heldByBranches(a, name) : undefined;
        if (held?.length === 1) {
          const tail = held[0]!.tail;
          this.compare(held[0]!.schema, propsB[name], {
            ...this.child(ctx, ["properties", name], "properties", "schema"),
            oldLoc: `${oldAt(String(tail[0]))}${pointerOf(tail)}`,
            aside: `"${name}" could hold before only what ${
              held[0]!.tail.join(".")
            } admits, the other branches reject it`,
          });
          continue;
        }
        const union = { anyOf: held?.map((h) => h.schema) ?? [] };
        if (
          held !== undefined && held.length > 1 &&
          this.proves(union, propsB[name]!, "widened", false) &&
          this.proves(propsB[name]!, union, "narrowed", false)
        ) continue;
        // Declared before in a conditional place (dependentSchemas, then, an anyOf branch …):
        // callers know the name and may send it, with any value where that declaration does not
        // apply. Declaring it for every object constrains those values; compared with what the
        // name could hold before unconditionally, not graded as an optional parameter offered.
        this.compare(isObject(model) ? model.schema : true, propsB[name], {
          ...this.child(ctx, ["properties", name], "properties", "schema"),
          oldLoc: isObject(model) ? model.loc : site,
          aside: `"${name}" was declared before only at ${
            site.replace(/^\//, "").replaceAll("/", ".")
          }, which does not apply to every object`,
          governed: true,
        });
        continue;
      }
      // A reference that cannot be followed may have declared the name: undecidable.
      const unfollowed = knownBefore === null && open && propsB[name] !== false;
      if (typeof model === "string" || unfollowed) {
        const why = typeof model === "string"
          ? model
          : "a reference it cannot follow may declare it";
        this.undecidableProperty(ctx, name, { new: propsB[name]! }, why);
        continue;
      }
      if (propsB[name] === false) {
        // A name newly forbidden: not a parameter added, the values it held are now rejected.
        if (!(isObject(model) && model.schema === false)) {
          // Nothing governed the name before: compared with `true`, shown as absent (null).
          this.compare(isObject(model) ? model.schema : true, false, {
            ...this.child(ctx, ["properties", name], "properties", "schema"),
            ...(isObject(model) ? {} : { absent: "old" as const }),
            oldLoc: isObject(model)
              ? model.loc
              : `${oldAt("properties")}/properties/${escapePointerToken(name)}`,
          });
        }
        continue;
      }
      if (model !== undefined && model.schema !== false) {
        this.compare(model.schema, propsB[name], {
          ...this.child(ctx, ["properties", name], "properties", "schema"),
          oldLoc: model.loc,
          governed: true,
        });
      }
      const closed = isObject(model) && model.schema === false;
      // A required name added is reported as required.added, unless the old output schema
      // closed the object to it: that one is a widening the required finding does not show.
      if (reqAdded.includes(name) && !(closed && this.opts.side === "output")) continue;
      if (model !== undefined && model.schema !== false) this.governedNames.add(this.out.length);
      this.optionalAdded(ctx, name, propsB[name]!, "", {
        path: `${ctx.path}.properties.${name}`,
      }, { closed, required: reqAdded.includes(name) });
    }
    this.groupedNames(ctx, a, b, start);
    // Equal subschemas hold no change when no reference can make them mean different things
    // (compare() says so too, after building their context: thousands of them in a wide object).
    const skipEqual = this.shortcut && ctx.depth < MAX_DEPTH && !this.opts.exhaustive;
    for (const name of Object.keys(propsA).filter((k) => Object.hasOwn(propsB, k)).sort()) {
      if (skipEqual && jsonEqual(propsA[name], propsB[name])) continue;
      this.compare(
        propsA[name],
        propsB[name],
        this.child(ctx, ["properties", name], "properties", "schema"),
      );
    }
    // A tuple's rest written as unevaluatedItems is compared with the items (arrays()): zod's
    // `items: false` and `unevaluatedItems: false` after the same prefixItems say the same.
    const restOf = (s: JsonObject) =>
      Array.isArray(s.prefixItems) && tuple(s).restKey === "unevaluatedItems";
    const rests = [restOf(a), restOf(b)];
    // A property moved into (or out of) allOf branches keeps its name; its values are compared
    // with what the branches that now (or then) declare it say.
    const moved = (
      props: JsonObject,
      other: JsonObject,
      via: ReturnType<typeof inAllOf>,
      side: "old" | "new",
    ) => {
      for (const name of Object.keys(props).filter((k) => !Object.hasOwn(other, k)).sort()) {
        const at = via.get(name);
        if (at === undefined) continue;
        const there = at.length === 1 ? at[0]!.schema : { allOf: at.map((x) => x.schema) };
        const loc = `${this.home(ctx, side, "allOf")}/allOf/${at[0]!.i}/properties/${
          escapePointerToken(name)
        }`;
        const child = this.child(ctx, ["properties", name], "properties", "schema");
        if (side === "new") this.compare(props[name], there, { ...child, newLoc: loc });
        else this.compare(there, props[name], { ...child, oldLoc: loc });
      }
    };
    moved(propsA, propsB, viaB, "new");
    moved(propsB, propsA, viaA, "old");
    for (const key of SUBSCHEMAS) {
      if (a[key] === undefined && b[key] === undefined) continue;
      if (
        key === "unevaluatedItems" && (rests[0] || rests[1]) &&
        (rests[0] || a[key] === undefined) && (rests[1] || b[key] === undefined)
      ) continue;
      const absent = a[key] === undefined ? "old" : b[key] === undefined ? "new" : undefined;
      const child = this.child(ctx, [key], key, key);
      if (key === "additionalProperties" && this.restBesideUnevaluated(a, b, ctx)) continue;
      if (key === "additionalProperties" && this.restInBranch(a, b, ctx)) continue;
      this.compare(a[key] ?? true, b[key] ?? true, absent ? { ...child, absent } : child);
    }
    this.keyed(a, b, ctx, "patternProperties", (name, x, y) => {
      if (x !== undefined && y !== undefined) {
        this.compare(
          x,
          y,
          this.child(ctx, ["patternProperties", name], "patternProperties", "patternProperties"),
        );
      } else {
        if (this.patternInBranch(a, b, ctx, name, { old: x, new: y })) return;
        // Graded on the property keywords together: a pattern constrains the names it matches
        // and frees them from additionalProperties, or, where none is written, from an
        // unevaluatedProperties (nameKeywords(); no direction where another keyword beside may
        // take a name from it). Pure set inclusion: a property removed or added beside is
        // reported on its own.
        const pa = nameKeywords(a, this.oldRoot), pb = nameKeywords(b, this.newRoot);
        const decided = pa !== undefined && pb !== undefined;
        const wide = decided && this.proves(pa, pb, "widened", false);
        const narrow = decided && this.proves(pb, pa, "narrowed", false);
        if (wide && narrow) return;
        const effect: Effect = wide ? "widened" : narrow ? "narrowed" : "changed";
        const what = `the pattern property ${JSON.stringify(name)} was ${
          x === undefined ? "added" : "removed"
        }`;
        this.graded(
          ctx,
          "patternProperties",
          "patternProperties",
          effect,
          "patternProperties",
          { old: x, new: y },
          effect === "changed"
            ? `${what}; Proxar cannot tell whether the properties it governs accept more or less`
            : what,
          effect,
        );
      }
    });
    this.keyed(
      a,
      b,
      ctx,
      "dependentRequired",
      (name, x, y) => this.dependency(ctx, "dependentRequired", name, x, y),
    );
    this.keyed(
      a,
      b,
      ctx,
      "dependentSchemas",
      (name, x, y) => this.dependency(ctx, "dependentSchemas", name, x, y, [a, b]),
    );
    this.keyed(
      a,
      b,
      ctx,
      "dependencies",
      (name, x, y) => this.dependency(ctx, "dependencies", name, x, y, [a, b]),
    );
  }

  keyed(
    a: JsonObject,
    b: JsonObject,
    _ctx: Ctx,
    key: string,
    each: (name: string, x: JsonValue | undefined, y: JsonValue | undefined) => void,
  ): void {
    // Most objects write none of these keywords: nothing to pair, nothing to allocate.
    if (!isObject(a[key]) && !isObject(b[key])) return;
    const ma = isObject(a[key]) ? a[key] as JsonObject : {};
    const mb = isObject(b[key]) ? b[key] as JsonObject : {};
    for (const name of [...new Set([...Object.keys(ma), ...Object.keys(mb)])].sort()) {
      const x = Object.hasOwn(ma, name) ? ma[name] : undefined;
      const y = Object.hasOwn(mb, name) ? mb[name] : undefined;
      if (x !== undefined && y !== undefined && this.shortcut && jsonEqual(x, y)) continue;
      each(name, x, y);
    }
  }

  dependency(
    ctx: Ctx,
    key: string,
    name: string,
    x: JsonValue | undefined,
    y: JsonValue | undefined,
    nodes?: [JsonObject, JsonObject],
  ): void {
    const values = { old: x ?? null, new: y ?? null };
    if (x === undefined || y === undefined) {
      // A schema that applies where the name is present, beside an unevaluated keyword that
      // reads what it marks evaluated, is graded as a then or else on one side only is.
      const seen = nodes === undefined
        ? undefined
        : conditionalBeside(this.sides(ctx, ...nodes), entryPart(key, name), [x, y]);
      if (seen === "same") return;
      const effect = seen ?? (x === undefined ? "narrowed" : "widened");
      this.graded(
        ctx,
        key,
        key,
        effect,
        key,
        values,
        `the dependency on "${name}" was ${x === undefined ? "added" : "removed"}${
          seen === "changed" ? SEEN_CONDITION : ""
        }`,
      );
      return;
    }
    if (Array.isArray(x) && Array.isArray(y)) {
      const sa = stringSet(x);
      const sb = stringSet(y);
      const grew = [...sb].every((n) => sa.has(n));
      const more = [...sa].every((n) => sb.has(n));
      if (grew && more) return;
      const effect: Effect = more ? "narrowed" : grew ? "widened" : "changed";
      this.graded(
        ctx,
        key,
        key,
        effect,
        key,
        values,
        `properties required with "${name}" changed from ${show(x)} to ${show(y)}`,
      );
      return;
    }
    if (!Array.isArray(x) && !Array.isArray(y)) {
      this.compare(x, y, this.child(ctx, [key, name], key, key));
      return;
    }
    this.graded(ctx, key, key, "changed", key, values, `the dependency on "${name}" changed form`);
  }

  /**
   * The schema each side holds item `i` under past the positions it lists, and its keyword, as a
   * function of `i`: the rest tuple() reads, or, beside an unevaluatedItems and no rest of its
   * own, that unevaluatedItems where no keyword beside may evaluate the item (itemsGovernedBy()),
   * when the other side holds it under a schema it writes for it (a position, items). `why` says
   * why the side `unsure` may hold it under either, where a keyword beside may evaluate it. What
   * the keywords beside evaluate is read once a side, for every position.
   */
  governed(a: JsonObject, b: JsonObject, ta: Tuple, tb: Tuple): (i: number) => Governed {
    const past = (s: JsonObject, t: Tuple, root: JsonValue | undefined) => {
      if (t.restKey === "unevaluatedItems" || s[t.restKey] !== undefined) return () => "evaluated";
      if (s.unevaluatedItems === undefined) return () => "evaluated";
      let by: ((i: number) => string) | undefined;
      return (i: number) =>
        i < t.prefix.length ? "evaluated" : (by ??= itemsGovernedBy(s, root))(i);
    };
    const pa = past(a, ta, this.oldRoot), pb = past(b, tb, this.newRoot);
    const side = (s: JsonObject, t: Tuple, g: string, other: string) =>
      g !== "evaluated" && other === "evaluated"
        ? { rest: s.unevaluatedItems!, key: "unevaluatedItems" }
        : { rest: t.rest, key: t.restKey };
    const unsure = (g: string, other: string) =>
      g !== "evaluated" && g !== "unevaluated" && other === "evaluated";
    return (i) => {
      const ga = pa(i), gb = pb(i);
      return {
        old: side(a, ta, ga, gb),
        new: side(b, tb, gb, ga),
        ...(unsure(ga, gb)
          ? { why: ga, unsure: "old" as const }
          : unsure(gb, ga)
          ? { why: gb, unsure: "new" as const }
          : {}),
      };
    };
  }

  /**
   * Compares item schemas `x` → `y` held as {@link governed} says: where one side may hold the
   * item under its unevaluatedItems or under nothing, undirected, with each reading compared
   * until one differs.
   */
  compareGoverned(x: JsonValue, y: JsonValue, g: Governed, at: Ctx): void {
    if (g.why === undefined) {
      this.compare(x, y, at);
      return;
    }
    const ctx: Ctx = {
      ...at,
      polarity: 0,
      undirected: `past the positions listed, beside unevaluatedItems, where ${g.why}`,
    };
    const start = this.out.length;
    this.compare(x, y, ctx);
    if (this.out.length > start) return;
    const held = g.unsure === "old" ? x : y;
    if (held === false) return;
    if (g.unsure === "old") this.compare(true, y, ctx);
    else this.compare(x, true, ctx);
  }

  arrays(a: JsonObject, b: JsonObject, ctx: Ctx): void {
    const has = (s: JsonObject) =>
      s.items !== undefined || s.prefixItems !== undefined || s.additionalItems !== undefined;
    if (has(a) || has(b)) {
      const ta = tuple(a);
      const tb = tuple(b);
      const la = itemLimit(a.maxItems, ta.prefix.length, ta.rest);
      const lb = itemLimit(b.maxItems, tb.prefix.length, tb.rest);
      const count = Math.max(ta.prefix.length, tb.prefix.length);
      const governed = this.governed(a, b, ta, tb);
      for (let i = 0; i < count; i++) {
        // A position neither side can fill constrains nothing (zod 4 writes a tuple's end as
        // items: false where zod 3 wrote maxItems); one only the new side can fill widened.
        if (!holdsPosition(la, i) && !holdsPosition(lb, i)) {
          // Its prose is still read.
          this.unreachedAt(ctx, ta.prefix[i], tb.prefix[i], {
            old: `${this.home(ctx, "old", ta.prefixKey)}/${ta.prefixKey}/${i}`,
            new: `${this.home(ctx, "new", tb.prefixKey)}/${tb.prefixKey}/${i}`,
            path: `${ctx.path}.${tb.prefix[i] === undefined ? ta.prefixKey : tb.prefixKey}.${i}`,
          });
          continue;
        }
        const g = governed(i);
        const x = holdsPosition(la, i) ? ta.prefix[i] ?? g.old.rest : false;
        const y = holdsPosition(lb, i) ? tb.prefix[i] ?? g.new.rest : false;
        const key = i < tb.prefix.length ? tb.prefixKey : ta.prefixKey;
        // A position one side leaves to a rest it does not write holds any value: shown as absent.
        const absent = i >= ta.prefix.length && a[g.old.key] === undefined
          ? "old"
          : i >= tb.prefix.length && b[g.new.key] === undefined
          ? "new"
          : undefined;
        this.compareGoverned(x, y, g, {
          ...this.child(ctx, [key, String(i)], "items", "items"),
          ...(absent === undefined ? {} : { absent }),
          oldLoc: i < ta.prefix.length
            ? `${this.home(ctx, "old", ta.prefixKey)}/${ta.prefixKey}/${i}`
            : `${this.home(ctx, "old", g.old.key)}/${g.old.key}`,
          newLoc: i < tb.prefix.length
            ? `${this.home(ctx, "new", tb.prefixKey)}/${tb.prefixKey}/${i}`
            : `${this.home(ctx, "new", g.new.key)}/${g.new.key}`,
        });
      }
      // The rest schema governs positions from `count` on; when neither side admits that many
      // items, it constrains nothing on either side.
      if (holdsPosition(la, count) || holdsPosition(lb, count)) {
        const g = governed(count);
        const ra = holdsPosition(la, count) ? g.old.rest : false;
        const rb = holdsPosition(lb, count) ? g.new.rest : false;
        // Named at the rest a side writes, where the other's unevaluatedItems holds the items.
        const restKey = g.new.key === tb.restKey ? tb.restKey : ta.restKey;
        this.compareGoverned(ra, rb, g, {
          ...this.child(ctx, [restKey], "items", "items"),
          oldLoc: `${this.home(ctx, "old", g.old.key)}/${g.old.key}`,
          newLoc: `${this.home(ctx, "new", g.new.key)}/${g.new.key}`,
        });
      } else {
        this.unreachedAt(ctx, a[ta.restKey], b[tb.restKey], {
          old: `${this.home(ctx, "old", ta.restKey)}/${ta.restKey}`,
          new: `${this.home(ctx, "new", tb.restKey)}/${tb.restKey}`,
          path: `${ctx.path}.${b[tb.restKey] === undefined ? ta.restKey : tb.restKey}`,
        });
      }
    }
    // Beside maxContains, an item that now matches contains may push the count past it: a
    // change inside contains has no direction then.
    const counted = a.maxContains !== undefined || b.maxContains !== undefined;
    if (counted && ctx.polarity !== 0 && a.contains !== undefined && b.contains !== undefined) {
      this.compare(a.contains, b.contains, {
        ...this.child(ctx, ["contains"], "contains", "contains", 0),
        undirected: "inside contains beside maxContains, where more matching items may exceed it",
      });
    } else if (
      !this.containsUncounted(ctx, a, b) &&
      !this.keywordBeside(ctx, "contains", a, b, containsPart())
    ) this.optional(ctx, "contains", a, b);
  }

  /**
   * A contains written on one side only that requires no item there
   * ({@link containsRequiresNothing}): it only marks the items it matches evaluated, so where an
   * unevaluatedItems reads them, added it widens (removed it narrows) unless the proof finds the
   * same values; elsewhere it constrains nothing, and its prose is read. True when so graded.
   */
  containsUncounted(ctx: Ctx, a: JsonObject, b: JsonObject): boolean {
    const effect = uncountedContains(this.sides(ctx, a, b));
    if (effect === undefined) return false;
    if (effect === "unseen") this.unreached(ctx, a, b, ["contains"]);
    else if (effect !== "same") {
      this.keyword(
        ctx,
        "contains",
        a,
        b,
        effect,
        `${
          a.contains === undefined ? "added" : "removed"
        } beside minContains 0: it requires no item, and only marks the items it matches evaluated`,
      );
    }
    return true;
  }

  /**
   * `lifted` says which side is a lone schema compared as a one-branch combination (see
   * {@link liftUnion}).
   */
  combinators(
    a: JsonObject,
    b: JsonObject,
    ctx: Ctx,
    lifted: [boolean, boolean],
    nodeStart = this.out.length,
    /** Each side before a lone schema was lifted into a one-branch combinator facing the other. */
    lone?: [JsonObject, JsonObject],
  ): void {
    // New allOf branches that only declare optional properties are those properties added;
    // the rest of the allOf is compared without them.
    const declaring = this.propertyBranchesAdded(a, b, ctx);
    if (declaring.size > 0) {
      // `true` keeps the other branches' places; kept() leaves it out as annotations only.
      b = { ...b, allOf: (b.allOf as JsonValue[]).map((x, i) => declaring.has(i) ? true : x) };
    }
    // Beside unevaluatedProperties false, an old branch that only declared optional properties
    // is those properties removed from a closed object: reported as removed, and no conjunct
    // dropped (which would read widened, where the names are now rejected).
    // A branch that accepts every value (annotations only, or an if without then and else that
    // decides nothing there) constrains nothing.
    const free = this.acceptsEveryBranch(ctx, lifted, () => [a, b]);
    const constraining = (s: JsonObject, side: 0 | 1) =>
      Array.isArray(s.allOf) ? s.allOf.filter((x, i) => !free[side](x, i)).length : 0;
    let dropped = b.unevaluatedProperties === false
      ? propertyBranches(b, a, [this.newRoot, this.oldRoot])
      : [];
    // Only branches gone from the list: one the new side still has a counterpart for (a branch
    // whose properties emptied) is compared with it.
    if (constraining(b, 1) + dropped.length !== constraining(a, 0)) dropped = [];
    if (dropped.length > 0) {
      const old = a.allOf as JsonValue[];
      this.namesRemoved(ctx, dropped.map((i) => ({ v: old[i]!, i: [i] })), undefined, [a, b]);
      a = { ...a, allOf: old.map((x, i) => dropped.includes(i) ? true : x) };
    }
    this.annotationBranches(a, b, ctx, lifted, free);
    // anyOf on one side and oneOf on the other, whose branches may overlap: the union became
    // exclusive (or stopped being so), one change graded by the values it keeps or drops.
    const swapped = this.unionSwapped(a, b, ctx);
    for (const key of ["anyOf", "oneOf", "allOf"] as const) {
      if (swapped && key !== "allOf") continue;
      const union = key !== "allOf";
      // An allOf branch that accepts every value constrains nothing. The index lists map the
      // branches compared back to their places in the schema.
      const kept = (s: JsonObject, side: 0 | 1) => {
        if (!Array.isArray(s[key])) return undefined;
        const all = key === "anyOf"
          ? flatAnyOf(s[key] as JsonValue[])
          : (s[key] as JsonValue[]).map((v, i) => ({ v, i: [i] }));
        const some = union ? all : all.filter((x) => !free[side](x.v, x.i[0]!));
        return some.length === 0 && !union ? undefined : some;
      };
      const ka = kept(a, 0), kb = kept(b, 1);
      if (!ka && !kb) continue;
      const xa = ka?.map((x) => x.v), xb = kb?.map((x) => x.v);
      if (!xa || !xb) {
        // Adding a combinator usually constrains, removing it frees; the subsumption proof
        // settles the cases where that is not so (a branch that accepts everything, keywords
        // that moved into the branches).
        if (key === "allOf" && ka && !kb) this.namesRemoved(ctx, ka, undefined, [a, b]);
        const [wide, narrow, limit] = this.provesEither(a, b, ctx);
        if (limit) this.limitFindings(ctx, key, a, b, lifted, this.out.length);
        if (key === "allOf" && (wide || narrow)) this.withoutOpposite(ctx, nodeStart, wide, narrow);
        if (wide && narrow) continue;
        // Beside unevaluatedProperties, branches that evaluate a name it governed on the other
        // side also let that name past it: unproven either way, the change has no direction.
        // An allOf of ifs without then and else only marks names or items evaluated: added,
        // it widens, where the proof could not tell (a reference it cannot follow).
        const conditions = key === "allOf" && loneConditionsOnly(xa ?? xb);
        const frees = !wide && !narrow && !conditions &&
          (!xa
              ? unevaluatedDecided(b, a, this.newRoot, this.oldRoot)
              : unevaluatedDecided(a, b, this.oldRoot, this.newRoot)) !== true;
        const effect: Effect = wide
          ? "widened"
          : narrow
          ? "narrowed"
          : conditions
          ? (!xa ? "widened" : "narrowed")
          : frees
          ? "changed"
          : !xa
          ? "narrowed"
          : "widened";
        this.graded(
          ctx,
          key,
          key,
          effect,
          key,
          { old: xa ?? null, new: xb ?? null },
          `${key} ${!xa ? "added" : "removed"}${
            frees
              ? `: its branches evaluate names the object's unevaluatedProperties governs where it is ${
                !xa ? "absent" : "gone"
              }, and Proxar could not prove that it only lets values in or only keeps them out`
              : ""
          }${limit && (wide || narrow) ? LIMIT_ASIDE : ""}`,
        );
        continue;
      }
      // A lone schema lifted into a one-branch union meets the other side's branches as the
      // definitions they refer to (_ref_branch.ts).
      let pairing = lone && lifted[0] !== lifted[1]
        ? liftedPairing([xa, xb], lifted[1] ? 1 : 0, lone, [this.oldRoot, this.newRoot])
        : pairBranches(xa, xb);
      // The subsumption proof may settle the combination as a whole (a branch that moved into a
      // nested union or behind a $ref, one that covers another). When it does, the branch by
      // branch findings are kept only if they agree with it; otherwise one finding says it.
      const changedBranches = pairing.ambiguous || pairing.added.length > 0 ||
        pairing.removed.length > 0 ||
        pairing.pairs.some(([i, j]) =>
          !jsonEqual(xa[i], xb[j]) ||
          // Written alike, yet a definition a branch refers to changed: {$ref: B} beside null
          // with B [string, null] → string accepts the same values, as the proof finds.
          (!this.shortcut && !sameThroughRefs(xa[i]!, this.oldRoot, this.newRoot))
        );
      let [wide, narrow, limit] = changedBranches
        ? this.provesEither(a, b, ctx)
        : [false, false, false];
      // Branches that cannot be paired (a union of objects flattened into one object): the
      // proof asks for the same property names on both sides, so it fails whenever the names
      // moved between branches. When no property was added or removed, it may compare the
      // two sides as plain sets.
      if (pairing.ambiguous && !wide && !narrow && samePropertyPaths(a, b)) {
        [wide, narrow] = [
          this.proves(a, b, "widened", false),
          this.proves(b, a, "narrowed", false),
        ];
      }
      // Unproven, a branch that one side wraps in an anyOf (X → anyOf [X, null]) is compared with
      // its wrapping, not read as one branch removed and one added (allOf.narrowed beside
      // allOf.widened, a BREAKING each way): the proof gives up where a definition loops back
      // through the allOf or a oneOf beside it cannot be taken apart (validator oracle, chains).
      if (key === "allOf" && !wide && !narrow && changedBranches) pairing = wrappedPairs(xa, xb);
      // One allOf branch that constrains on each side is the whole conjunction there, whatever its
      // form: unpaired by likeness and unproven, the two are compared as such ({allOf: [oneOf X,
      // true]} → {allOf: [{anyOf: [oneOf X, null]}, true]} read one branch removed and one added,
      // allOf.narrowed BREAKING on input; validator oracle, seed 43).
      if (
        key === "allOf" && !wide && !narrow && xa.length === 1 && xb.length === 1 &&
        pairing.pairs.length === 0
      ) pairing = { pairs: [[0, 0]], added: [], removed: [], ambiguous: false };
      if (key === "allOf" && !pairing.ambiguous) {
        this.namesRemoved(ctx, pairing.removed.map((i) => ka![i]!), pairing.pairs, [a, b], ka!);
      }
      const start = this.out.length;
      this.branches(key, union, xa, xb, ka!, kb!, pairing, ctx, {
        oldKey: this.unionKeyOf.get(a) ?? key,
        lifted,
        parents: [a, b],
      });
      if (!wide && !narrow) {
        // Beside unevaluatedItems, the branches compared alone do not see the items it governs
        // (a prefixItems position added there changes nothing in the branch): unproven either
        // way, with no value finding below, the change has no direction.
        const why = key === "allOf" && changedBranches &&
            !this.out.slice(start).some((d) => !ANNOTATION_FACETS.has(d.facet))
          ? itemsUndecided(a, b, this.oldRoot, this.newRoot)
          : undefined;
        if (why !== undefined) {
          this.branchesChanged(
            ctx,
            key,
            [xa, xb],
            `${
              branchCounts(key, xa.length, key, xb.length)
            } beside unevaluatedItems, and Proxar could not prove that the branches only let values in or only keep them out (${why})`,
          );
        }
        continue;
      }
      // The severity the whole change has; findings below it that are stricter are wrong.
      const flip = ctx.polarity < 0;
      const whole = wide && narrow
        ? undefined
        : ctx.polarity === 0
        ? "BREAKING"
        : varianceSeverity(this.opts.side, (wide !== flip) ? "widened" : "narrowed");
      // A proven widening on output (or narrowing on input) is BREAKING whatever the branches
      // say: branch findings milder than it (a branch that accepted nothing, removed) hide it.
      // Proven equal (wide and narrow), no value finding below holds in either direction.
      const anyBreaking = this.out.slice(start).some((d) => d.severity === "BREAKING");
      // Branches that could not be paired say only "changed": the proof says which way.
      const agree = whole === undefined || pairing.ambiguous
        ? false
        : whole === "BREAKING"
        ? anyBreaking
        : !anyBreaking;
      // A value finding that says which way values went (widened, narrowed).
      const directed = (d: SchemaDelta) =>
        /\.(widened|narrowed)$/.test(d.rule) && !ANNOTATION_FACETS.has(d.facet);
      let stay: SchemaDelta[];
      if (agree) {
        // A proven break (an output widened, an input narrowed): a milder widened or narrowed
        // finding below says the opposite of the proof (a branch added that narrows numbers
        // beside a type object that takes none), so it goes; a break found by name (a property
        // removed) stays, and the proof's own finding joins it when no directed one agrees.
        // Branch findings that grade no value (none, or prose alone: a prefixItems position
        // added beside unevaluatedItems changes nothing in the branch) leave the proof's
        // finding to say it, as on the side where it is a break.
        const found = this.out.slice(start);
        stay = found.filter((d) => !(whole === "BREAKING" && directed(d) && d.severity !== whole));
        const valued = found.some((d) => !ANNOTATION_FACETS.has(d.facet));
        if (valued && (stay.length === found.length || stay.some((d) => directed(d)))) {
          this.out.length = start;
          this.out.push(...stay);
          if (limit) this.limitFindings(ctx, key, a, b, lifted, start);
          continue;
        }
      } else {
        // Prose and other annotations grade no accepted value, so the proof cannot contradict
        // them: they stay, as they do when the branch findings agree (a description dropped
        // with the branch findings went unreported in one direction only). So do the
        // safe-integer limits and nonstandard formats found below when the proof needed their
        // exemption: they say what changed.
        stay = this.out.slice(start).filter((d) =>
          ANNOTATION_FACETS.has(d.facet) ||
          (limit && /\.(safeIntegerLimit|format\.nonstandard)$/.test(d.rule))
        );
      }
      this.out.length = start;
      this.out.push(...stay);
      if (limit) this.limitFindings(ctx, key, a, b, lifted, start);
      if (wide && narrow) {
        // The same values: a branch that came or went changed none, yet its texts did.
        if (!pairing.ambiguous) {
          this.wholeBranchTexts(key, [xa, xb], [ka!, kb!], pairing, ctx, lifted, [a, b]);
        }
        continue;
      }
      this.graded(
        ctx,
        key,
        key,
        wide ? "widened" : "narrowed",
        key,
        { old: xa, new: xb },
        `${
          branchCounts(this.unionKeyOf.get(a) ?? key, xa.length, key, xb.length)
        }; every value the ${wide ? "old" : "new"} schema accepts, the ${
          wide ? "new" : "old"
        } one accepts too${limit ? LIMIT_ASIDE : ""}`,
      );
    }
    // A not of a schema that rejects every value ({not: {not: {}}}, {not: false}) constrains
    // nothing: read as absent.
    const [na, nb] = [withoutInertNot(a, this.oldRoot), withoutInertNot(b, this.newRoot)];
    this.optional(ctx, "not", na, nb, ctx.polarity === 0 ? 0 : ctx.polarity === 1 ? -1 : 1);
    this.conditional(a, b, ctx);
    for (const key of ["$ref", "$dynamicRef"] as const) {
      const ra = typeof a[key] === "string" ? a[key] : undefined;
      const rb = typeof b[key] === "string" ? b[key] : undefined;
      if (ra !== rb) {
        this.emit(
          ctx,
          "$ref",
          { aspect: "ref", change: "changed" },
          "BREAKING",
          key,
          { old: ra ?? null, new: rb ?? null },
          `${ctx.path}: the reference changed from ${show(ra)} to ${
            show(rb)
          }; remote references are never fetched`,
        );
      }
    }
  }

  /**
   * The findings from `start` on (the keywords of the node at `ctx`, compared before its allOf)
   * that say values went the other way than the subsumption proof of the whole node found
   * (`wide`: every old value is accepted now), dropped: an allOf added or removed beside them
   * decides what they constrain. `{properties: {a}, allOf: [{properties: {b},
   * additionalProperties: false}]}` → `{properties: {a, b}, additionalProperties: false}` read
   * additionalProperties.narrowed, BREAKING on input, beside allOf.widened, though the branch,
   * which sees only its own properties, rejected `a` before (ajv): every old value is accepted.
   */
  withoutOpposite(ctx: Ctx, start: number, wide: boolean, narrow: boolean): void {
    if (ctx.polarity === 0) return;
    // Proven equal (both ways), no finding that says values went either way holds.
    const opposite = wide && narrow
      ? /\.(widened|narrowed)$/
      : (wide === ctx.polarity > 0)
      ? /\.narrowed$/
      : /\.widened$/;
    const kept = this.out.slice(start).filter((d) =>
      !(opposite.test(d.rule) && !ANNOTATION_FACETS.has(d.facet) &&
        (d.location === ctx.newLoc || d.location.startsWith(`${ctx.newLoc}/`)))
    );
    this.out.length = start;
    this.out.push(...kept);
  }

  /**
   * An anyOf on one side and a oneOf on the other (neither beside the other, and not read as one
   * union: some branches may overlap) graded as one change of the union, by the subsumption
   * proof: anyOf → oneOf rejects a value that matches more than one branch, oneOf → anyOf accepts
   * it. Paired branch by branch, it read as "anyOf removed" and "oneOf added", or "oneOf branch 2
   * was added", naming neither what the keyword change does nor the values it takes. Returns
   * whether it graded the union.
   */
  unionSwapped(a: JsonObject, b: JsonObject, ctx: Ctx): boolean {
    const swap = this.unionKeyOf.has(a) ? undefined : unionSwap(a, b);
    if (swap === undefined) return false;
    const { from, to } = swap;
    const [xa, xb] = [a[from] as JsonValue[], b[to] as JsonValue[]];
    const exclusive = to === "oneOf";
    // The branches that may overlap, in the list that is (or was) exclusive.
    const list = exclusive ? xb : xa;
    const resolve = this.targets[exclusive ? 1 : 0];
    let overlap = "";
    for (let i = 0; i < list.length && overlap === ""; i++) {
      for (let j = i + 1; j < list.length; j++) {
        if (!disjoint(list[i]!, list[j]!, resolve)) {
          overlap = ` (${exclusive ? "new" : "old"} branches ${i} and ${j} may overlap)`;
          break;
        }
      }
    }
    const [wide, narrow, limit] = this.provesEither(a, b, ctx);
    if (limit) this.limitFindings(ctx, to, a, b, [false, false], this.out.length);
    if (wide && narrow) return true;
    const effect: Effect = wide ? "widened" : narrow ? "narrowed" : "changed";
    const proof = wide || narrow
      ? `every value the ${wide ? "old" : "new"} schema accepts, the ${
        wide ? "new" : "old"
      } one accepts too`
      : "Proxar could not prove that it only lets values in or only keeps them out";
    this.graded(
      ctx,
      to,
      to,
      effect,
      to,
      { old: xa, new: xb },
      `${
        this.wrapping(from, xa, to, xb) ??
          `${branchCounts(from, xa.length, to, xb.length)}: ${exclusivity(to)}${overlap}${
            branchChanges(from, xa, to, xb)
          }`
      }; ${proof}${limit && (wide || narrow) ? LIMIT_ASIDE : ""}`,
    );
    return true;
  }

  /**
   * What a swap between union keywords is when one union became a branch of the other, or a
   * branch's union the whole: `oneOf [a, b]` → `anyOf [oneOf [a, b'], null]` says the oneOf
   * became anyOf branch 0 beside the null branch, and that its branches changed, not that the
   * union stopped being exclusive (it still is, one level down). Undefined for a plain swap.
   */
  wrapping(from: string, xa: JsonValue[], to: string, xb: JsonValue[]): string | undefined {
    const short = (list: JsonValue[], skip: number) =>
      list.flatMap((x, j) => {
        if (j === skip) return [];
        const text = JSON.stringify(x);
        return [`branch ${j}${text.length <= 40 ? ` (${text})` : ""}`];
      }).join(", ");
    const changed = (union: JsonValue[], list: JsonValue[]) =>
      !jsonEqual(union, list) || !union.every((x) => sameThroughRefs(x, this.oldRoot, this.newRoot))
        ? ", and its branches changed"
        : "";
    const into = wrappedUnion(xb, from as "anyOf" | "oneOf", this.newRoot);
    if (into !== undefined) {
      return `the ${from} of ${xa.length} branches became branch ${into.index} of ${
        to === "anyOf" ? "an" : "a"
      } ${to}, beside ${short(xb, into.index)}${changed(xa, into.union)}`;
    }
    const out = wrappedUnion(xa, to as "anyOf" | "oneOf", this.oldRoot);
    if (out === undefined) return undefined;
    return `${from} branch ${out.index}, a ${to} of ${out.union.length} branches, became the whole schema, without ${
      short(xa, out.index)
    }${changed(out.union, xb)}`;
  }

  /**
   * The names one side's object node declares outside its own `properties` and allOf branches'
   * (in dependentSchemas, dependencies, if/then/else, anyOf or oneOf branches, through local
   * references), each with the location of its first declaration in that side's document; null
   * when a reference cannot be followed (the names are unknown).
   */
  declaredBeside(s: JsonObject, ctx: Ctx, side: "old" | "new"): Map<string, string> | null {
    const root = side === "old" ? this.oldRoot : this.newRoot;
    const sites = declarationSites(s, root, { dependent: true });
    if (sites === undefined) return null;
    const out = new Map<string, string>();
    const own = isObject(s.properties) ? s.properties : {};
    const inBranches = inAllOf(s);
    for (const [name, site] of sites) {
      if (Object.hasOwn(own, name) || inBranches.has(name)) continue;
      if (site.startsWith("#")) out.set(name, site.slice(1));
      else out.set(name, this.home(ctx, side, site.split("/")[1]!) + site);
    }
    return out;
  }

  /**
   * What governed property `name` before in the object `a` (`model`, or the patterns that matched
   * it) when patterns of the new object `b` match it too, with those patterns: the property added
   * meets them. Undefined when no pattern of `b` matches it or nothing governed it before (an
   * object closed to it, or open); a string when a pattern cannot be matched.
   */
  ownPatterns(
    a: JsonObject,
    b: JsonObject,
    name: string,
    model: { schema: JsonValue; loc: string } | undefined | string,
    ctx: Ctx,
  ): { old: Governing[]; new: Governing[] } | undefined | string {
    if (model === undefined || (isObject(model) && model.schema === false)) return undefined;
    const next = patternsOf(b, this.home(ctx, "new", "patternProperties"), name);
    if (typeof next === "string") return isObject(model) ? next : undefined;
    if (next.length === 0) return undefined;
    if (isObject(model)) return { old: [model], new: next };
    // Several patterns matched it before (modelOf's string): all of them applied.
    const old = patternsOf(a, this.home(ctx, "old", "patternProperties"), name);
    return Array.isArray(old) && old.length > 1 ? { old, new: next } : undefined;
  }

  /**
   * Property `name` added where schemas already governed its name: a pattern of the same object
   * that still matches it (`own`: what governed it before, from this object, and its patterns
   * now), or the schemas beside the allOf branch (the node of `ctx`), its other branches or the
   * object holding them. Those still apply (patternProperties apply to declared names too; allOf:
   * all apply), so what governed the name before is compared with what they and the new property
   * apply together, and true is returned. A name they may govern in ways Proxar cannot tell is
   * undecidable (BREAKING). "same" when the values are the same as before; false when nothing
   * governed the name: a fresh optional property.
   */
  meetsBeside(
    ctx: Ctx,
    name: string,
    propsB: JsonObject,
    own?: { old: Governing[]; new: Governing[] },
  ): boolean | "same" {
    if (own === undefined && ctx.beside === undefined) return false;
    const before = ctx.beside ? governedBy(ctx.beside.old, name, this.oldRoot) : [];
    if (own === undefined && Array.isArray(before) && before.length === 0) return false;
    const after = ctx.beside ? governedBy(ctx.beside.new, name, this.newRoot) : [];
    const why = typeof before === "string" ? before : typeof after === "string" ? after : "";
    if (why !== "") {
      this.undecidableProperty(ctx, name, { new: propsB[name]! }, `beside the branch, ${why}`);
      return true;
    }
    const old = [...own?.old ?? [], ...before as Governing[]];
    const next = [...own?.new ?? [], ...after as Governing[]];
    const a = meet(old);
    const b = meet([...next, { schema: propsB[name]!, loc: "" }]);
    const wide = this.proves(a, b, "widened", false);
    const narrow = this.proves(b, a, "narrowed", false);
    // The same values as before (a property that repeats the pattern's schema): an optional
    // property declared, as elsewhere.
    if (wide && narrow) return "same";
    const effect: Effect = wide ? "widened" : narrow ? "narrowed" : "changed";
    const how = wide
      ? "which accepts every value accepted before"
      : narrow
      ? "which rejects values accepted before"
      : "and Proxar could not prove that this only lets values in or only keeps them out";
    const what = own === undefined
      ? `property "${name}" was added beside ${placesOf(old)}, which governed it before${
        next.length === 0 ? "" : " and still applies"
      }: its values must now meet both, ${how}`
      : placesOf(old) === placesOf(next)
      ? `property "${name}" was added under ${placesOf(next)}, which ${
        next.length > 1 ? "match its name and still apply" : "matches its name and still applies"
      } to it: its values must meet both, ${how}`
      : `property "${name}" was added where ${placesOf(old)} governed its name before; ${
        placesOf(next)
      } ${
        next.length > 1 ? "match it and apply" : "matches it and applies"
      } to it now, so its values must meet both, ${how}`;
    this.graded(
      { ...ctx, oldLoc: old[0]!.loc },
      "properties",
      own !== undefined && before.length === 0 && after.length === 0
        ? "patternProperties"
        : "allOf",
      effect,
      "properties",
      { old: a, new: b },
      what,
      effect,
      { loc: this.changeLoc(ctx, "properties"), path: `${ctx.path}.properties.${name}` },
    );
    return true;
  }

  /**
   * What governed property `name` of `a` before and governs it in `b`, which no longer declares
   * it, when a schema still does there: a pattern, additionalProperties or unevaluatedProperties
   * of `b`, or a schema beside it (another allOf branch, another link of a `$ref` chain); see
   * {@link removedMeeting}. Undefined also inside not or a oneOf branch that may overlap another.
   */
  removedMeeting(a: JsonObject, b: JsonObject, name: string, ctx: Ctx): Meeting | undefined {
    if (ctx.polarity !== 1) return undefined;
    const met = removedMeeting(a, b, name, {
      roots: [this.oldRoot, this.newRoot],
      locs: [ctx.oldLoc, ctx.newLoc],
      ...ctx.beside && { beside: ctx.beside },
      conjoined: (ctx.conjoined?.new?.length ?? 0) > 0,
    });
    if (met === undefined) return undefined;
    // Keywords of the object itself are written where its reference chain holds them.
    const rebase = (list: Governing[], side: "old" | "new") => {
      const base = side === "old" ? ctx.oldLoc : ctx.newLoc;
      return list.map((g) => {
        const key = g.loc.startsWith(`${base}/`) ? g.loc.slice(base.length + 1).split("/")[0]! : "";
        return key === "" ? g : { ...g, loc: this.home(ctx, side, key) + g.loc.slice(base.length) };
      });
    };
    return { ...met, before: rebase(met.before, "old"), after: rebase(met.after, "new") };
  }

  /**
   * Properties removed from an object (or added to it) in the same change as its schema for other
   * names (`additionalProperties`, `patternProperties`), which governs their names on the other
   * side: the object became a map of names to values, or the reverse (dub 0.61.0 → 0.64.6's geo:
   * 250 country codes, closed, → additionalProperties {type: string}). One change, which a model
   * sees as one: the names it listed went (or came), reported once, named at the object's
   * properties with every name, where each read a finding of its own (1,250 for five tools); the
   * schema for other names is reported on its own. Findings from `start` on are this object's.
   */
  groupedNames(ctx: Ctx, a: JsonObject, b: JsonObject, start: number): void {
    const marked = [...this.governedNames].filter((i) => i >= start);
    for (const i of marked) this.governedNames.delete(i);
    if (marked.length < 2) return;
    const keys = ["additionalProperties", "patternProperties", "unevaluatedProperties"];
    if (keys.every((k) => jsonEqual(a[k], b[k]))) return;
    const groups = new Map<string, SchemaDelta[]>();
    for (const i of marked) {
      const d = this.out[i]!;
      const key = `${d.rule}\u0000${d.severity}\u0000${d.location}`;
      groups.set(key, [...groups.get(key) ?? [], d]);
    }
    const gone = new Set<SchemaDelta>();
    const merged: SchemaDelta[] = [];
    for (const list of groups.values()) {
      if (list.length < 2) continue;
      const first = list[0]!;
      const removed = first.rule.endsWith(".property.removed");
      // Each delta is of a property of this object: its path is the object's, ".properties.",
      // then the name, which may hold dots of its own ("user.email").
      const prefix = `${ctx.path}.properties.`;
      const names = list.map((d) => d.path.slice(prefix.length));
      const values = Object.fromEntries(
        list.map((d, j) => [names[j]!, (removed ? d.old : d.new) ?? true]),
      ) as JsonObject;
      const shown = names.length > 6
        ? `${names.slice(0, 5).map((n) => `"${n}"`).join(", ")} … "${names.at(-1)}"`
        : names.map((n) => `"${n}"`).join(", ");
      const input = this.opts.side === "input";
      const holder = first.pointer.endsWith("/properties")
        ? first.pointer
        : first.pointer.slice(0, first.pointer.lastIndexOf("/"));
      merged.push({
        ...first,
        path: `${ctx.path}.properties`,
        pointer: holder,
        grouped: names,
        ...removed ? { old: values } : { new: values },
        message: `${ctx.path}: ${names.length} properties (${shown}) were ${
          removed ? "removed from" : "added to"
        } properties as the schema for other names changed, which ${
          removed ? "governs their names now" : "governed their names before"
        } (reported on its own): ${
          removed
            ? input
              ? "calls may still send them, but the server no longer declares the names and may ignore them"
              : "results may still hold them"
            : input
            ? "each is an optional parameter now declared"
            : "results may hold each as before, now declared"
        }`,
      });
      delete merged.at(-1)!.oldPointer;
      for (const d of list) gone.add(d);
    }
    if (gone.size === 0) return;
    const kept = this.out.slice(start).filter((d) => !gone.has(d));
    this.out.length = start;
    this.out.push(...kept, ...merged);
  }

  /**
   * Property `name` (`schema`) removed while schemas still govern its name (`met`, see
   * {@link removedMeeting}). The values the name may hold are compared, the mirror of a property
   * added where those schemas governed it: the property's schema with the one that governs the
   * name now when each stands alone (type.widened and the like), else what met before with what
   * meets now (patternProperties or allOf, widened, narrowed or changed). The name itself is
   * still accepted, so its removal is no break by the convention for a property removed: on
   * input POTENTIALLY_BREAKING (no call is rejected for it, but the server no longer declares
   * it and may ignore it), on output NON_BREAKING.
   */
  removedMeets(ctx: Ctx, name: string, schema: JsonValue, met: Meeting): void {
    const child = this.child(ctx, ["properties", name], "properties", "schema");
    const own = `${this.home(ctx, "old", "properties")}/properties/${escapePointerToken(name)}`;
    // Its own schema alone governed the name before, or nothing did (it accepted every value):
    // compared with what governs the name now keyword by keyword, the mirror of a property added
    // where that schema governed (a keyword no draft defines beside it is the catch-all's).
    const alone = met.before.length === 0 ||
      (met.before.length === 1 && met.before[0]!.loc === own);
    if (alone && met.after.length === 1) {
      this.compare(schema, met.after[0]!.schema, {
        ...child,
        newLoc: met.after[0]!.loc,
        governed: true,
      });
    } else {
      const [x, y] = [meet(met.before), meet(met.after)];
      const wide = this.proves(x, y, "widened", false);
      const narrow = this.proves(y, x, "narrowed", false);
      if (!wide || !narrow) {
        const effect: Effect = wide ? "widened" : narrow ? "narrowed" : "changed";
        this.graded(
          ctx,
          "properties",
          met.beside ? "allOf" : "patternProperties",
          effect,
          "properties",
          { old: x, new: y },
          `property "${name}" was removed beside ${placesOf(met.after)}, which ${
            met.after.length > 1 ? "apply" : "applies"
          } to its name alone now: ${
            wide
              ? "every value accepted before is accepted"
              : narrow
              ? "values accepted before are rejected"
              : "Proxar could not prove that this only lets values in or only keeps them out"
          }`,
          effect,
          { loc: this.changeLoc(ctx, "properties"), path: `${ctx.path}.properties.${name}` },
        );
      }
    }
    // Still declared where it applies to every object (another link of a reference chain): the
    // name is not gone, only what this link said of its values.
    const declared = `/properties/${escapePointerToken(name)}`;
    if (met.after.some((g) => g.loc.endsWith(declared))) return;
    const input = this.opts.side === "input";
    const many = met.after.length > 1;
    this.governedNames.add(this.out.length);
    this.emit(
      ctx,
      "properties",
      { aspect: "property", change: "removed" },
      input ? "POTENTIALLY_BREAKING" : "NON_BREAKING",
      "properties",
      { old: schema },
      `${ctx.path}: property "${name}" was removed from properties, but ${
        placesOf(met.after)
      } still ${many ? "govern" : "governs"} its name: ${
        input ? "calls may still send it" : "results may still hold it"
      }, checked against ${many ? "those schemas" : "that schema"} (a change in the values ${
        many ? "they accept" : "it accepts"
      } is reported on its own)${
        input ? ", but the server no longer declares the name and may ignore it" : ""
      }`,
      { loc: this.changeLoc(ctx, "properties"), path: `${ctx.path}.properties.${name}` },
    );
  }

  /**
   * A property added or removed where Proxar cannot tell which schema governs its name on the
   * other side (`why`): property.changed, BREAKING.
   */
  undecidableProperty(
    ctx: Ctx,
    name: string,
    values: { old: JsonValue } | { new: JsonValue },
    why: string,
  ): void {
    const [done, when] = "old" in values ? ["removed", "governs that name now"] : [
      "added",
      "governed that name before",
    ];
    this.emit(
      ctx,
      "properties",
      { aspect: "property", change: "changed" },
      "BREAKING",
      "properties",
      values,
      `${ctx.path}: property "${name}" was ${done}, and Proxar cannot tell which schema ${when} (${why})`,
      { loc: this.changeLoc(ctx, "properties"), path: `${ctx.path}.properties.${name}` },
    );
  }

  /**
   * An optional property added: NON_BREAKING by the seed's convention (BREAKING under not and in
   * an overlapping oneOf branch). On output, to an object the old schema closed to that name
   * (`closed`), POTENTIALLY_BREAKING: consumers that validate against the old schema reject it.
   */
  optionalAdded(
    ctx: Ctx,
    name: string,
    schema: JsonValue,
    where: string,
    at: { path: string; pointer?: string },
    { closed = false, required = false }: { closed?: boolean; required?: boolean } = {},
  ): void {
    const strict = closed && this.opts.side === "output";
    this.emit(
      ctx,
      "properties",
      { aspect: "property", change: "added" },
      ctx.polarity < 0 || (ctx.polarity === 0 && this.opts.side === "output")
        ? "BREAKING"
        : ctx.polarity === 0
        // On input, in a oneOf branch that may overlap another, the new property only makes
        // values that matched two branches match one (accepted now), besides the values that
        // give it another type, which the convention for an optional property leaves aside.
        ? "NON_BREAKING"
        : strict
        ? "POTENTIALLY_BREAKING"
        : "NON_BREAKING",
      "properties",
      { new: schema },
      `${ctx.path}: ${required ? "required" : "optional"} property "${name}" was added${where}${
        ctx.polarity === 0 && this.opts.side === "output"
          ? " in a oneOf branch that may overlap another: a result that matched two branches may now match one, which the old schema rejected"
          : strict
          ? " to an object the old schema closed to other names: consumers that validate results against it reject them"
          : ""
      }`,
      { loc: this.changeLoc(ctx, "properties"), ...at },
    );
  }

  /**
   * The new allOf branches that only declare optional properties an open object did not declare
   * (see {@link propertyBranches}): each property is reported as property.added, as it would be
   * in `properties`, and the branch indexes are returned for the allOf comparison to skip.
   */
  propertyBranchesAdded(a: JsonObject, b: JsonObject, ctx: Ctx): Set<number> {
    const found = propertyBranches(a, b, [this.oldRoot, this.newRoot]);
    // Or closed by unevaluatedProperties false alone, which no longer rejects the names.
    const closed = a.unevaluatedProperties === false;
    for (const i of found) {
      // A branch that is a reference declares its definition's properties, found there.
      const { body, pointer } = branchBody((b.allOf as JsonValue[])[i]!, this.newRoot)!;
      const props = body as { properties: JsonObject };
      for (const name of Object.keys(props.properties).sort()) {
        const loc = pointer ?? `${this.home(ctx, "new", "allOf")}/allOf/${i}`;
        this.optionalAdded(ctx, name, props.properties[name]!, ` (declared in allOf branch ${i})`, {
          path: `${ctx.path}.allOf.${i}.properties.${name}`,
          pointer: `${this.opts.basePointer}${loc}/properties/${escapePointerToken(name)}`,
        }, { closed });
      }
    }
    return new Set(found);
  }

  /**
   * Properties declared in removed allOf branches (`gone`) that the new schema declares nowhere:
   * removed, as a property dropped from `properties` is (BREAKING on either side). A name that a
   * paired branch also declares is reported by that pair's comparison; one the old schema lists
   * in its own `properties` by {@link objects}.
   */
  namesRemoved(
    ctx: Ctx,
    gone: readonly Branch[],
    pairs: readonly (readonly [number, number])[] | undefined,
    [a, b]: [JsonObject, JsonObject],
    all: readonly Branch[] = gone,
  ): void {
    const kept = declaredNames(b, this.newRoot);
    if (kept === undefined) return;
    const covered = new Set<string>(Object.keys(isObject(a.properties) ? a.properties : {}));
    for (const [i] of pairs ?? []) {
      for (const n of declaredNames(all[i]!.v, this.oldRoot) ?? []) covered.add(n);
    }
    const removed = (
      old: JsonValue | undefined,
      message: string,
      at?: { loc: string; path: string },
    ) =>
      this.emit(
        ctx,
        "properties",
        { aspect: "property", change: "removed" },
        "BREAKING",
        "allOf",
        { old },
        message,
        at,
      );
    const reported = new Set<string>();
    for (const branch of gone) {
      const at = branchWords("allOf", branch.i, branch.v);
      // A name the branch's if alone writes was tested, not declared: beside
      // unevaluatedProperties it was evaluated where the condition held, which the allOf's own
      // finding grades (the values it let in, narrowed).
      const names = declaredNames(branch.v, this.oldRoot, { withoutConditions: true });
      if (names === undefined) {
        removed(
          branch.v,
          `${ctx.path}: ${at} was removed, and Proxar cannot tell which properties it declared (a reference it cannot follow): any of them may be gone`,
        );
        continue;
      }
      for (const name of [...names].sort()) {
        if (kept.has(name) || covered.has(name) || reported.has(name)) continue;
        reported.add(name);
        removed(
          ownProperty(branch.v, name),
          `${ctx.path}: property "${name}" (declared in ${at}) was removed${
            this.opts.side === "input"
              ? "; callers that send it are rejected or silently ignored"
              : "; consumers that read it break"
          }`,
          {
            loc: this.changeLoc(ctx, "allOf"),
            path: `${ctx.path}.allOf.${branch.i.join(".allOf.")}.properties.${name}`,
          },
        );
      }
    }
  }

  /**
   * `if`/`then`/`else`: a conditional added as a whole narrows, removed as a whole widens (an
   * `if` without `then` and `else` constrains nothing); a changed condition is undecidable, and
   * `then`/`else` are compared all the same so that a change inside them is reported.
   */
  conditional(a: JsonObject, b: JsonObject, ctx: Ctx): void {
    // An if without then and else decides which names or items are evaluated where an
    // unevaluatedProperties or unevaluatedItems sees it (_lone_condition.ts).
    const lone = (a.if !== undefined || b.if !== undefined) &&
      loneConditionDecides(
        { root: this.oldRoot, loc: ctx.oldLoc },
        { root: this.newRoot, loc: ctx.newLoc },
      );
    const active = (s: JsonObject) =>
      s.if !== undefined && (lone || s.then !== undefined || s.else !== undefined);
    const branchless = (s: JsonObject) => s.then === undefined && s.else === undefined;
    // Written alike, a condition means the same when every reference it reaches holds equal
    // values: a definition it reaches changed changes which of then/else applies.
    const [ao, an] = [active(a), active(b)];
    const same = jsonEqual(a.if, b.if);
    if (same && (a.if === undefined || this.shortcut || !ao || !an)) {
      // A then or else without if applies to no value: its prose is still read.
      if (a.if === undefined) return this.unreached(ctx, a, b, ["then", "else"]);
      if (!ao && !an) this.unreachedTargets(ctx, a.if, b.if);
      this.conditionBranches(ctx, a, b);
      return;
    }
    if (!ao && !an) {
      this.unreached(ctx, a, b, ["if", "then", "else"]);
      return this.unreachedTargets(ctx, a.if, b.if);
    }
    // Reworded, its annotations that check no value changed, or those of a definition it
    // reaches: the texts, where each file writes them.
    const alike = (x: JsonValue, y: JsonValue) => jsonEqual(withoutNotes(x), withoutNotes(y));
    const reworded = ao && an && alike(a.if!, b.if!)
      ? targetsRewritten(a.if!, this.oldRoot, this.newRoot, alike)
      : undefined;
    if (reworded !== undefined) {
      // The condition reworded, not changed: the same branch applies to every value.
      this.unreached(ctx, a, b, ["if"]);
      for (const target of reworded) {
        const loc = target.ref === "#" ? "" : decodeURIComponent(target.ref.slice(1));
        this.unreachedAt(ctx, target.old, target.new, {
          old: loc,
          new: loc,
          path: [this.opts.basePath, ...pointerTokens(loc)].join("."),
        });
      }
      this.conditionBranches(ctx, a, b);
      return;
    }
    const pick = (s: JsonObject) => {
      const out: JsonObject = {};
      for (const key of ["if", "then", "else"]) if (s[key] !== undefined) out[key] = s[key]!;
      return out;
    };
    if (
      ao && an && this.proves(a.if!, b.if!, "widened", false) &&
      this.proves(b.if!, a.if!, "narrowed", false)
    ) return this.sameCondition(ctx, a, b);
    if (ao && an) {
      this.emit(
        ctx,
        "if",
        { aspect: "if", change: "changed" },
        "BREAKING",
        "if",
        {
          old: a.if ?? null,
          new: b.if ?? null,
        },
        `${ctx.path}: the "if" condition changed, so ${
          branchless(a) && branchless(b)
            ? "the names or items it marks evaluated for unevaluatedProperties or unevaluatedItems changed"
            : "which of then/else applies changed"
        }`,
      );
      // Its prose is named too: the finding on the condition does not say what it reads.
      this.unreached(ctx, a, b, ["if"]);
      // Still compare the branches: a change inside them must be named, not hidden behind `if`.
      this.conditionBranches(ctx, a, b);
      return;
    }
    // An if alone, where unevaluatedProperties or unevaluatedItems sees it, rejects no value:
    // what it adds is names or items marked evaluated, which those no longer check (added, it
    // widens).
    const alone = branchless(ao ? a : b);
    const seen = alone
      ? undefined
      : conditionalBeside(this.sides(ctx, a, b), ["if", "then", "else"]);
    if (seen === "same") return;
    // Where no unevaluated keyword reads it, one whose branches accept every value or apply to
    // none constrains nothing: what its parts say of themselves is compared.
    if (
      !alone && seen === undefined &&
      constrainsNothing(ao ? a : b, ao ? this.oldRoot : this.newRoot)
    ) {
      this.unreached(ctx, a, b, ["if"]);
      return this.conditionBranches(ctx, a, b);
    }
    const effect = seen ?? (ao !== alone ? "widened" : "narrowed");
    this.graded(
      ctx,
      "if",
      "if",
      effect,
      "if",
      { old: ao ? pick(a) : null, new: an ? pick(b) : null },
      alone
        ? `if without then and else ${
          ao ? "removed" : "added"
        }: the names or items it marks evaluated, where it holds, are ${
          ao ? "now" : "no longer"
        } checked by unevaluatedProperties or unevaluatedItems`
        : `if/then/else ${ao ? "removed" : "added"} as a whole${
          seen === "changed" ? SEEN_CONDITION : ""
        }`,
    );
  }

  /**
   * then and else compared. One that applies to no value on either side (a then under `if:
   * false`, {@link branchNeverApplies}) decides nothing: its prose is read. One written on one
   * side only beside an unevaluated keyword that reads what it marks evaluated is graded by
   * {@link keywordBeside}; else, where it accepts every value, it constrains nothing and what it
   * says of itself is compared with nothing; else it is a conjunct (added, it narrows).
   */
  conditionBranches(ctx: Ctx, a: JsonObject, b: JsonObject): void {
    for (const key of ["then", "else"] as const) {
      if (
        branchNeverApplies(a, key, this.oldRoot) && branchNeverApplies(b, key, this.newRoot)
      ) {
        this.unreached(ctx, a, b, [key]);
      } else if (this.keywordBeside(ctx, key, a, b, [key])) continue;
      else if (a[key] === undefined && acceptsEvery(b[key], this.newRoot)) {
        this.compare(true, b[key], { ...this.child(ctx, [key], key, key), absent: "old" });
      } else if (b[key] === undefined && acceptsEvery(a[key], this.oldRoot)) {
        this.compare(a[key], true, { ...this.child(ctx, [key], key, key), absent: "new" });
      } else this.optional(ctx, key, a, b);
    }
  }

  /**
   * `key` (a then, an else, a contains), the part `part` picks, written on one side only beside
   * an unevaluated keyword that reads what it marks evaluated, graded by the proof of the whole
   * object ({@link conditionalBeside}): true when so graded (or no change), false where it is on
   * both sides or no such keyword reads it.
   */
  keywordBeside(ctx: Ctx, key: string, a: JsonObject, b: JsonObject, part: Part): boolean {
    const seen = conditionalBeside(this.sides(ctx, a, b), part, [a[key], b[key]]);
    if (seen === undefined) return false;
    if (seen === "same") return true;
    const what = a[key] === undefined ? "added" : "removed";
    this.keyword(ctx, key, a, b, seen, `${what}${seen === "changed" ? SEEN_CONDITION : ""}`);
    return true;
  }

  /** The schema objects `a` → `b` at `ctx` and the proof, for {@link conditionalBeside}. */
  sides(ctx: Ctx, a: JsonObject, b: JsonObject): Sides {
    return {
      old: { root: this.oldRoot, loc: ctx.oldLoc, schema: a },
      new: { root: this.newRoot, loc: ctx.newLoc, schema: b },
      proves: (x, y, direction) => this.proves(x, y, direction, false),
    };
  }

  /**
   * An `if` written otherwise that accepts the same values on both sides (a `$ref` inlined, or
   * renamed to an equal definition; `S` written `{allOf: [S]}`), proven both ways: every value
   * meets the same branch, so what the condition says of itself (its prose, a default …) is
   * compared as the walk compares any subschema, and nothing it reads of values, which the proof
   * settled; then `then` and `else`.
   */
  sameCondition(ctx: Ctx, a: JsonObject, b: JsonObject): void {
    const start = this.out.length;
    this.compare(a.if, b.if, this.child(ctx, ["if"], "if", "if", 0));
    const notes = this.out.slice(start).filter((d) =>
      d.facet !== "$defs" && ANNOTATION_FACETS.has(d.facet)
    );
    this.out.length = start;
    this.out.push(...notes);
    for (const i of [...this.governedNames]) if (i >= start) this.governedNames.delete(i);
    this.conditionBranches(ctx, a, b);
  }

  /**
   * Branches that could not be paired, yet are written alike but for their titles and
   * descriptions (two identical allOf branches, both reworded): each old one with the first such
   * new one, their prose compared, which the finding that the branches changed does not name.
   */
  /** Whether the branches `xa` and `xb` are the same schemas but for their prose, in any order. */
  sameButProse(xa: JsonValue[], xb: JsonValue[]): boolean {
    if (xa.length !== xb.length) return false;
    const free = xb.map((x) => withoutProse(x));
    return xa.every((x) => {
      const plain = withoutProse(x);
      const k = free.findIndex((y) => jsonEqual(plain, y));
      if (k === -1 || !sameThroughRefs(x, this.oldRoot, this.newRoot)) return false;
      free.splice(k, 1);
      return true;
    });
  }

  rewordedBranches(
    key: string,
    xa: JsonValue[],
    xb: JsonValue[],
    ka: Branch[],
    kb: Branch[],
    pairing: ReturnType<typeof pairBranches>,
    ctx: Ctx,
  ): void {
    const pairedOld = new Set(pairing.pairs.map(([i]) => i));
    const free = xb.map((_, j) => j).filter((j) => !pairing.pairs.some(([, k]) => k === j));
    const bare = xb.map((x) => withoutProse(x));
    const at = (list: Branch[], k: number) => list[k]!.i.join(`/${key}/`);
    const compare = (i: number, j: number) =>
      this.unreachedAt(ctx, xa[i], xb[j], {
        old: `${this.home(ctx, "old", key)}/${key}/${at(ka, i)}`,
        new: `${this.home(ctx, "new", key)}/${key}/${at(kb, j)}`,
        path: `${ctx.path}.${key}.${at(kb, j).replaceAll("/", ".")}`,
      });
    const left: number[] = [];
    xa.forEach((x, i) => {
      if (pairedOld.has(i)) return;
      const plain = withoutProse(x);
      const found = free.findIndex((j) => jsonEqual(plain, bare[j]));
      if (found === -1) return void left.push(i);
      compare(i, free.splice(found, 1)[0]!);
    });
    // One branch left on each side, its value changed too (the union's finding says so): its
    // prose is still compared with the other's ({minLength: 1, description: A} → {minLength: 2,
    // description: B} beside a twin reworded alone went unsaid).
    if (left.length === 1 && free.length === 1) compare(left[0]!, free[0]!);
  }

  /**
   * The prose of subschemas `keys` of `a` and `b` that apply to no value ({@link unreachedProse}),
   * compared where each is written.
   */
  unreached(ctx: Ctx, a: JsonObject, b: JsonObject, keys: readonly string[]): void {
    for (const key of keys) {
      // Written on neither side (most schemas write no if, then or else): no prose, no notes.
      if (a[key] === undefined && b[key] === undefined) continue;
      this.unreachedAt(ctx, a[key], b[key], {
        old: `${this.home(ctx, "old", key)}/${key}`,
        new: `${this.home(ctx, "new", key)}/${key}`,
        path: `${ctx.path}.${key}`,
      });
    }
  }

  /**
   * The definitions that the references of a condition which decides nothing (an `if` without
   * then and else on both sides: `x` old, `y` new) reach, changed: no value passes through them
   * from here, so their prose and other notes are compared where each file writes them, as the
   * condition's own are, and nothing they say of values ({if: {$ref: d}} with d's minLength 2 →
   * 3 and its description reworded is that description alone).
   */
  unreachedTargets(ctx: Ctx, x: JsonValue | undefined, y: JsonValue | undefined): void {
    if (this.shortcut) return;
    const seen = new Set<string>();
    for (const s of [x, y]) {
      if (s === undefined) continue;
      for (const target of targetsRewritten(s, this.oldRoot, this.newRoot, () => true) ?? []) {
        const loc = decodeURIComponent(target.ref.slice(1));
        // Any other place a reference reaches is compared where it stands.
        if (seen.has(loc) || !/^\/(\$defs|definitions)\//.test(loc)) continue;
        seen.add(loc);
        this.unreachedAt(ctx, target.old, target.new, {
          old: loc,
          new: loc,
          path: [this.opts.basePath, ...pointerTokens(loc)].join("."),
        });
      }
    }
  }

  /** The prose of `x` and `y`, which apply to no value, compared at `at` (each side's place). */
  unreachedAt(
    ctx: Ctx,
    x: JsonValue | undefined,
    y: JsonValue | undefined,
    at: { old: string; new: string; path: string },
  ): void {
    if (ctx.governed || (x === undefined && y === undefined)) return;
    for (const t of unreachedProse(x, y)) {
      const oldLoc = at.old + pointerOf((t.oldAt ?? t.at).map(String));
      const loc = t.new === undefined ? oldLoc : at.new + pointerOf(t.at.map(String));
      const path = [at.path, ...t.at].join(".");
      this.proseChanged(t.key, t.old, t.new, loc, { ...ctx, path }, oldLoc);
    }
    // The other annotations there (default, examples, deprecated, vendor extensions …) too.
    for (const [s, t, tokens, oldTokens] of unreachedPairs(x, y)) {
      const oldLoc = at.old + pointerOf(oldTokens);
      const newLoc = t === undefined ? oldLoc : at.new + pointerOf(tokens);
      const here = {
        ...ctx,
        levels: undefined,
        path: [at.path, ...tokens].join("."),
        oldLoc,
        newLoc,
      };
      this.annotationKeywords(s ?? {}, t ?? {}, here);
      this.vendorExtensions(s ?? {}, t ?? {}, here);
    }
  }

  /** Whether every value of `x` is valid under `y` (`widened`: x old, y new; else the reverse). */
  proves(
    x: JsonValue,
    y: JsonValue,
    direction: "widened" | "narrowed",
    names = true,
    safeIntegers = false,
  ): boolean {
    const wide = direction === "widened";
    return subsumes(x, y, {
      rootA: wide ? this.oldRoot : this.newRoot,
      rootB: wide ? this.newRoot : this.oldRoot,
      known: STRUCTURED_VOCABULARY,
      old: !names ? "none" : wide ? "a" : "b",
      safeIntegers,
      nonstandardFormats: safeIntegers,
      budget: this.opts.proofs,
    }) === true;
  }

  /**
   * Each side's rule for the names allOf branches `at` (old, new; -1 for none) of `parents` leave
   * to their object's unevaluatedProperties; undefined when neither side's constrains.
   */
  restOf(
    ctx: Ctx,
    [a, b]: [JsonObject, JsonObject],
    [i, j]: [number, number],
  ): Ctx["unevaluated"] {
    const key = "unevaluatedProperties";
    const old = unevaluatedRest(a, i, this.home(ctx, "old", key), this.oldRoot);
    const next = unevaluatedRest(b, j, this.home(ctx, "new", key), this.newRoot);
    if (old === undefined && next === undefined) return undefined;
    return { ...(old === undefined ? {} : { old }), ...(next === undefined ? {} : { new: next }) };
  }

  /**
   * The schemas applied beside allOf branch `i` of `parent` (the `side` of the node `ctx`): the
   * other branches, and the object's own keywords but its allOf and unevaluatedProperties (the
   * rule for the names no branch evaluates, see {@link restOf}).
   */
  besideBranch(ctx: Ctx, side: "old" | "new", parent: JsonObject, i: number): Conjunct[] {
    const loc = this.home(ctx, side, "allOf");
    const { allOf, unevaluatedProperties: _, ...own } = parent;
    const branches = Array.isArray(allOf) ? allOf : [];
    return [
      { v: own, loc: side === "old" ? ctx.oldLoc : ctx.newLoc },
      ...branches.flatMap((v, k) => k === i ? [] : [{ v, loc: `${loc}/allOf/${k}` }]),
    ];
  }

  /** The branches `xa` → `xb` of combinator `key` changed, in no direction Proxar can tell. */
  branchesChanged(
    ctx: Ctx,
    key: "anyOf" | "oneOf" | "allOf",
    [xa, xb]: [JsonValue[], JsonValue[]],
    message: string,
  ): void {
    this.graded(ctx, key, key, "changed", key, { old: xa, new: xb }, message);
  }

  /** The branches of one combinator, paired: each pair walked, the rest added or removed. */
  branches(
    key: "anyOf" | "oneOf" | "allOf",
    union: boolean,
    xa: JsonValue[],
    xb: JsonValue[],
    ka: Branch[],
    kb: Branch[],
    pairing: ReturnType<typeof pairBranches>,
    ctx: Ctx,
    { oldKey = key, lifted = [false, false], parents }: {
      oldKey?: string;
      lifted?: [boolean, boolean];
      /** The objects holding the combinator, for allOf branches beside unevaluatedProperties. */
      parents?: [JsonObject, JsonObject];
    } = {},
  ): void {
    const at = (list: Branch[], k: number, name: string = key) => list[k]!.i.join(`/${name}/`);
    if (pairing.ambiguous) {
      // Branches written alike but for their prose (duplicates reworded), the same definitions
      // reached: the same list of schemas, so the same values; their prose alone is reported.
      if (!this.sameButProse(xa, xb)) {
        this.branchesChanged(
          ctx,
          key,
          [xa, xb],
          `${key} branches changed and cannot be paired unambiguously`,
        );
      }
      if (!lifted[0] && !lifted[1]) this.rewordedBranches(key, xa, xb, ka, kb, pairing, ctx);
      return;
    }
    // A oneOf rejects a value that two branches accept: a branch that may overlap another adds
    // or removes such values too, so its effect is undecided unless it is disjoint from the rest.
    // Each branch read through its references, in its own side's document, and through the
    // branches of its unions and allOfs.
    const apart = (list: JsonValue[], k: number, side: 0 | 1) => {
      if (key !== "oneOf") return true;
      const resolve = this.targets[side];
      return list.every((x, m) => m === k || disjoint(list[k]!, x, resolve, { branches: true }));
    };
    for (const [i, j] of pairing.pairs) {
      if (this.shortcut && jsonEqual(xa[i], xb[j])) continue;
      // A lone schema compared as a one-branch union has no branch in its document: the path
      // names the branch of the side that has the union, and that side's location is the lone
      // schema itself.
      const branch = lifted[1] ? [oldKey, ...at(ka, i, oldKey).split("/")] : [
        key,
        ...at(kb, j).split("/"),
      ];
      const alone = apart(xa, i, 0) && apart(xb, j, 1);
      const child = this.child(ctx, branch, key, key, alone ? ctx.polarity : 0);
      const unevaluated = key === "allOf" && parents && !lifted[0] && !lifted[1]
        ? this.restOf(ctx, parents, [ka[i]!.i[0]!, kb[j]!.i[0]!])
        : undefined;
      const beside = key === "allOf" && parents && !lifted[0] && !lifted[1]
        ? {
          old: this.besideBranch(ctx, "old", parents[0], ka[i]!.i[0]!),
          new: this.besideBranch(ctx, "new", parents[1], kb[j]!.i[0]!),
        }
        : undefined;
      this.compare(xa[i], xb[j], {
        ...child,
        ...(unevaluated ? { unevaluated } : {}),
        ...(beside ? { beside } : {}),
        oldLoc: lifted[0]
          ? ctx.oldLoc
          : `${this.home(ctx, "old", oldKey)}/${oldKey}/${at(ka, i, oldKey)}`,
        ...(lifted[1] ? { newLoc: ctx.newLoc, posLoc: ctx.newLoc } : {}),
      });
    }
    // A union whose keyword changed with branches that cannot overlap accepts the same values as
    // either keyword: the findings say so, and name the branch that came or went.
    const renamed = oldKey === key
      ? ""
      : `${oldKey} became ${key}, whose branches cannot overlap, so that alone changes no value; `;
    // A variant of a discriminated union is named by its tag.
    const tagged = (list: JsonValue[], k: number) =>
      union ? variantName(list, list[k]!) : undefined;
    // Branches that came (or went) alike, two or more, are one change: an enum turned into an
    // anyOf of consts beside a string read one finding per const (@moovio/sdk 26.2.0 → 26.7.1,
    // 32 at one place).
    // An allOf branch of an if without then and else that may decide (one that cannot is left
    // out, acceptsEveryBranch) only marks names or items evaluated: added, it widens.
    const kind = (xs: JsonValue[], k: number, side: 0 | 1): BranchKind =>
      !apart(xs, k, side)
        ? "overlapping"
        : key === "allOf" && isLoneCondition(xs[k])
        ? "condition"
        : "plain";
    const grouped = (list: number[], xs: JsonValue[], ks: Branch[], gone: boolean) => {
      const by = new Map<BranchKind, number[]>();
      for (const k of list) {
        const what = kind(xs, k, gone ? 0 : 1);
        by.set(what, [...by.get(what) ?? [], k]);
      }
      for (const [what, group] of by) {
        const alone = what !== "overlapping";
        const side = gone ? lifted[0] : lifted[1];
        const one = group.length === 1 || side;
        for (const k of one ? group : [group[0]!]) {
          const words = side
            ? liftedBranch(key, xs, k, gone ? "removed" : "added")
            : one
            ? `${renamed}${branchWords(gone ? oldKey : key, ks[k]!.i, xs[k]!, tagged(xs, k))} was ${
              gone ? "removed" : "added"
            }`
            : `${renamed}${group.length} ${gone ? oldKey : key} branches were ${
              gone ? "removed" : "added"
            }: ${
              group.map((g) => branchWords(gone ? oldKey : key, ks[g]!.i, xs[g]!, tagged(xs, g)))
                .join(", ")
            }`;
          const value = one ? xs[k]! : group.map((g) => xs[g]!);
          this.graded(
            ctx,
            key,
            key,
            !alone
              ? "changed"
              : (what === "condition" ? !gone : union !== gone)
              ? "widened"
              : "narrowed",
            key,
            gone ? { old: value } : { new: value },
            `${words}${
              what === "condition"
                ? "; an if without then and else only marks names or items evaluated, for an unevaluated keyword that may see it"
                : alone
                ? ""
                : gone
                ? "; it may have overlapped another branch, whose values it made invalid"
                : "; it may overlap another branch, and a value both accept is rejected"
            }`,
          );
        }
      }
    };
    grouped(pairing.added, xb, kb, false);
    grouped(pairing.removed, xa, ka, true);
  }

  /**
   * The titles and descriptions of the branches added or removed whole from a union or
   * conjunction proven to accept the same values, each compared with none where its file writes
   * it: anyOf [S, {type: string, minLength: 3, description: B}] → [S] changes no value, so the
   * branch's removal is no finding, yet the text B a model read is gone. A text the other side
   * still writes in the node moved with a rearranged union (wrapped, lifted), and stays unsaid;
   * so do a branch's other annotations, which go with it (a lone schema read as a one-branch
   * union writes its texts at the place, compared there).
   */
  wholeBranchTexts(
    key: "anyOf" | "oneOf" | "allOf",
    [xa, xb]: [JsonValue[], JsonValue[]],
    [ka, kb]: [Branch[], Branch[]],
    pairing: ReturnType<typeof pairBranches>,
    ctx: Ctx,
    lifted: [boolean, boolean],
    [a, b]: [JsonObject, JsonObject],
  ): void {
    const oldKey = this.unionKeyOf.get(a) ?? key;
    const sides = [
      { list: pairing.removed, xs: xa, ks: ka, side: "old", name: oldKey, skip: lifted[0] },
      { list: pairing.added, xs: xb, ks: kb, side: "new", name: key, skip: lifted[1] },
    ] as const;
    for (const { list, xs, ks, side, name, skip } of sides) {
      const kept = textsIn(side === "old" ? b : a);
      for (const k of skip ? [] : list) {
        const x = xs[k];
        if (!isObject(x)) continue;
        const texts: JsonObject = {};
        for (const t of PROSE_KEYWORDS) {
          if (typeof x[t] === "string" && !kept.has(`${t}\u0000${x[t]}`)) texts[t] = x[t]!;
        }
        const loc = `${this.home(ctx, side, name)}/${name}/${ks[k]!.i.join(`/${name}/`)}`;
        const [before, after] = side === "old" ? [texts, {}] : [{}, texts];
        const start = this.out.length;
        this.proseKeywords(before, after, {
          ...ctx,
          levels: undefined,
          path: `${ctx.path}.${name}.${ks[k]!.i.join(`.${name}.`)}`,
          oldLoc: loc,
          newLoc: loc,
          depth: ctx.depth + 1,
        });
        this.onOneSide(this.out.slice(start), ctx, side, [oldKey, key], lifted);
      }
    }
  }

  /**
   * Findings inside a union's branch that only `side` holds, placed on the other side at the
   * union (each side's key, `lifted` where a lone schema stands for it) rather than at whatever
   * branch holds the same index there: a removed branch's new place, an added one's old place.
   */
  onOneSide(
    found: readonly SchemaDelta[],
    ctx: Ctx,
    side: "old" | "new",
    [oldKey, newKey]: [string, string],
    lifted: [boolean, boolean],
  ): void {
    const other = side === "old" ? "new" : "old";
    const key = other === "old" ? oldKey : newKey;
    const loc = lifted[other === "old" ? 0 : 1]
      ? (other === "old" ? ctx.oldLoc : ctx.newLoc)
      : `${this.home(ctx, other, key)}/${escapePointerToken(key)}`;
    const base = this.opts.basePointer;
    for (const d of found) {
      if (other === "new") d.newPointer = base + loc;
      else d.oldPointer = (this.opts.oldBasePointer ?? base) + loc;
    }
  }

  /**
   * Widened and narrowed proofs of a pair, tried on the nodes and on the schemas as written. On
   * an input (outside `not`), a pair not proven equal is asked again with the safe-integer
   * exemption (`_safe_integer.ts`); the third answer says whether that changed the verdict.
   */
  provesEither(a: JsonValue, b: JsonValue, ctx: Ctx): [boolean, boolean, boolean] {
    const pairs: [JsonValue, JsonValue][] = [[a, b]];
    if (ctx.raw !== undefined) pairs.push([ctx.raw[0] ?? true, ctx.raw[1] ?? true]);
    const ask = (safeIntegers: boolean, [wide, narrow]: [boolean, boolean]) => {
      for (const [x, y] of pairs) {
        wide ||= this.proves(x, y, "widened", true, safeIntegers);
        narrow ||= this.proves(y, x, "narrowed", true, safeIntegers);
      }
      return [wide, narrow] as [boolean, boolean];
    };
    const plain = ask(false, [false, false]);
    if ((plain[0] && plain[1]) || this.opts.side !== "input" || ctx.polarity <= 0) {
      return [...plain, false];
    }
    const limit = ask(true, plain);
    return [...limit, limit[0] !== plain[0] || limit[1] !== plain[1]];
  }

  /**
   * When the safe-integer exemption decided a change of `key`, names the limit bounds that came
   * or went in its branches, unless findings from `start` on already do (the branches paired).
   */
  limitFindings(
    ctx: Ctx,
    key: string,
    a: JsonObject,
    b: JsonObject,
    lifted: [boolean, boolean],
    start: number,
  ): void {
    if (this.out.slice(start).some((d) => d.rule.endsWith(".safeIntegerLimit"))) return;
    const changes = limitChanges(
      limitBounds(a, key, lifted[0], this.oldRoot),
      limitBounds(b, key, lifted[1], this.newRoot),
    );
    for (const change of changes) {
      const here = (change.new ?? change.old)!;
      const path = [ctx.path, ...here.at, here.keyword].join(".");
      // A bound that went is shown at the node that held it, as a removed keyword is.
      const loc = change.new === undefined
        ? ctx.newLoc
        : here.target ?? `${this.home(ctx, "new", here.at[0] ?? here.keyword)}${
          here.at.map((t) => `/${escapePointerToken(t)}`).join("")
        }`;
      const pointer = this.opts.basePointer + loc +
        (change.new === undefined ? "" : `/${escapePointerToken(here.keyword)}`);
      const kind = change.aspect === "minimum" ? "min" : "max";
      this.emit(
        ctx,
        change.aspect,
        { aspect: change.aspect, change: "safeIntegerLimit" },
        "NON_BREAKING",
        here.keyword,
        { old: showBound(change.old?.bound, kind), new: showBound(change.new?.bound, kind) },
        limitMessage(
          [ctx.path, ...here.at].join("."),
          change.aspect,
          kind,
          change.old?.bound,
          change.new?.bound,
        ),
        { loc, path, pointer },
      );
    }
  }

  /**
   * The annotations of two schemas at one place, compared: the keywords of {@link ANNOTATIONS}
   * (`default`, `deprecated`, `$schema` …), vendor extensions, then `title` and `description`.
   */
  annotations(a: JsonObject, b: JsonObject, ctx: Ctx): void {
    this.annotationKeywords(a, b, ctx);
    this.vendorExtensions(a, b, ctx);
    this.proseKeywords(a, b, ctx);
  }

  /**
   * The annotations of allOf branches that hold nothing else, compared branch with branch
   * ({@link annotationBranchPairs}) where each is written: such a branch constrains no value, so
   * the allOf comparison leaves it out, yet a model reads its description as it reads the
   * schema's own. A branch added or removed compares its annotations with none.
   */
  annotationBranches(
    a: JsonObject,
    b: JsonObject,
    ctx: Ctx,
    lifted: [boolean, boolean],
    free: [AcceptsEvery, AcceptsEvery],
  ): void {
    for (const [x, y] of annotationBranchPairs(a, b, free)) {
      // A lone schema read as a one-branch allOf writes its texts beside its keywords, at the
      // place (liftUnion): a branch of its texts is named there, at the other side's index.
      const oldLoc = x &&
        (lifted[0] ? ctx.oldLoc : `${this.home(ctx, "old", "allOf")}/allOf/${x.index}`);
      const newLoc = y &&
        (lifted[1] ? ctx.newLoc : `${this.home(ctx, "new", "allOf")}/allOf/${y.index}`);
      const written = (lifted[1] ? undefined : y) ?? (lifted[0] ? undefined : x);
      const start = this.out.length;
      const [xs, ys] = [x?.schema ?? {}, y?.schema ?? {}];
      const at: Ctx = {
        ...ctx,
        levels: undefined,
        path: written === undefined ? ctx.path : `${ctx.path}.allOf.${written.index}`,
        oldLoc: oldLoc ?? newLoc!,
        newLoc: newLoc ?? oldLoc!,
        depth: ctx.depth + 1,
      };
      this.annotations(xs, ys, at);
      // An if without then and else that decides nothing there: its texts and unmodelled
      // keywords, as conditional() reads them.
      if (!jsonEqual(xs.if, ys.if)) {
        this.unreached(at, xs, ys, ["if"]);
        this.unreachedTargets(at, xs.if, ys.if);
      }
      if (x === undefined || y === undefined) {
        const found = this.out.slice(start);
        this.onOneSide(found, ctx, x === undefined ? "new" : "old", ["allOf", "allOf"], lifted);
      }
    }
  }

  /**
   * For each side, whether its allOf branch at an index accepts every value and is left out of
   * the allOf comparison: annotations only, or an if without then and else that decides nothing
   * there ({@link acceptsEveryBranch}), unless the other side's branch at that index writes an if
   * too: the two are the same condition changed (then added, its text reworded), compared as
   * such. `parents` gives the two schemas holding the allOf lists.
   */
  acceptsEveryBranch(
    ctx: Ctx,
    lifted: [boolean, boolean],
    parents: () => [JsonObject, JsonObject],
  ): [AcceptsEvery, AcceptsEvery] {
    const side = (k: 0 | 1): AcceptsEvery => {
      const [name, root] = k === 0
        ? ["old", this.oldRoot] as const
        : ["new", this.newRoot] as const;
      return (branch, index) => {
        if (isAnnotationOnly(branch)) return true;
        const list = parents()[1 - k]!.allOf;
        const other = Array.isArray(list) ? list[index] : undefined;
        if (isObject(other) && other.if !== undefined) return false;
        const loc = lifted[k]
          ? (k === 0 ? ctx.oldLoc : ctx.newLoc)
          : `${this.home(ctx, name, "allOf")}/allOf/${index}`;
        return acceptsEveryBranch(branch, { root, loc });
      };
    };
    return [side(0), side(1)];
  }

  /**
   * Each keyword of {@link ANNOTATIONS} that differs, at its severity; a `$schema` moved between
   * dialects as `dialectChange` grades it (no direction under a `not`). Under {@link Ctx.governed}
   * the annotations a schema says of its own values ({@link OWN_ANNOTATIONS}) are not compared.
   */
  annotationKeywords(a: JsonObject, b: JsonObject, ctx: Ctx): void {
    for (const [key, aspect, severity] of ANNOTATIONS) {
      if (jsonEqual(a[key], b[key]) || (ctx.governed && OWN_ANNOTATIONS.has(key))) continue;
      let dialect = key === "$schema"
        ? dialectChange(a[key], b[key], [this.oldRoot, this.newRoot])
        : "changed";
      // Under a not, accepting more is rejecting more: no direction is claimed there.
      if (ctx.polarity <= 0 && (dialect === "widened" || dialect === "narrowed")) {
        dialect = "changed";
      }
      this.emit(
        ctx,
        FACET_OF[key]!,
        { aspect, change: dialect },
        dialect === "changed" ? severity : DIALECT_SEVERITY[dialect][this.opts.side],
        key,
        { old: a[key], new: b[key] },
        `${ctx.path}: ${key} ${
          a[key] === undefined ? "added" : b[key] === undefined ? "removed" : "changed"
        }: ${show(a[key])} → ${show(b[key])}${DIALECT_NOTE[dialect]}`,
      );
    }
  }

  /**
   * Vendor extensions (`x-…`) that differ, POTENTIALLY_BREAKING: no validator reads them; a
   * client or a model may. None under {@link Ctx.governed}.
   */
  vendorExtensions(a: JsonObject, b: JsonObject, ctx: Ctx): void {
    const extensions = extensionKeywords(a, b);
    for (const key of extensions) {
      if (jsonEqual(a[key], b[key]) || ctx.governed) continue;
      this.emit(
        ctx,
        "extension",
        { aspect: "extension", change: "changed" },
        "POTENTIALLY_BREAKING",
        key,
        { old: a[key], new: b[key] },
        `${ctx.path}: vendor extension ${key} ${
          a[key] === undefined ? "added" : b[key] === undefined ? "removed" : "changed"
        }: ${show(a[key])} → ${show(b[key])}`,
      );
    }
  }

  /**
   * `title` and `description` that differ, graded by the prose classifier (`opts.classifyProse`)
   * and reported where the text is written. None under {@link Ctx.governed}.
   */
  proseKeywords(a: JsonObject, b: JsonObject, ctx: Ctx): void {
    for (const key of PROSE_KEYWORDS) {
      if (ctx.governed) continue;
      const x = typeof a[key] === "string" ? a[key] as string : undefined;
      const y = typeof b[key] === "string" ? b[key] as string : undefined;
      if (x === y) {
        // The text read first is the same: one a `$ref` chain hides may have changed.
        for (const hidden of shadowedProse(ctx.levels, key)) {
          this.proseChanged(key, hidden.old, hidden.new, hidden.loc, ctx);
        }
        continue;
      }
      this.proseChanged(key, x, y, this.changeLoc(ctx, key), ctx, this.home(ctx, "old", key));
    }
  }

  /**
   * A `title` or `description` changed from `x` to `y` at `loc`, graded by the prose classifier;
   * `oldLoc` is where the old text stands when another place (a union's branch that moved, a
   * definition renamed), so its old source location is looked up there and not at `loc`.
   */
  proseChanged(
    key: string,
    x: string | undefined,
    y: string | undefined,
    loc: string,
    ctx: Ctx,
    oldLoc?: string,
  ): void {
    const verdict = this.opts.classifyProse(x, y);
    const delta: SchemaDelta = {
      facet: key,
      location: loc,
      path: `${ctx.path}.${key}`,
      pointer: `${this.opts.basePointer}${loc}/${key}`,
      rule: `tool.${this.opts.side}.${key}.changed`,
      severity: verdict.severity,
      message: `${ctx.path}.${key} ${
        x === undefined ? "added" : y === undefined ? "removed" : "changed"
      } (${describeVerdict(verdict)})`,
      prose: verdict,
    };
    if (x !== undefined) delta.old = x;
    if (y !== undefined) delta.new = y;
    if (x !== undefined && oldLoc !== undefined && oldLoc !== loc) {
      delta.oldPointer = `${this.opts.oldBasePointer ?? this.opts.basePointer}${oldLoc}/${key}`;
    }
    this.out.push(delta);
  }
}

/** The vendor extension keywords (x-…) either schema writes, sorted, each once. */
function extensionKeywords(a: JsonObject, b: JsonObject): string[] {
  // Most schemas write none: no list of all their keys is made to find out.
  let found: Set<string> | undefined;
  for (const s of [a, b]) {
    for (const key in s) {
      if (Object.hasOwn(s, key) && isExtensionKeyword(key)) (found ??= new Set()).add(key);
    }
  }
  return found === undefined ? [] : [...found].sort();
}

/**
 * A schema's types as a finding quotes them: the `type` as written where it says them all (a
 * string stays a string, a list a list), else the set read ({@link typeSet}: `nullable: true`
 * adds "null" to it).
 */
function quotedTypes(schema: JsonObject): JsonValue | undefined {
  const set = typeSet(schema);
  return typeof schema.type === "string" && set?.length === 1 ? schema.type : set;
}

/** X of `{not: {not: X}}` written with nothing else at either level; else undefined. */
function doubleNot(s: JsonObject | false): JsonValue | undefined {
  if (s === false || Object.keys(s).length !== 1 || !isObject(s.not)) return undefined;
  const inner = s.not;
  return Object.keys(inner).length === 1 && inner.not !== undefined ? inner.not : undefined;
}

/** The pair without the keywords {@link keywordsOfExcludedTypes} names (the same objects if none). */
function withoutKeywordsOfExcludedTypes(a: JsonObject, b: JsonObject): [JsonObject, JsonObject] {
  const skipped = keywordsOfExcludedTypes(a, b);
  if (skipped.size === 0) return [a, b];
  const keep = (s: JsonObject) =>
    Object.fromEntries(Object.entries(s).filter(([k]) => !skipped.has(k))) as JsonObject;
  return [keep(a), keep(b)];
}

/** Where the direct allOf branches of `s` declare each property: branch index and schema. */
function inAllOf(s: JsonObject): Map<string, { i: number; schema: JsonValue }[]> {
  const out = new Map<string, { i: number; schema: JsonValue }[]>();
  if (!Array.isArray(s.allOf)) return out;
  s.allOf.forEach((branch, i) => {
    if (!isObject(branch) || !isObject(branch.properties)) return;
    for (const [name, schema] of Object.entries(branch.properties)) {
      if (schema === false) continue;
      out.set(name, [...out.get(name) ?? [], { i, schema }]);
    }
  });
  return out;
}

/** The schema `s` gives property `name` in its own `properties`, or `true` when elsewhere. */
function ownProperty(s: JsonValue, name: string): JsonValue {
  const props = isObject(s) && isObject(s.properties) ? s.properties : {};
  return Object.hasOwn(props, name) ? props[name]! : true;
}

/**
 * Compares two schemas of one side of a tool and returns the named findings.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { walkSchemas } from "./walk.ts";
 * import { classifyProse } from "../prose.ts";
 * const deltas = walkSchemas({ type: "string" }, { type: ["string", "number"] }, {
 *   side: "input", basePath: "t.inputSchema", basePointer: "/tools/0/inputSchema", classifyProse,
 * });
 * assert.equal(deltas[0]?.rule, "tool.input.type.widened");
 * assert.equal(deltas[0]?.severity, "NON_BREAKING");
 * ```
 */
export function walkSchemas(
  oldSchema: JsonValue | undefined,
  newSchema: JsonValue | undefined,
  options: WalkOptions,
): SchemaDelta[] {
  const walker = new Walker(oldSchema ?? true, newSchema ?? true, options);
  walker.compare(oldSchema ?? true, newSchema ?? true, {
    polarity: 1,
    path: options.basePath,
    oldLoc: "",
    newLoc: "",
    depth: 0,
    posFacet: "schema",
    posLoc: "",
    posAspect: "schema",
  });
  return walker.out;
}

/**
 * A `multipleOf` change beside the values a side lists, itself or in its allOf, anyOf or oneOf
 * branches (_enum_bounds.ts listedThrough): the old side loses only
 * listed numbers the new multipleOf may reject, the new side gains only listed numbers the old
 * one rejected. None either way, and the change is no finding; none one way, and it widens or
 * narrows; the ones it takes away or lets in are named. Graded as `effect` where the side that
 * would tell lists no values, or a multipleOf is not a positive number.
 */
function listedMultiple(
  a: JsonObject,
  b: JsonObject,
  effect: Effect | undefined,
): { effect: Effect; named: string } | undefined {
  if (effect === undefined) return undefined;
  const positive = (x: JsonValue | undefined) =>
    x === undefined || (typeof x === "number" && x > 0);
  if (!positive(a.multipleOf) || !positive(b.multipleOf)) return { effect, named: "" };
  const ma = a.multipleOf as number | undefined, mb = b.multipleOf as number | undefined;
  const listed = (s: JsonObject) => listedThrough(s, parsedValues);
  const lost = effect === "widened" ? [] : listedOffMultiple(listed(a), ma, mb);
  const gained = effect === "narrowed" ? [] : listedOffMultiple(listed(b), mb, ma);
  const name = (xs: number[] | undefined, how: string, which: string) =>
    xs?.length ? `, which ${how} ${xs.join(", ")} of the values the ${which} schema lists` : "";
  const named = name(lost, "rejects", "old") + name(gained, "admits", "new");
  const oldInNew = lost?.length === 0, newInOld = gained?.length === 0;
  if (oldInNew && newInOld) return undefined;
  return { effect: oldInNew ? "widened" : newInOld ? "narrowed" : effect, named };
}
