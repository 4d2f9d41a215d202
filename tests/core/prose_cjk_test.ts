import assert from "node:assert/strict";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { classifyProse } from "../../core/prose.ts";
import { CJK_MARKERS, cjkMarkers } from "../../core/prose_cjk.ts";
import { CJK_OPPOSITES } from "../../core/prose_opposites.ts";
import { proseUnits, unitChanges } from "../../core/prose_units.ts";
import { FIXTURES } from "../helpers.ts";
import { fourWays } from "./schema/_schema_helpers.ts";
import { markerVerdict } from "./_prose.ts";

/** A text of @cloudbase/cloudbase-mcp's snapshot `version` (trimmed to two tools). */
function cloudbase(version: string, tool: string, property?: string): string {
  const file = `${FIXTURES}/real_servers/cloudbase_cloud_run_pg_${version}.json`;
  const found = JSON.parse(readFileSync(file, "utf8")).tools.find((t: { name: string }) =>
    t.name === tool
  );
  return property === undefined
    ? found.description
    : found.inputSchema.properties[property].description;
}

// 2.34.3 → 2.34.6: manageCloudRun's description gained a clause "不需要 buildId 时…" ("when you
// do not need buildId…"); managePgDatabase's action description lost rollbackMigration "（需
// lastN …）" ("requires lastN"). Both were DOCUMENTATION (edit 0.939 and 0.951).
const RUN_OLD = cloudbase("2.34.3", "manageCloudRun");
const RUN_NEW = cloudbase("2.34.6", "manageCloudRun");
const ACTION_OLD = cloudbase("2.34.3", "managePgDatabase", "action");
const ACTION_NEW = cloudbase("2.34.6", "managePgDatabase", "action");

Deno.test("cjkMarkers() finds negations, modality and defaults inside a word, the longest first", () => {
  assert.deepEqual(cjkMarkers("不需要时必须传入"), ["不", "需", "必须"]);
  assert.deepEqual(cjkMarkers("必填でない場合はデフォルト"), ["必填", "ない", "デフォルト"]);
  assert.deepEqual(cjkMarkers("삭제하지않습니다"), ["않"]);
  assert.deepEqual(cjkMarkers("应用别名"), []);
  // Words whose marker character means something else (review): "very", "asynchronous",
  // "regardless"; a real negation beside them still counts.
  assert.deepEqual(cjkMarkers("非常重要"), []);
  assert.deepEqual(cjkMarkers("非同期処理"), []);
  assert.deepEqual(cjkMarkers("无论是否不管如何"), []);
  assert.deepEqual(cjkMarkers("非常不稳定"), ["不"]);
  // Korean and Japanese modality that was missed (review): must, required, optional.
  assert.deepEqual(cjkMarkers("반드시"), ["반드시"]);
  assert.deepEqual(cjkMarkers("필요합니다"), ["필요"]);
  assert.deepEqual(cjkMarkers("선택입니다"), ["선택"]);
  assert.deepEqual(cjkMarkers("省略可能"), ["省略"]);
});

Deno.test("cjkMarkers() finds nothing in Han, kana or Hangul that holds no marker's character", () => {
  // Ordinary characters of the three scripts, none of them part of a marker: any word of them
  // reaches the marker search (a word without these scripts never does).
  const inMarkers = new Set([...CJK_MARKERS, ...CJK_OPPOSITES.keys()].flatMap((m) => [...m]));
  const ordinary = [
    ..."文字数据记录结果标题作者链接摘要信息格式处理创建时间排列ファイルデータ검색결과",
  ]
    .filter((c) => !inMarkers.has(c));
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom(...ordinary), minLength: 1 }), (word) => {
      assert.deepEqual(cjkMarkers(word), []);
    }),
  );
});

Deno.test("cjkMarkers() counts each marker of the list when it stands alone in a Han word", () => {
  for (const marker of CJK_MARKERS) assert.deepEqual(cjkMarkers(`文${marker}文`), [marker], marker);
});

Deno.test("classifyProse() grades a Chinese negation added to a long description POTENTIALLY_BREAKING (cloudbase-mcp 2.34.6)", () => {
  assert.deepEqual(classifyProse(RUN_OLD, RUN_NEW), markerVerdict("不", 1, 2));
  assert.deepEqual(classifyProse(RUN_NEW, RUN_OLD), markerVerdict("不", 2, 1));
});

Deno.test("classifyProse() grades a requirement dropped from Chinese prose POTENTIALLY_BREAKING (cloudbase-mcp managePgDatabase)", () => {
  assert.deepEqual(classifyProse(ACTION_OLD, ACTION_NEW), markerVerdict("需", 7, 6));
});

