/**
 * Rules about recorded response shapes (`proxar sample`): drift behind an unchanged schema.
 * Evidence from samples is weaker than a declared schema, so most are POTENTIALLY_BREAKING; a
 * result that breaks the tool's own `outputSchema` is BREAKING.
 * @module
 */
import type { JsonObject, JsonValue } from "../core/json.ts";
import { RESPONSE_RULES, responseDeltas } from "../core/response/diff.ts";
import { failedCall, mergeResponses, responseShapeOf } from "../core/response/result.ts";
import type { Rule, RuleExample, RuleMeta } from "../core/rule.ts";
import { lazyExamples, rule } from "./_define.ts";

/** `{ responses: { tool: shape } }` from the results of sample calls of one tool. */
function sampled(tool: string, ...results: JsonObject[]): JsonValue {
  const shape = results.map((r) => responseShapeOf(r)).reduce(mergeResponses);
  return { responses: { [tool]: shape } } as unknown as JsonValue;
}

function structured(value: JsonObject): JsonObject {
  return { content: [{ type: "text", text: "…" }], structuredContent: value };
}

const issues = (list: JsonObject[]) => structured({ issues: list });

function responseRule(
  meta: Omit<RuleMeta, "examples"> & { examples: () => RuleExample[] },
): Rule {
  const { examples, ...rest } = meta;
  const made = rule({
    ...rest,
    examples: [],
    check({ old, new: next, report }) {
      for (const d of responseDeltas(old, next).get(meta.id) ?? []) {
        report({
          entity: { kind: "tool", name: d.tool },
          path: d.path,
          pointer: d.pointer,
          ...(d.old === undefined ? {} : { old: d.old }),
          ...(d.new === undefined ? {} : { new: d.new }),
          message: d.message,
        });
      }
    },
  });
  return lazyExamples(made, examples);
}

const WEAK =
  "Samples show what some results looked like, not what the tool promises, so the finding warns rather than fails: ";

