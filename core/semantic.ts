/**
 * The engine's side of the `--semantic` pass, with no I/O: which changes get a question, the
 * question, the content hash answers are cached under, and attaching answers as notes.
 * Attaching copies the report and adds `notes` only, so no answer can touch a rule id, a
 * severity, a count, a suppression or the decision.
 * @module
 */
import type { Change } from "./change.ts";
import { canonicalText } from "./hash.ts";
import type { Report } from "./report.ts";
import { sha256 } from "./sha256.ts";

/** The longest note kept, in characters. */
export const NOTE_MAX = 1000;

/** The question every change is asked about. */
export const SEMANTIC_QUESTION = "Could this change move a model's tool selection, and how?";

/** Whether a change gets a question: prose changes and POTENTIALLY_BREAKING ones, unsuppressed. */
export function wantsNote(change: Change): boolean {
  return !change.suppressed &&
    (change.prose !== undefined || change.severity === "POTENTIALLY_BREAKING");
}

/** `sha256:` of what the change is about (rule, entity, path, old and new), for the cache. */
export function changeContentHash(change: Change): string {
  const content = canonicalText({
    rule: change.rule,
    entity: change.entity,
    path: change.path,
    old: change.old ?? null,
    new: change.new ?? null,
  });
  return `sha256:${sha256(content)}`;
}

function shown(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? "";
  return text.length > 4000 ? `${text.slice(0, 4000)}…` : text;
}

/** The chat messages for one change. */
export function semanticMessages(change: Change): { role: "system" | "user"; content: string }[] {
  return [
    {
      role: "system",
      content:
        "You review changes to the tools, prompts and resources an MCP server offers to language models. Answer in at most three plain sentences. Your answer is shown to a human reviewer as an advisory note; it does not grade the change.",
    },
    {
      role: "user",
      content: [
        SEMANTIC_QUESTION,
        `Entity: ${change.entity.kind} ${change.entity.name}`,
        `Path: ${change.path}`,
        `Change: ${change.message}`,
        `Old: ${change.old === undefined ? "(absent)" : shown(change.old)}`,
        `New: ${change.new === undefined ? "(absent)" : shown(change.new)}`,
      ].join("\n"),
    },
  ];
}

/**
 * Makes a model's answer into a note: control characters and line breaks become spaces, the
 * secret (the API key, when set) is blanked, the length capped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { noteText } from "./semantic.ts";
 * assert.equal(noteText("model-x", "Yes.\u001b[31m key=s3cret", "s3cret"), "model-x: Yes. [31m key=[redacted]");
 * ```
 */
export function noteText(model: string, answer: string, secret?: string): string {
  let text = answer;
  if (secret) text = text.split(secret).join("[redacted]");
  // deno-lint-ignore no-control-regex
  text = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(/\s+/g, " ")
    .trim();
  const note = `${model}: ${text}`;
  return note.length > NOTE_MAX ? `${note.slice(0, NOTE_MAX)}…` : note;
}

/**
 * A copy of the report in which each change whose index is in `notes` carries that note added
 * to its `notes`; everything else is the same value.
 */
export function withNotes(report: Report, notes: ReadonlyMap<number, string>): Report {
  const changes = report.changes.map((change, i) => {
    const note = notes.get(i);
    return note === undefined ? change : { ...change, notes: [...(change.notes ?? []), note] };
  });
  return { ...report, changes };
}