// Long enough that similarity alone passes the change (one sentence of four, one word of many).
const JA =
  "アップロードするファイルの絶対パスです。プロジェクトのルートからの相対パスも受け付けます。" +
  "このパラメータは必須です。ファイルサイズの上限はサーバーの設定に従います。";
const KO =
  "지정한 프로젝트의 임시 파일과 빌드 캐시를 정리하고 작업 공간을 초기 상태로 되돌립니다. " +
  "원격 저장소의 파일은 삭제합니다 그리고 결과를 목록으로 반환합니다";

Deno.test("classifyProse() grades modality and negation changed in Japanese and Korean POTENTIALLY_BREAKING", () => {
  assert.deepEqual(classifyProse(JA, JA.replace("必須", "任意")), markerVerdict("任意", 0, 1));
  // "required" → "optional" in Korean, spaced words: the edit alone left it DOCUMENTATION.
  assert.equal(
    classifyProse("이 값은 필요합니다.", "이 값은 선택입니다.").severity,
    "POTENTIALLY_BREAKING",
  );
  assert.equal(
    classifyProse(`${KO} 반드시 먼저 호출하세요.`, `${KO} 먼저 호출하세요.`).step,
    "marker",
  );
  assert.deepEqual(
    classifyProse(KO, KO.replace("삭제합니다", "삭제하지 않습니다")),
    markerVerdict("않", 0, 1),
  );
});

Deno.test("classifyProse() keeps a one-character fix in long Chinese prose without markers DOCUMENTATION", () => {
  // 服务 → 服物 and back: no marker moves, the texts are near equal.
  const typo = RUN_OLD.replace("下载服务代码", "下载服物代码");
  assert.notEqual(typo, RUN_OLD);
  assert.equal(classifyProse(typo, RUN_OLD).severity, "DOCUMENTATION");
  // A marker character inside another word counts too: 不同 ("different") added is graded as a
  // negation would be. Errs toward POTENTIALLY_BREAKING, as the seed asks.
  const differ = RUN_OLD.replace("下载服务代码", "下载不同服务代码");
  assert.equal(classifyProse(RUN_OLD, differ).severity, "POTENTIALLY_BREAKING");
});

Deno.test("diff grades a Chinese requirement dropped from a property description on input and output alike", () => {
  const schema = (description: string) => ({
    type: "object",
    properties: { action: { type: "string", description } },
  });
  const at = "properties.action.description POTENTIALLY_BREAKING";
  assert.deepEqual(fourWays(schema(ACTION_OLD), schema(ACTION_NEW)), {
    input: [`tool.input.description.changed t.inputSchema.${at}`],
    inputReversed: [`tool.input.description.changed t.inputSchema.${at}`],
    output: [`tool.output.description.changed t.outputSchema.${at}`],
    outputReversed: [`tool.output.description.changed t.outputSchema.${at}`],
  });
});

Deno.test("proseUnits() ends a Chinese or Japanese sentence at a full-width 。, ！ or ？ without a space", () => {
  assert.deepEqual(
    proseUnits(
      "可选的对象名，当前仅用于非 migration 场景。migration 相关操作请使用 migrationName。",
    ),
    [
      "可选的对象名，当前仅用于非 migration 场景。",
      "migration 相关操作请使用 migrationName。",
    ],
  );
  assert.deepEqual(proseUnits("保存しますか？はい！ 終わり"), [
    "保存しますか？",
    "はい！",
    "終わり",
  ]);
  // A full stop inside a number or a name still splits nothing.
  assert.deepEqual(proseUnits("Version 2.5 of api.example. Next one"), [
    "Version 2.5 of api.example.",
    "Next one",
  ]);
});

