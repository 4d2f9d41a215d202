/**
 * Rules about prompts and their arguments.
 * @module
 */
import type { PromptArgument } from "../core/contract.ts";
import type { JsonObject } from "../core/json.ts";
import type { Rule, RuleContext } from "../core/rule.ts";
import { at, rule } from "./_define.ts";
import { lifecycleRules } from "./_lifecycle.ts";

const issueArg = { name: "issue", required: true };
const toneArg = { name: "tone" };
const triage = { name: "triage", arguments: [issueArg, toneArg] };

function argumentsOf(
  args: PromptArgument[] | undefined,
): Map<string, { arg: PromptArgument; index: number }> {
  return new Map((args ?? []).map((arg, index) => [arg.name, { arg, index }]));
}

type ArgEvent = {
  prompt: string;
  name: string;
  before?: PromptArgument;
  after?: PromptArgument;
  oldIndex: number;
  newIndex: number;
  argIndex: number;
  /** The argument's index in the old prompt, when it had it. */
  oldArgIndex?: number;
};

/**
 * Where the old file holds what `pointer` names in the new one, when another place: the old
 * argument's index (arguments moved), or the old list for an argument added.
 */
function oldPlace(e: ArgEvent, pointer: string, ...rest: string[]): { oldPointer?: string } {
  const old = e.oldArgIndex === undefined
    ? at("prompts", e.oldIndex, "arguments")
    : at("prompts", e.oldIndex, "arguments", e.oldArgIndex, ...rest);
  return old === pointer ? {} : { oldPointer: old };
}

function argumentEvents(ctx: RuleContext): ArgEvent[] {
  const out: ArgEvent[] = [];
  for (const p of ctx.pairs.prompts.paired) {
    const before = argumentsOf(p.old.arguments);
    const after = argumentsOf(p.new.arguments);
    for (const name of [...new Set([...before.keys(), ...after.keys()])].sort()) {
      const b = before.get(name);
      const a = after.get(name);
      const event: ArgEvent = {
        prompt: p.id,
        name,
        oldIndex: p.oldIndex,
        newIndex: p.newIndex,
        argIndex: a?.index ?? b?.index ?? 0,
      };
      if (b) [event.before, event.oldArgIndex] = [b.arg, b.index];
      if (a) event.after = a.arg;
      out.push(event);
    }
  }
  return out;
}

