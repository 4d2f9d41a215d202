import assert from "node:assert/strict";
import fc from "fast-check";
import { classifyProse } from "../../core/prose.ts";
import { hanNumbers, NOT_NUMBERS } from "../../core/prose_han_numbers.ts";
import { markerVerdict } from "./_prose.ts";

Deno.test("hanNumbers() reads each run of Han numerals as one number, as written", () => {
  assert.deepEqual(hanNumbers("最多返回十条"), ["十"]);
  assert.deepEqual(hanNumbers("最多返回五十条"), ["五十"]);
  assert.deepEqual(hanNumbers("支持两种方式"), ["两"]);
  assert.deepEqual(hanNumbers("一次最多三千二百条，第一页"), ["一", "三千二百"]);
  assert.deepEqual(hanNumbers("最多で十件を返します"), ["十"]);
  assert.deepEqual(hanNumbers("〇から一万まで"), ["〇", "一万"]);
});

Deno.test("hanNumbers() reads no number in words whose numeral states none", () => {
  // The audit's words: "some", "together", "unify", "in case".
  for (const word of ["返回一些记录", "一起返回", "统一格式", "万一失败", "回滚到上一个稳定版本"]) {
    assert.deepEqual(hanNumbers(word), [], word);
  }
  for (const word of NOT_NUMBERS) assert.deepEqual(hanNumbers(`记${word}录`), [], word);
  // A number beside such a word still counts.
  assert.deepEqual(hanNumbers("统一返回十条"), ["十"]);
  // 十分 is "very", but ten minutes or a tenth before 钟 or 之.
  assert.deepEqual(hanNumbers("十分重要"), []);
  assert.deepEqual(hanNumbers("超时十分钟"), ["十"]);
  assert.deepEqual(hanNumbers("十分之一"), ["十", "一"]);
});

Deno.test("hanNumbers() reads no number in an ordinal, as English reads none in first", () => {
  for (const word of ["返回第一页", "第二十条", "第三方工具"]) {
    assert.deepEqual(hanNumbers(word), [], word);
  }
  // The numbers beside it still count.
  assert.deepEqual(hanNumbers("第一页最多十条"), ["十"]);
});

Deno.test("hanNumbers() finds nothing in Han text without Han numerals", () => {
  // Ordinary Han characters (and kana), mixed with digits and Latin letters the other steps read.
  const ordinary = [
    ..."文字数据记录结果标题作者链接摘要信息格式处理创建时间排列返回条页ファイルab7",
  ];
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom(...ordinary), minLength: 1 }), (word) => {
      assert.deepEqual(hanNumbers(word), []);
    }),
  );
});

// Long enough that similarity alone passes a one-character change (edit 0.97).
const REST =
  "按创建时间倒序排列，包含标题、作者、链接和摘要等信息，可按标签过滤，结果以统一格式返回，便于后续处理";

Deno.test("classifyProse() grades a number in Han numerals changed POTENTIALLY_BREAKING, both ways", () => {
  const ten = `最多返回十条记录，${REST}`;
  const fifty = `最多返回五十条记录，${REST}`;
  assert.deepEqual(classifyProse(ten, fifty), markerVerdict("五十", 0, 1));
  assert.deepEqual(classifyProse(fifty, ten), markerVerdict("五十", 1, 0));
  // Japanese writes them too; two for three is a number changed.
  const ja = "最多で十件を返します。作成日時の降順で並べ替え、タイトルと作成者とリンクを含みます";
  assert.equal(classifyProse(ja, ja.replace("十", "五十")).step, "marker");
  assert.equal(classifyProse(ten.replace("十", "三"), ten.replace("十", "两")).step, "marker");
});

Deno.test("classifyProse() keeps a word that holds a numeral and states no number DOCUMENTATION, both ways", () => {
  const plain = `返回记录，${REST}`;
  for (const changed of [`返回一些记录，${REST}`, `一起返回记录，${REST}`]) {
    assert.equal(classifyProse(plain, changed).severity, "DOCUMENTATION", changed);
    assert.equal(classifyProse(changed, plain).severity, "DOCUMENTATION", changed);
  }
  // The review's rewordings: 一种 "a kind of", 单一/単一 "single", 第一 "first" (as English
  // "first", no marker), 十六进制 "hexadecimal", 一度に "at once" dropped or put back.
  const rewordings = [
    [
      "这是一种用于查询数据库表结构和索引信息的工具，结果按表名排序。",
      "这是用于查询数据库表结构和索引信息的工具，结果按表名排序。",
    ],
    [
      "获取单一记录的详细信息，包括创建时间、修改时间和所有者。",
      "获取记录的详细信息，包括创建时间、修改时间和所有者。",
    ],
    [
      "単一のファイルを読み込み、その内容をテキストとして返します。エンコーディングは自動判定されます。",
      "ファイルを読み込み、その内容をテキストとして返します。エンコーディングは自動判定されます。",
    ],
    ["返回第一页的结果，使用 cursor 参数翻页。", "返回首页的结果，使用 cursor 参数翻页。"],
    [
      "複数のファイルを一度に読み込み、その内容をまとめて返します。",
      "複数のファイルをまとめて読み込み、その内容を返します。",
    ],
  ];
  for (const [a, b] of rewordings) {
    assert.notEqual(classifyProse(a, b).step, "marker", a);
    assert.notEqual(classifyProse(b, a).step, "marker", b);
  }
  // But two kinds for one is a number changed, and 一次 ("once") counts.
  assert.deepEqual(
    classifyProse(`支持一种格式，${REST}`, `支持两种格式，${REST}`),
    markerVerdict("两", 0, 1),
  );
  // 一个 is "a" and "one": undecidable, so it counts, erring toward POTENTIALLY_BREAKING.
  assert.deepEqual(classifyProse(plain, `返回一个记录，${REST}`), markerVerdict("一", 0, 1));
});