Deno.test("classifyProse() grades a Chinese sentence alone, its overlap counted in pairs of characters (cloudbase-mcp objectName)", () => {
  const old = cloudbase("2.34.3", "managePgDatabase", "objectName");
  const changed = cloudbase("2.34.6", "managePgDatabase", "objectName");
  assert.deepEqual(unitChanges(old, changed), [{
    old: "migration 相关操作请使用 migrationName / migrationVersion / lastN。",
    new: "migration 相关操作请使用 migrationName / migrationVersion。",
  }]);
  // "use A / B / C" → "use A / B" stays DOCUMENTATION, as in English: the clause 相关操作请使用
  // is six pairs of characters, not one word, so dropping one name of five leaves overlap 0.952.
  // Counted as whole clauses (0c520c8) it was 0.8 on this sentence, and one character added to a
  // short clause made it 0.333 (review: "云托管服务名称" → "云托管服务的名称").
  assert.deepEqual(classifyProse(old, changed), {
    severity: "DOCUMENTATION",
    step: "similarity",
    edit: 0.907,
    jaccard: 0.952,
    thresholds: { high: 0.9, low: 0.55 },
  });
  const name = "云托管服务名称，用于标识和管理服务。";
  const added = "云托管服务的名称，用于标识和管理服务。";
  assert.equal(classifyProse(name, added).severity, "DOCUMENTATION");
  assert.equal(classifyProse(`${old}${name}`, `${old}${added}`).severity, "DOCUMENTATION");
  // A clause rewritten is still a change: overlap falls with every pair of characters replaced.
  const rewritten = "数据库实例名称，仅用于迁移。";
  assert.equal(classifyProse(name, rewritten).severity, "POTENTIALLY_BREAKING");
  // The same sentence with a typo fixed stays DOCUMENTATION.
  const typo = old.replace("相关操作请使用", "相关操做请使用");
  assert.equal(classifyProse(typo, old).severity, "DOCUMENTATION");
});

Deno.test("diff grades a Chinese sentence's changes alike on input and output", () => {
  const schema = (description: string) => ({
    type: "object",
    properties: { objectName: { type: "string", description } },
  });
  const old = cloudbase("2.34.3", "managePgDatabase", "objectName");
  const changed = cloudbase("2.34.6", "managePgDatabase", "objectName");
  const at = "properties.objectName.description DOCUMENTATION";
  assert.deepEqual(fourWays(schema(old), schema(changed)), {
    input: [`tool.input.description.changed t.inputSchema.${at}`],
    inputReversed: [`tool.input.description.changed t.inputSchema.${at}`],
    output: [`tool.output.description.changed t.outputSchema.${at}`],
    outputReversed: [`tool.output.description.changed t.outputSchema.${at}`],
  });
});

Deno.test("classifyProse() reads an opposite swapped inside a Chinese, Japanese or Korean word as a marker, both ways, and two words for one as none", () => {
  // Each was DOCUMENTATION (edit 0.96 to 0.98): 升序 → 降序 "ascending" → "descending",
  // 包含 → 排除 "include" → "exclude", 最大 → 最小 "maximum" → "minimum".
  const zh = "，结果包含标题、作者、链接和摘要等信息，可按标签过滤，便于后续处理";
  const ja = "。各結果にはタイトル、作者、リンク、概要が含まれます。";
  const ko = " 각 결과에는 제목, 작성자, 링크와 요약이 포함됩니다.";
  const swaps: [string, string, string][] = [
    [`按创建时间升序排列${zh}`, `按创建时间降序排列${zh}`, "升序"],
    [`设置为 true 时包含已归档的项目${zh}`, `设置为 true 时排除已归档的项目${zh}`, "排除"],
    [`最大返回100条记录${zh}`, `最小返回100条记录${zh}`, "最大"],
    [`调用 create_issue 之前检查重复${zh}`, `调用 create_issue 之后检查重复${zh}`, "之后"],
    [`作成日時の昇順で並べ替えます${ja}`, `作成日時の降順で並べ替えます${ja}`, "昇順"],
    [
      `결과는 생성 시간 오름차순으로 정렬됩니다.${ko}`,
      `결과는 생성 시간 내림차순으로 정렬됩니다.${ko}`,
      "오름차순",
    ],
    [`알림을 활성화합니다.${ko}`, `알림을 비활성화합니다.${ko}`, "비활성화"],
  ];
  for (const [a, b, marker] of swaps) {
    assert.equal(classifyProse(a, b).marker, marker, `${a} → ${b}`);
    assert.equal(classifyProse(b, a).marker, marker, `${b} → ${a}`);
  }
  // Two words for one opposite, or an English one for a Chinese one: no marker.
  const same: [string, string][] = [
    [`按创建时间倒序排列${zh}`, `按创建时间降序排列${zh}`],
    [`最多返回100条记录${zh}`, `最大返回100条记录${zh}`],
    [`按创建时间升序排列${zh}`, `按创建时间排列${zh}`],
  ];
  for (const [a, b] of same) {
    assert.notEqual(classifyProse(a, b).step, "marker", `${a} → ${b}`);
    assert.notEqual(classifyProse(b, a).step, "marker", `${b} → ${a}`);
  }
});