/** The `tool.response.*` rules. */
export const responseRules: Rule[] = [
  responseRule({
    id: RESPONSE_RULES.removed,
    severity: "POTENTIALLY_BREAKING",
    summary: "A field seen in every sampled result is missing from the new samples",
    rationale: WEAK +
      "a field that agents read and that is now never present breaks them as surely as a removed output property, but the samples may simply not have hit the case that returns it.",
    examples: () => [{
      title: "issues[].assignee disappeared",
      old: sampled("search_issues", issues([{ id: 1, assignee: "a" }, { id: 2, assignee: "b" }])),
      new: sampled("search_issues", issues([{ id: 1 }, { id: 2 }])),
      findings: [{
        rule: RESPONSE_RULES.removed,
        path: "search_issues.response.structuredContent.issues[].assignee",
        severity: "POTENTIALLY_BREAKING",
      }],
    }],
  }),
  responseRule({
    id: RESPONSE_RULES.added,
    severity: "POTENTIALLY_BREAKING",
    summary: "A field never seen before appears in sampled results",
    rationale: WEAK +
      "most consumers ignore an extra field, but strict deserialisers and generated types reject it, and a new field often means the result changed meaning.",
    examples: () => [{
      title: "issues[].labels appeared",
      old: sampled("search_issues", issues([{ id: 1 }])),
      new: sampled("search_issues", issues([{ id: 1, labels: [] }])),
      findings: [{
        rule: RESPONSE_RULES.added,
        path: "search_issues.response.structuredContent.issues[].labels",
        severity: "POTENTIALLY_BREAKING",
      }],
    }],
  }),
  responseRule({
    id: RESPONSE_RULES.type,
    severity: "POTENTIALLY_BREAKING",
    summary: "A field of sampled results has a JSON type it never had before",
    rationale: WEAK +
      "a consumer that parsed a string finds a number (an integer where numbers were seen is not a change). A type that is no longer seen is not reported: fewer types never break a reader.",
    examples: () => [{
      title: "issues[].id became a string",
      old: sampled("search_issues", issues([{ id: 1 }])),
      new: sampled("search_issues", issues([{ id: "1" }])),
      findings: [{
        rule: RESPONSE_RULES.type,
        path: "search_issues.response.structuredContent.issues[].id",
        severity: "POTENTIALLY_BREAKING",
      }],
    }],
  }),
  responseRule({
    id: RESPONSE_RULES.nullable,
    severity: "POTENTIALLY_BREAKING",
    summary: "A field of sampled results is null where it never was before",
    rationale: WEAK +
      "code that read a string now meets null, the most common crash of a consumer; the old samples may just not have met the null case.",
    examples: () => [{
      title: "issues[].title is null now",
      old: sampled("search_issues", issues([{ title: "a" }])),
      new: sampled("search_issues", issues([{ title: null }])),
      findings: [{
        rule: RESPONSE_RULES.nullable,
        path: "search_issues.response.structuredContent.issues[].title",
        severity: "POTENTIALLY_BREAKING",
      }],
    }],
  }),
  responseRule({
    id: RESPONSE_RULES.order,
    severity: "POTENTIALLY_BREAKING",
    summary: "Sampled lists are no longer sorted by any key they were sorted by before",
    rationale: WEAK +
      "agents take the first result as the best or newest one, and the schema cannot say how a list is sorted. Only lists of at least two objects count, and only when none of the old sort keys still holds, so a coincidental second sort key does not raise it.",
    examples: () => [{
      title: "issues sorted by created instead of id",
      old: sampled(
        "search_issues",
        issues([{ id: 1, created: "2026-03" }, { id: 2, created: "2026-01" }]),
      ),
      new: sampled(
        "search_issues",
        issues([{ id: 2, created: "2026-01" }, { id: 1, created: "2026-03" }]),
      ),
      findings: [{
        rule: RESPONSE_RULES.order,
        path: "search_issues.response.structuredContent.issues",
        severity: "POTENTIALLY_BREAKING",
      }],
    }],
  }),
  responseRule({
    id: RESPONSE_RULES.content,
    severity: "POTENTIALLY_BREAKING",
    summary: "Sampled results hold other kinds of content items than before",
    rationale: WEAK +
      "a client that showed text gets an image, or text that used to hold JSON no longer parses; what a model can read from the result changed.",
    examples: () => [{
      title: "JSON text became plain text",
      old: sampled("search_issues", { content: [{ type: "text", text: '{"total": 3}' }] }),
      new: sampled("search_issues", { content: [{ type: "text", text: "3 issues" }] }),
      findings: [{
        rule: RESPONSE_RULES.content,
        path: "search_issues.response.content",
        severity: "POTENTIALLY_BREAKING",
      }],
    }],
  }),
  responseRule({
    id: RESPONSE_RULES.errorRate,
    severity: "POTENTIALLY_BREAKING",
    summary: "More sample calls answer with isError than before",
    rationale: WEAK +
      "the same arguments that worked now produce tool errors (none → some → all); the data behind the arguments may have changed rather than the tool.",
    examples: () => [{
      title: "search_issues now fails",
      old: sampled("search_issues", issues([])),
      new: sampled("search_issues", { content: [{ type: "text", text: "…" }], isError: true }),
      findings: [{
        rule: RESPONSE_RULES.errorRate,
        path: "search_issues.response.isError",
        severity: "POTENTIALLY_BREAKING",
      }],
    }],
  }),
  responseRule({
    id: RESPONSE_RULES.violated,
    severity: "BREAKING",
    summary: "structuredContent of a sampled result breaks the tool's own outputSchema",
    rationale:
      "The tool promised a schema and broke it: MCP clients that validate structured results (the official SDKs do) reject the result outright. This is a fact about one real result, not an inference, so it fails. The check runs when the result is seen; only the keyword, the schema path and the place (indexes as *) are kept.",
    examples: () => [{
      title: "total is a string where the schema says integer",
      old: { responses: {} },
      new: {
        responses: {
          count_issues: {
            calls: 1,
            errors: 0,
            content: ["text"],
            // What outputViolations() records for `{ total: "3" }` against
            // `{ type: "object", properties: { total: { type: "integer" } } }` (a test checks
            // it); written out so that loading the rules compiles no schema.
            violations: [{ keyword: "type", schemaPath: "#/properties/total/type", at: "/total" }],
          },
        },
      } as unknown as JsonValue,
      findings: [{
        rule: RESPONSE_RULES.violated,
        path: "count_issues.response.structuredContent.total",
        severity: "BREAKING",
      }],
    }],
  }),
  responseRule({
    id: RESPONSE_RULES.failed,
    severity: "POTENTIALLY_BREAKING",
    summary: "A sample call produced no result",
    rationale:
      "The call timed out, failed at the protocol level, or was not made (the tool is gone, or no longer read-only and the entry does not allow side effects). Nothing could be compared, which must not look like a clean pass; it warns because the cause may be the environment rather than the server.",
    examples: () => [{
      title: "search_issues did not answer in time",
      old: sampled("search_issues", issues([])),
      new: { responses: { search_issues: failedCall("timeout") } } as unknown as JsonValue,
      findings: [{
        rule: RESPONSE_RULES.failed,
        path: "search_issues.response",
        severity: "POTENTIALLY_BREAKING",
      }],
    }],
  }),
];
