/**
 * Rules about the root of a tool's schemas: the MCP specification requires `type: "object"` there,
 * and clients that validate tools/list against its schema reject the whole list without it.
 * @module
 */
import type { Contract, Tool } from "../core/contract.ts";
import { isObject } from "../core/json.ts";
import type { Rule, RuleMeta } from "../core/rule.ts";
import { declaresObjectRoot } from "../core/schema/_root_object.ts";
import type { Side } from "../core/schema/types.ts";
import { at, rule } from "./_define.ts";
import { holder } from "./schema.ts";

const KEY = { input: "inputSchema", output: "outputSchema" } as const;

/** Whether every tool of `contract` lists both schemas with an object root (absent output aside). */
function validList(contract: Contract): boolean {
  return (contract.tools ?? []).every((t) =>
    declaresObjectRoot(t.inputSchema) &&
    (t.outputSchema === undefined || declaresObjectRoot(t.outputSchema))
  );
}

const WHY =
  'The MCP specification\'s Tool requires inputSchema, and outputSchema when there is one, to be an object schema with type "object" at its root. Clients that validate a tools/list result against the specification\'s schema reject the whole list when one tool lacks it, so every tool of the server is lost to them, not only this one: the official TypeScript SDK\'s client does (its schema for a tool requires the literal "object"; tests/rules/schema_root_test.ts asks it), and so do the clients built on it (@modelcontextprotocol/server-filesystem 2025.8.21 listed every inputSchema as a bare {$schema}, and the MCP Inspector could not list its tools). What the root accepts does not change with it: MCP sends arguments and returns structuredContent as objects only, so `{}`, `{type: "object"}` and `{type: ["object", "null"]}` accept the same values there, and the schema comparison reads them alike.';

/** The metadata of the rule for a root that loses (`notObject`) or gains (`object`) the type. */
function rootMeta(side: Side, change: "notObject" | "object"): RuleMeta {
  const key = KEY[side];
  const schema = { properties: { id: { type: "string" } } };
  const [before, after] = change === "notObject"
    ? [{ type: "object", ...schema }, schema]
    : [schema, { type: "object", ...schema }];
  const severity = change === "notObject" ? "BREAKING" : "NON_BREAKING";
  return {
    id: `tool.${side}.root.${change}`,
    severity,
    summary: `A tool's ${key} ${
      change === "notObject" ? "no longer declares" : "now declares"
    } type "object" at its root`,
    rationale: change === "notObject"
      ? `${WHY} A tool added without it is graded the same. When the old list already held a tool without it, strict clients rejected that list too, and nothing changes for them: POTENTIALLY_BREAKING.`
      : `${WHY} So declaring it loses nobody, and strict clients list the tools again once every tool does.`,
    examples: [{
      title: `${key} ${change === "notObject" ? "lost" : "gained"} its type "object"`,
      old: { tools: [holder(side, before)] },
      new: { tools: [holder(side, after)] },
      findings: [{ rule: `tool.${side}.root.${change}`, path: `get_issue.${key}`, severity }],
    }],
  };
}

function rootRules(side: Side): Rule[] {
  const key = KEY[side];
  const where = (name: string) => `${name}.${key}`;
  const lost = rule({
    ...rootMeta(side, "notObject"),
    check({ old, pairs, report }) {
      const before = validList(old);
      const reportLost = (t: Tool, index: number, added: boolean) => {
        const schema = t[key];
        if (schema === undefined || declaresObjectRoot(schema)) return;
        const type = isObject(schema) ? schema.type : undefined;
        report({
          entity: { kind: "tool", name: t.name },
          path: where(t.name),
          pointer: at("tools", index, key),
          ...(type === undefined ? {} : { new: type }),
          message: `${where(t.name)} ${
            added ? "is listed without" : "no longer declares"
          } type "object" at its root${
            type === undefined ? "" : ` (type ${JSON.stringify(type)})`
          }, which the MCP specification requires; clients that validate tools/list reject the whole list, so every tool of the server is lost to them${
            before ? "" : " (the old list already had a tool without it, and they rejected it too)"
          }`,
          ...(before ? {} : { severity: "POTENTIALLY_BREAKING" as const }),
        });
      };
      const renamed = new Set<string>();
      for (const p of pairs.tools.paired) {
        if (p.renamedFrom !== undefined) renamed.add(p.id);
        // An outputSchema the old tool had not is graded as one listed anew.
        const had = p.old[key];
        if (had === undefined) reportLost(p.new, p.newIndex, true);
        else if (declaresObjectRoot(had)) reportLost(p.new, p.newIndex, false);
      }
      for (const a of pairs.tools.added) {
        if (!renamed.has(a.id)) reportLost(a.value, a.index, true);
      }
    },
  });
  const gained = rule({
    ...rootMeta(side, "object"),
    check({ pairs, report }) {
      for (const p of pairs.tools.paired) {
        const had = p.old[key];
        if (had === undefined || declaresObjectRoot(had) || !declaresObjectRoot(p.new[key])) {
          continue;
        }
        report({
          entity: { kind: "tool", name: p.id },
          path: where(p.id),
          pointer: at("tools", p.newIndex, key),
          new: "object",
          ...(isObject(had) && had.type !== undefined ? { old: had.type } : {}),
          message: `${
            where(p.id)
          } now declares type "object" at its root, as the MCP specification requires; clients that validate tools/list accept it once every tool does`,
        });
      }
    },
  });
  return [lost, gained];
}

/** The root rules of both sides. */
export const schemaRootRules: Rule[] = [...rootRules("input"), ...rootRules("output")];
