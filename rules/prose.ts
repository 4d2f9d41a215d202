/**
 * Prose rules: descriptions, titles and instructions, graded by the prose classifier. Prose inside
 * input and output schemas is compared by the schema walk (`tool.input.description.changed` …).
 * @module
 */
import type { EntityKind } from "../core/contract.ts";
import type { JsonObject, JsonValue } from "../core/json.ts";
import { describeVerdict } from "../core/prose.ts";
import type { Finding, Rule, RuleContext, RuleExample } from "../core/rule.ts";
import { at, rule, tool } from "./_define.ts";

const RATIONALE =
  "Descriptions, titles and instructions steer which tool a model selects and how it calls it. Graded by the prose classifier: DOCUMENTATION when the change cannot move a model's choice (whitespace, the case of ordinary words, a typo), POTENTIALLY_BREAKING when it can (a negation, modality or number changed, words reordered, text rewritten, added or removed, the case of an identifier changed: an enum or const value, a property, argument or tool name, or a quoted or backticked token, or a backticked code span replaced by another, which a model copies verbatim however few characters changed, as chrome-devtools-mcp 1.0.1's geolocation format `<latitude>x<longitude>` → `<latitude>,<longitude>`, or a URL written out replaced by another, as @microsoft/workiq 1.0.0's EULA address https://github.com/microsoft/work-iq-mcp → https://github.com/microsoft/work-iq, which a model is told to pass as eulaUrl (edit 0.98, DOCUMENTATION before), or a host name or e-mail address written in lower case without a scheme (ending .com, .org, .net, .io, .dev, .ai, .co, .cloud, .edu or .gov), as @heroui/react-mcp 1.1.2's 'directly from v3.heroui.com' → 'directly from heroui.com', which before read as the number marker v3.heroui.com (a host's digits are no number), or a file path written out (absolute, from ~, relative from ./ or ../, or a Windows path with a drive: Logs are written to /var/log/app/server.log → /var/log/app/main.log at the end of a long description, edit 0.99, DOCUMENTATION before), or only removed, which takes from a model a name it was told to use, as @supabase/mcp-server-supabase 0.12.0's instructions dropping `list_tables` and five other tool names, or an upper-case identifier-like word replaced or removed, an HTTP verb, an enum-like constant or a name a model may copy as written, as @playwright/mcp's PUT request → PATCH request and @apify/actors-mcp-server's run status FINISHED → SUCCEEDED, where an ordinary acronym such as API or URL only removed is a rewording and a label or document name (NOTE, IMPORTANT, README, TODO) is no identifier, or an alternative only removed, a run of words beginning or ending with 'or', as drawio's 'from CSV data or a URL to CSV data' → 'from CSV data', which withdraws what a model was offered, or a tool name of the contract replaced or removed, a tool a model was told to call, as next-devtools-mcp 0.3.10's browser_eval description replacing 'nextjs_runtime' by 'nextjs_index', or a tool name that came in place of a name no tool has, as mobile-mcp 1.0.4 pointing 'the list_elements_on_screen tool' at 'the mobile_list_elements_on_screen tool'). A default stated or dropped is a marker ('low' (default) is fastest → 'low' is fastest, @perplexity-ai/mcp-server 1.2.1), and so is an opposite swapped in (minimum → maximum, first → last, ascending → descending, include → exclude, enable → disable, true → false; in Chinese, Japanese and Korean too, 升序 → 降序), which states the opposite behaviour in one word however long the text, while one stated or dropped alone is a rewording (at most → a maximum of, newest first → most recent first). A number is counted by its value, however written, so up to ten → up to 10, a hundred and five → 105, two dozen → 24, 22 hundred → 2200, 最多返回十条 → 最多返回10条 and 최대 세 개 → 최대 3개 are no number changed while ten → twenty, 十 → 二十 and 열 개 → 스무 개 are; a number word that counts nothing is none, a product name (requires a vuetify one subscription, @vuetify/mcp 0.11.0) or a term of art (zero-width characters, ssh-mcp 2.11.0), while zero-based → one-based counts and a one-time code counts as once; a version is one number (v2.3 and version 2.3 alike, 1.2.3-beta.1 and its slug v1-2-3-beta-1 whole), and a version changed (API v2.3 → v2.4, Node 18+ → 20+) counts, as the seed's markers hold any number; a range or comparison operator belongs to its number, so a range changed (^1.2.3 → ~1.2.3, >=1.2 → >1.2), which changes the versions an agent may pick, counts too, while ^ 1.2.3 → ^1.2.3, >= 18 → ≥18 or age>=18 → age >= 18 is none; an operator on one side only, against words or nothing, is no marker (~5 minutes → about 5 minutes, # -> 204 → # → 204, >1MB → over 1MB, a Markdown quote > 5 items → 5 items, which real descriptions write for about or a bound in words), except a version range (^1.2.3 → 1.2.3 pins one version) or a bound dropped against the number alone (Python >=3.10 → Python 3.10 no longer says which versions are accepted; Python 3.10 or later says it in words), and an operator replaced before the same number is one (age>=18 → age<18, status != 5 → status == 5). In Chinese, Japanese and Korean, whose clauses run into one word, a negation, modality word or default counts wherever it occurs inside a word (@cloudbase/cloudbase-mcp 2.34.6 adding '不需要 buildId 时…', 'when you do not need buildId…', to a long description). In a long text each changed run of sentences (a Chinese or Japanese one ending at 。, ！ or ？, its overlap counted in pairs of characters, so one character added to a clause is not the clause rewritten), lines or list items is also graded alone, so one rewritten sentence or a sentence added or removed whole is not diluted by the unchanged rest (next-devtools-mcp 0.3.10 adding a 'Use this tool when you need to:' block), while a typo fix and reflowed lines stay DOCUMENTATION. See docs/prose.md.";

