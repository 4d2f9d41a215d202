/**
 * Rules about tools as a whole: removed, added, duplicated.
 * @module
 */
import { jsonEqual } from "../core/json.ts";
import { recorded } from "../core/contract.ts";
import { describedWithin, namedIn, spelledOut, swappedWord, twinSchemas } from "../core/pairing.ts";
import { affixOf, describeAffix, nameWords, wordsShortened } from "../core/rename_affix.ts";
import type { Rule } from "../core/rule.ts";
import { leftOut, leftOutNow, REMOVED_UNKNOWN_RATIONALE } from "./_lifecycle.ts";
import { at, rule, tool } from "./_define.ts";

const search = tool("search_issues", { query: { type: "string" } }, ["query"]);

/** Tool-level rules. */
export const toolRules: Rule[] = [
  rule({
    id: "tool.removed",
    severity: "BREAKING",
    summary: "A tool was removed",
    rationale:
      `Agents that call the tool by name get an unknown-tool error; prompts and plans that mention it stop working. When a tool with the same schemas was added in the same change, it was probably renamed, which breaks callers just the same (one removed and one added with those schemas: two removed with the schemas of one added were not both renamed to it, and neither is said to be, unless their names tell: when several removed or added tools share the schemas, a removed tool and an added one whose names are each other's closest among them, at least 0.8 alike with case and separators set aside and closer than any other, and differing only by words respelt (each differing word at least 0.75 alike, and neither the other with a prefix such as dis, de, un or re: enable_user_account and disable_user_account, get_user and set_user are other tools), are paired, as @azure/mcp 3.0.0-beta.41 → 3.0.0-beta.46 renamed resilience_drill_delete and resilience_drill_check-resync-readiness, which take the same arguments, to resiliency_drill_delete and resiliency_drill_check-resync-readiness, and neither got a hint), provided the schemas declare a property: tools without arguments and without an output schema that names fields all look alike, so equal schemas are then no evidence (brightdata's scraping_browser_links and scraping_browser_network_requests were paired, and the new tool's description reported as the old one's change); the pair is then also compared (description, title, annotations, execution, metadata) and those changes are reported under the new name with the rename in their message. An outputSchema declared on one side only counts as the same beside equal input schemas that declare a property (@anthropic-ai/claude-code 1.0.100 → 1.0.128 renamed KillBash to KillShell in the release that gave every tool an output schema, and no rename was seen); the pair then reports the output schema added or removed, and two output schemas that differ are no evidence. So is a tool added with the same name in another case or separator style (getUser → get_user or get-user, as mapbox-mcp-server's StaticMapImageTool became static_map_image_tool), one removed and one added per name: their schemas are compared too, graded as for any tool, since a rename of style often comes with a new schema generator. When several tools share such a name, none is paired. Then, a removed tool and an added one whose names are each other's closest (as above) among the tools with the same schemas but for prose (description and title) and property names in another case or separator style are paired, their schemas compared: @azure/mcp 3.0.0-beta.41 → 3.0.0-beta.46 renamed resilience_recoveryplan_create to resiliency_recoveryplan_create and its argument recovery-plan to recoveryplan, its descriptions saying "recoveryplan" for "recovery plan", and 13 such tools (12 with that argument) read as removed beside unrelated tools added, where now each pair is compared and reports the argument removed and added, each with a rename hint. Last, tools whose names gained or lost the same words before or after them are paired, their schemas compared, when each pair still reads as one tool (descriptions, set aside the opening every tool of a side shares ("GitHub: "), at least 0.8 alike or one beginning with the other's first sentence, or two thirds of the property names in common, or every property name of the one with fewer, three or more, kept by the other: @hypothesi/tauri-mcp-server 0.7.0 → 0.13.0 took tauri_ off 16 tool names and gave webview_find_element five arguments beside the four of tauri_webview_find_element, whose description it rewrote, and that one read as removed beside a tool added, its arguments and description unreported (a name two others explain is still split, not renamed, though only one of them reads as it did: godot_node → godot_node_read and godot_node_edit, whose four arguments are all godot_node's); create_issue and update_issue removed beside create_issue_comment and update_issue_comment added are other tools, though "comment" was put after both names) and that change explains at least two of the tools removed and half of them or of the tools added (the fewer, so that both directions read alike), and each name only one way: a server that namespaced its tools (@satelliteoflove/godot-mcp 2.17.0 → 3.23.1 renamed animation, node and nine more to godot_animation, godot_node, …, and all 11 read as removed beside 15 tools added, their changed arguments unreported). Once two pairs or more of one such change read as one tool, and the change explains half of the tools as above, its other pairs are paired too where the two tools have a property name in common (input or output, top level) or neither has one: @mizchi/lsmcp 0.9.4 → 0.10.0 put lsp_ before 13 tools, rewrote their descriptions and renamed arguments (filePath → relativePath, target → textTarget); format_document, get_code_actions and check_capabilities read as themselves, find_references (3 argument names of 6 in common), get_hover and eight more did not, and 11 of the 13 read as removed with no hint, their argument changes unreported; one pair alone that reads as one tool establishes nothing. One tool that gained a word may be another tool (search → search_v2), and so may a few among many: @runpod/mcp-server 3.3.0 → 4.0.0 dropped create-registry-delegation and delete-registry-delegation, and the create-registry and delete-registry it added replace create-container-registry-auth and its kin, 2 of 11 tools removed and 25 added, where @digitalocean/mcp 1.0.30 → 1.0.70 put "marketplace" before both tools it removed, beside 157 added; a name two others explain was split, not renamed (godot_node → godot_node_read and godot_node_edit). One tool whose name gained or lost words anywhere is paired with its new name only on strong evidence, one removed and one added: the same schemas (declaring a property), descriptions at least 0.8 alike with three words or more (each side's shared opening set aside), or one description held whole in the other, six words or more, with the same input properties required, one or more (@microsoft/workiq 0.2.8 → 1.0.0 renamed ask_work_iq to ask, whose description goes on after the old one, 0.48 alike, question required on both sides, and read as removed with no hint); testsprite-mcp 0.0.11 → 0.0.30 renamed testsprite_generate_prd to testsprite_generate_standardized_prd with the same arguments and description, which testsprite_rerun_tests, added, also takes, so neither the same schemas nor the names told it. A first sentence in common or property names shared are no such evidence for one tool (create_issue and create_issue_comment share half their arguments), so testsprite_bootstrap_tests → testsprite_bootstrap in the same release, with a new description and one argument more, is not paired by that step (the next one pairs it). The same evidence pairs one tool whose name, word for word, writes some words shortened or in the plural and keeps the others (the shorter word of two letters or more and two fewer at least, its letters all in the longer in order from its first: keywords → kw, dataforseo → dfs; or the plural: serp → serps): dataforseo-mcp-server 2.7.11 → 2.9.11 renamed keywords_data_dataforseo_trends_explore to kw_data_dfs_trends_explore and dataforseo_labs_google_historical_serp to dataforseo_labs_google_historical_serps, their descriptions unchanged, and six such tools read as removed with no hint beside unrelated tools added; get_user and set_user, or search_v1 and search_v10, are not such names. A word put in the plural or back may name another tool (get_user taking a required id, get_users taking a limit, one description for both, read as renamed and their arguments compared: id removed, BREAKING, on a tool that never took it), so there the evidence counts only where one tool takes every argument of the other and both require the same (historical_serps kept historical_serp's three and added two). For words shortened, a description that writes the other name out in words, three words or more in order, is evidence too: dataforseo-mcp-server 2.7.11 → 2.8.6 renamed ai_optimization_keyword_data_locations_and_languages, without arguments, to ai_opt_kw_data_loc_and_lang, 'Utility tool for 'AI Optimization Keyword Data Locations and Languages' …', descriptions 0.68 alike, and it read as removed with no hint. Last, one removed tool and one added tool whose names share no word are paired when the new name's words are all words of the old description (or the old name's of the new one) and both require the same arguments, one or more, each with an equal schema that says more than its type (an enum, a description, a format), one to one: agent-device 0.19.3 → 0.20.5 renamed rotate ("Rotate device orientation.") to orientation ("Set device orientation."), both requiring orientation, one of four values, and it read as removed with no hint, as did testsprite_bootstrap_tests ("Bootstrap Testsprite needs to be initialized …") → testsprite_bootstrap, its four required arguments unchanged; a tool query added beside search_code removed, both requiring a query string described otherwise, stays another tool, and so does a tool whose description writes the other's name whole (two words or more) as a tool it sets apart, not after formerly, previously, renamed, was called, replaces or deprecated: @berthojoris/mcp-mysql-server 1.10.0 → 1.30.0 removed export_table_to_csv and added safe_export_table ('Use this instead of export_table_to_csv when handling sensitive data'), 1.43.2 the reverse ('For sensitive data, use safe_export_table instead'), and each read as a rename, the two tools' arguments compared (filters, pagination and sorting removed: 3 BREAKING findings of a tool that never had them). And one removed tool and one added tool whose names, of three words or more, differ in one word alone are paired when the new word is a word of the old description and the old word one of the new description (in the plural or back), neither description sets the other tool apart, and one takes every argument of the other, three or more (read inside a lone request object, as generated SDK servers wrap them), both requiring the same, one or more, one to one: dub 0.57.0 → 0.61.0 renamed embed-tokens_create ('Create a new embed token for the referral link.', partnerId, programId and tenantId, programId required) to embed-tokens-referrals ('Create a new referrals embed token …', the same three and partner, programId required), and it read as removed with no hint, the argument it gained unreported; create_issue → update_issue, 'update' in neither description, stays two tools, and so does get_file_contents → get_file_history ('Get the history of a file's contents', the same arguments and a limit), 'history' no word of the old description. ${REMOVED_UNKNOWN_RATIONALE}`,
    examples: [{
      title: "search_issues is gone",
      old: { tools: [search] },
      new: { tools: [] },
      findings: [{ rule: "tool.removed", path: "search_issues", severity: "BREAKING" }],
    }, {
      title: "search_issues is not listed, and the new contract leaves tools out",
      old: { tools: [search], prompts: [] },
      new: { prompts: [] },
      findings: [{
        rule: "tool.removed",
        path: "search_issues",
        severity: "POTENTIALLY_BREAKING",
      }],
    }],
    check({ new: next, pairs, report }) {
      const unknown = !recorded(next, "tools");
      const { added, removed } = pairs.tools;
      for (const gone of removed) {
        const finding: Parameters<typeof report>[0] = {
          entity: { kind: "tool", name: gone.id },
          path: gone.id,
          pointer: at("tools", gone.index),
          old: gone.id,
          message: `Tool "${gone.id}" was removed${unknown ? leftOutNow("tools") : ""}`,
          ...(unknown ? { severity: "POTENTIALLY_BREAKING" as const } : {}),
        };
        // The pairing (core/pairing.ts) found its new name and says how.
        const renamed = pairs.tools.paired.find((p) => p.renamedFrom === gone.id);
        if (renamed?.renamedBy === "schemas") {
          const output = renamed.new.outputSchema;
          const same = jsonEqual(output, gone.value.outputSchema)
            ? "the same schemas"
            : `the same inputSchema and ${output === undefined ? "no" : "now an"} outputSchema`;
          // Other tools removed or added with those schemas: the names told them apart.
          const shared = added.filter((a) => twinSchemas(a.value, gone.value)).length > 1 ||
            removed.filter((r) => twinSchemas(renamed.new, r.value)).length > 1;
          finding.message += `; "${renamed.id}" was added with ${same}${
            shared ? " and the closest name of the tools that share them" : ""
          }, so it was probably renamed`;
        } else if (renamed?.renamedBy === "style") {
          finding.message +=
            `; "${renamed.id}" was added with the same name in another case or separator style, so it was probably renamed; their schemas are compared under the new name`;
        } else if (renamed?.renamedBy === "affix") {
          const affix = affixOf(gone.id, renamed.id)!;
          const others = pairs.tools.paired.filter((p) =>
            p !== renamed && p.renamedBy === "affix" && affixOf(p.renamedFrom!, p.id) === affix
          ).length;
          finding.message += `; "${renamed.id}" was added with its name and ${others} other ${
            others === 1 ? "tool's" : "tools'"
          } changed alike (${
            describeAffix(affix)
          }), so it was probably renamed; their schemas are compared under the new name`;
        } else if (renamed?.renamedBy === "words") {
          const more = nameWords(renamed.id).length > nameWords(gone.id).length;
          const written = wordsShortened(gone.id, renamed.id);
          const how = written === undefined
            ? `words ${more ? "added" : "taken off"}`
            : written.map(([from, to]) => `"${from}" written "${to}"`).join(", ");
          const evidence = twinSchemas(gone.value, renamed.new)
            ? "the same schemas"
            : describedWithin(gone.value, renamed.new)
            ? "one description holding the other whole and the same required arguments"
            : spelledOut(gone.id, renamed.new)
            ? "a description writing out the old name"
            : spelledOut(renamed.id, gone.value)
            ? "the old description writing out the new name"
            : "a description alike";
          finding.message +=
            `; "${renamed.id}" was added with its name but for ${how} and ${evidence}, so it was probably renamed; their schemas are compared under the new name`;
        } else if (renamed?.renamedBy === "mentioned") {
          finding.message += `; "${renamed.id}" was added, ${
            namedIn(renamed.id, gone.value)
              ? "its name words of the old description"
              : "its description naming the old tool"
          }, with the same required arguments, so it was probably renamed; their schemas are compared under the new name`;
        } else if (renamed?.renamedBy === "swapped") {
          const [from, to] = swappedWord(gone.id, renamed.id)!;
          finding.message +=
            `; "${renamed.id}" was added with its name but for "${from}" swapped for "${to}", each a word of the other tool's description, taking every argument of the other with the same required ones, so it was probably renamed; their schemas are compared under the new name`;
        } else if (renamed !== undefined) {
          finding.message +=
            `; "${renamed.id}" was added with the closest name and the same schemas but for prose and property names in another case or separator style, so it was probably renamed; their schemas are compared under the new name`;
        }
        if (renamed !== undefined) {
          finding.hint = `renamed to "${renamed.id}"?`;
          finding.new = renamed.id;
        }
        report(finding);
      }
    },
  }),
  rule({
    id: "tool.added",
    severity: "NON_BREAKING",
    summary: "A tool was added",
    rationale:
      "Existing calls keep working. A new tool can still change which tool a model selects, which the prose rules watch through its description. When the old contract does not record a tools list at all (a file that leaves it out, such as a prompts-only listing), the tool may have been there already with other schemas, which nothing can compare: then it is POTENTIALLY_BREAKING, since a list not captured is unknown, not empty.",
    examples: [{
      title: "create_issue is new",
      old: { tools: [search] },
      new: { tools: [search, tool("create_issue", { title: { type: "string" } }, ["title"])] },
      findings: [{ rule: "tool.added", path: "create_issue", severity: "NON_BREAKING" }],
    }, {
      title: "search_issues is listed, and the old contract leaves tools out",
      old: { prompts: [] },
      new: { tools: [search], prompts: [] },
      findings: [{ rule: "tool.added", path: "search_issues", severity: "POTENTIALLY_BREAKING" }],
    }],
    check({ old, pairs, report }) {
      const unknown = !recorded(old, "tools");
      for (const added of pairs.tools.added) {
        report({
          entity: { kind: "tool", name: added.id },
          path: added.id,
          pointer: at("tools", added.index),
          new: added.id,
          message: `Tool "${added.id}" was added${unknown ? leftOut("tools") : ""}`,
          ...(unknown ? { severity: "POTENTIALLY_BREAKING" as const } : {}),
        });
      }
    },
  }),
];