/** Prompt rules. */
export const promptRules: Rule[] = [
  ...lifecycleRules({
    kind: "prompt",
    list: "prompts",
    noun: "Prompt",
    sample: triage,
    id: "triage",
    removedRationale:
      'Clients that offer it (slash commands, menus) fail when a user picks it. When a prompt taking the same arguments was added in the same change, one or more, each with the same name, title, description and whether it is required (as equal schemas that declare a property are for tools), the message names it as the probable new name: dataforseo-mcp-server 2.8.6 → 2.9.11 renamed all 21 of its prompts (create_content_targeting_decision_stage_users → dfs-decision-stage-content, both taking product, "The product to search related keywords for") and each read as removed beside one added, with no hint. One removed and one added take those arguments, or, when several do, the two whose names are each other\'s closest among them (at least 0.8 alike, case and separators aside, and differing only by words respelt), else none is named: four of those prompts took only url ("The URL of the page to analyze"), and which became which the arguments cannot tell. Prompts without arguments all look alike and are never named so. Then, among the rest, a prompt with the same name in another case or separator style (simple_prompt → simple-prompt, as @modelcontextprotocol/server-everything 2025.9.25 → 2026.1.14 renamed its prompts), one removed and one added per name. Last, as for tools, one prompt whose name gained or lost words, or wrote words shortened or in the plural (code_review → review, summarize_files → summarize_file), with a description alike (0.8, three words or more), one removed and one added; a word put in the plural or back only where both take arguments of the same names. The removal stays BREAKING, since clients ask for the old name; the two prompts are not compared.',
    renameHint: true,
  }),
  rule({
    id: "prompt.argument.removed",
    severity: "BREAKING",
    summary: "A prompt argument was removed",
    rationale: "Clients still pass it; the server rejects or ignores it.",
    examples: [{
      title: "tone is gone",
      old: { prompts: [triage] },
      new: { prompts: [{ ...triage, arguments: [issueArg] }] },
      findings: [{
        rule: "prompt.argument.removed",
        path: "triage.arguments.tone",
        severity: "BREAKING",
      }],
    }],
    check(ctx) {
      for (const e of argumentEvents(ctx)) {
        if (!e.before || e.after) continue;
        ctx.report({
          entity: { kind: "prompt", name: e.prompt },
          path: `${e.prompt}.arguments.${e.name}`,
          pointer: at("prompts", e.newIndex, "arguments"),
          ...oldPlace(e, at("prompts", e.newIndex, "arguments")),
          old: e.before as JsonObject,
          message: `Argument "${e.name}" of prompt "${e.prompt}" was removed`,
        });
      }
    },
  }),
  rule({
    id: "prompt.argument.added",
    severity: "NON_BREAKING",
    summary: "An optional prompt argument was added",
    rationale:
      "Existing uses do not pass it and stay valid. A required new argument is reported by prompt.argument.required.added.",
    examples: [{
      title: "optional since added",
      old: { prompts: [triage] },
      new: { prompts: [{ ...triage, arguments: [...triage.arguments, { name: "since" }] }] },
      findings: [{
        rule: "prompt.argument.added",
        path: "triage.arguments.since",
        severity: "NON_BREAKING",
      }],
    }],
    check(ctx) {
      for (const e of argumentEvents(ctx)) {
        if (e.before || !e.after || e.after.required === true) continue;
        ctx.report({
          entity: { kind: "prompt", name: e.prompt },
          path: `${e.prompt}.arguments.${e.name}`,
          pointer: at("prompts", e.newIndex, "arguments", e.argIndex),
          ...oldPlace(e, at("prompts", e.newIndex, "arguments", e.argIndex)),
          new: e.after as JsonObject,
          message: `Optional argument "${e.name}" was added to prompt "${e.prompt}"`,
        });
      }
    },
  }),
  rule({
    id: "prompt.argument.required.added",
    severity: "BREAKING",
    summary: "A prompt argument became required, or a required one was added",
    rationale: "Existing uses do not pass it, so getting the prompt fails.",
    examples: [{
      title: "tone is now required",
      old: { prompts: [triage] },
      new: {
        prompts: [{ ...triage, arguments: [issueArg, { name: "tone", required: true }] }],
      },
      findings: [{
        rule: "prompt.argument.required.added",
        path: "triage.arguments.tone.required",
        severity: "BREAKING",
      }],
    }],
    check(ctx) {
      for (const e of argumentEvents(ctx)) {
        if (e.after?.required !== true || e.before?.required === true) continue;
        ctx.report({
          entity: { kind: "prompt", name: e.prompt },
          path: `${e.prompt}.arguments.${e.name}.required`,
          pointer: at("prompts", e.newIndex, "arguments", e.argIndex, "required"),
          ...oldPlace(
            e,
            at("prompts", e.newIndex, "arguments", e.argIndex, "required"),
            "required",
          ),
          old: e.before?.required ?? false,
          new: true,
          message: e.before
            ? `Argument "${e.name}" of prompt "${e.prompt}" is now required`
            : `Required argument "${e.name}" was added to prompt "${e.prompt}"`,
        });
      }
    },
  }),
  rule({
    id: "prompt.argument.required.removed",
    severity: "NON_BREAKING",
    summary: "A required prompt argument became optional",
    rationale: "Existing uses pass it and stay valid.",
    examples: [{
      title: "issue is now optional",
      old: { prompts: [triage] },
      new: { prompts: [{ ...triage, arguments: [{ name: "issue" }, { name: "tone" }] }] },
      findings: [{
        rule: "prompt.argument.required.removed",
        path: "triage.arguments.issue.required",
        severity: "NON_BREAKING",
      }],
    }],
    check(ctx) {
      for (const e of argumentEvents(ctx)) {
        if (e.before?.required !== true || !e.after || e.after.required === true) continue;
        ctx.report({
          entity: { kind: "prompt", name: e.prompt },
          path: `${e.prompt}.arguments.${e.name}.required`,
          pointer: at("prompts", e.newIndex, "arguments", e.argIndex),
          ...oldPlace(e, at("prompts", e.newIndex, "arguments", e.argIndex), "required"),
          old: true,
          new: e.after.required ?? false,
          message: `Argument "${e.name}" of prompt "${e.prompt}" is no longer required`,
        });
      }
    },
  }),
];