/** One compared text. */
interface Item {
  name: string;
  path: string;
  pointer: string;
  /** Where the old file holds the text, when another place (an argument that moved). */
  oldPointer?: string;
  a: string | undefined;
  b: string | undefined;
}

/** A prose surface: where its texts are and a contract that holds a given text there. */
interface Surface {
  id: string;
  kind: EntityKind;
  /** What the summary calls the text: `A tool's description`. */
  what: string;
  each(ctx: RuleContext): Item[];
  /** A contract whose surface holds `text`, for the examples. */
  holding(text: string): JsonObject;
  /** The path of the example's finding. */
  examplePath: string;
}

const text = (v: JsonValue | undefined) => (typeof v === "string" ? v : undefined);

/** The same texts on every surface: a typo fixed, and a warning added. */
const TYPO = ["Search the isue tracker", "Search the issue tracker"] as const;
const WARNING = [
  "Search the issue tracker",
  "Search the issue tracker; never returns closed issues",
] as const;

function listSurface(
  kind: "tool" | "prompt" | "resource" | "resourceTemplate",
  list: "tools" | "prompts" | "resources" | "resourceTemplates",
  noun: string,
  field: "description" | "title",
  sample: JsonObject,
  id: string,
): Surface {
  return {
    id: `${kind}.${field}.changed`,
    kind,
    what: `A ${noun}'s ${field}`,
    each: ({ pairs }) =>
      pairs[list].paired.map((p) => ({
        name: p.id,
        path: `${p.id}.${field}`,
        pointer: at(list, p.newIndex, field),
        a: text((p.old as JsonObject)[field]),
        b: text((p.new as JsonObject)[field]),
      })),
    holding: (t) => ({ [list]: [{ ...sample, [field]: t }] }),
    examplePath: `${id}.${field}`,
  };
}

function argumentSurface(field: "description" | "title"): Surface {
  return {
    id: `prompt.argument.${field}.changed`,
    kind: "prompt",
    what: `A prompt argument's ${field}`,
    each: ({ pairs }) =>
      pairs.prompts.paired.flatMap((p) =>
        (p.new.arguments ?? []).flatMap((arg, index) => {
          const was = (p.old.arguments ?? []).findIndex((a) => a.name === arg.name);
          const before = p.old.arguments?.[was];
          if (!before) return [];
          const pointer = at("prompts", p.newIndex, "arguments", index, field);
          const old = at("prompts", p.oldIndex, "arguments", was, field);
          return [{
            name: p.id,
            path: `${p.id}.arguments.${arg.name}.${field}`,
            pointer,
            ...old !== pointer && { oldPointer: old },
            a: text(before[field]),
            b: text(arg[field]),
          }];
        })
      ),
    holding: (t) => ({ prompts: [{ name: "triage", arguments: [{ name: "issue", [field]: t }] }] }),
    examplePath: `triage.arguments.issue.${field}`,
  };
}

const SERVER = { name: "issues-mcp", version: "1.0.0" };

function serverSurface(field: "instructions" | "title" | "description"): Surface {
  const info = field !== "instructions";
  const path = info ? `server.serverInfo.${field}` : "server.instructions";
  return {
    id: `server.${field}.changed`,
    kind: "server",
    what: info ? `The server's ${field}` : "The server instructions",
    // Server information is unknown when a side was read from a bare listing; nothing to compare.
    each: ({ old, new: next }) =>
      (info && [old, next].some((c) => c.server.name === "unknown")) ? [] : [{
        name: next.server.name,
        path,
        pointer: info ? `/server/${field}` : "/instructions",
        a: text(info ? old.server[field] : old.instructions),
        b: text(info ? next.server[field] : next.instructions),
      }],
    holding: (t) =>
      info ? { server: { ...SERVER, [field]: t }, tools: [] } : {
        server: SERVER,
        tools: [],
        instructions: t,
      },
    examplePath: path,
  };
}

const SURFACES: Surface[] = [
  listSurface("tool", "tools", "tool", "description", tool("search_issues"), "search_issues"),
  listSurface("tool", "tools", "tool", "title", tool("search_issues"), "search_issues"),
  {
    id: "tool.annotations.title.changed",
    kind: "tool",
    what: "A tool's annotations.title",
    each: ({ pairs }) =>
      pairs.tools.paired.map((p) => ({
        name: p.id,
        path: `${p.id}.annotations.title`,
        pointer: at("tools", p.newIndex, "annotations", "title"),
        a: text((p.old.annotations as JsonObject | undefined)?.title),
        b: text((p.new.annotations as JsonObject | undefined)?.title),
      })),
    holding: (t) => ({ tools: [tool("search_issues", {}, [], { annotations: { title: t } })] }),
    examplePath: "search_issues.annotations.title",
  },
  listSurface("prompt", "prompts", "prompt", "description", { name: "triage" }, "triage"),
  listSurface("prompt", "prompts", "prompt", "title", { name: "triage" }, "triage"),
  argumentSurface("description"),
  argumentSurface("title"),
  ...(["description", "title"] as const).flatMap((field) => [
    listSurface(
      "resource",
      "resources",
      "resource",
      field,
      { uri: "file:///a.log", name: "a" },
      "file:///a.log",
    ),
    listSurface(
      "resourceTemplate",
      "resourceTemplates",
      "resource template",
      field,
      { uriTemplate: "file:///{d}.log", name: "d" },
      "file:///{d}.log",
    ),
  ]),
  serverSurface("instructions"),
  serverSurface("title"),
  serverSurface("description"),
];

function examples(s: Surface): RuleExample[] {
  const example = (
    title: string,
    [before, after]: readonly [string, string],
    severity: "DOCUMENTATION" | "POTENTIALLY_BREAKING",
  ): RuleExample => ({
    title,
    old: s.holding(before),
    new: s.holding(after),
    findings: [{ rule: s.id, path: s.examplePath, severity }],
  });
  return [
    example("a warning added", WARNING, "POTENTIALLY_BREAKING"),
    example("a typo fixed", TYPO, "DOCUMENTATION"),
  ];
}

function proseRule(s: Surface): Rule {
  return rule({
    id: s.id,
    severity: "POTENTIALLY_BREAKING",
    gradedBy: "prose",
    summary: `${s.what} changed`,
    rationale: RATIONALE,
    examples: examples(s),
    check(ctx) {
      for (const item of s.each(ctx)) {
        if (item.a === item.b) continue;
        const verdict = ctx.classifyProse(item.a, item.b);
        const change = item.a === undefined
          ? "added"
          : item.b === undefined
          ? "removed"
          : "changed";
        const finding: Finding = {
          entity: { kind: s.kind, name: item.name },
          path: item.path,
          pointer: item.pointer,
          ...item.oldPointer !== undefined && { oldPointer: item.oldPointer },
          severity: verdict.severity,
          prose: verdict,
          message: `${item.path} ${change} (${describeVerdict(verdict)})`,
        };
        if (item.a !== undefined) finding.old = item.a;
        if (item.b !== undefined) finding.new = item.b;
        ctx.report(finding);
      }
    },
  });
}

/** Prose rules. */
export const proseRules: Rule[] = SURFACES.map(proseRule);
