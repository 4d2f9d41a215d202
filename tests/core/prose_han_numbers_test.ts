import assert from "node:assert/strict";
import fc from "fast-check";
import { classifyProse } from "../../core/prose.ts";
import { hanAsDigits, hanNumbers, hanValue, NOT_NUMBERS } from "../../core/prose_han_numbers.ts";
import { hangulAsDigits } from "../../core/prose_hangul_numbers.ts";
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
  // Counted by value, 十 (10) before 五十 (50).
  assert.deepEqual(classifyProse(ten, fifty), markerVerdict("十", 1, 0));
  assert.deepEqual(classifyProse(fifty, ten), markerVerdict("十", 0, 1));
  // The brief's pair, short: 十 → 二十, and a numeral for other digits.
  assert.deepEqual(classifyProse("最多返回十条", "最多返回二十条"), markerVerdict("十", 1, 0));
  assert.deepEqual(classifyProse("最多返回10条", "最多返回二十条"), markerVerdict("10", 1, 0));
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

Deno.test("hanValue() reads a run of Han numerals as its value in digits", () => {
  const values: [string, string][] = [
    ["〇", "0"],
    ["一", "1"],
    ["两", "2"],
    ["兩", "2"],
    ["十", "10"],
    ["十五", "15"],
    ["二十", "20"],
    ["五十", "50"],
    ["一百", "100"],
    ["百", "100"],
    ["一百零五", "105"],
    ["一百五", "150"],
    ["三千二百", "3200"],
    ["三千五", "3500"],
    ["一千零五十", "1050"],
    ["一万", "10000"],
    ["两万五", "25000"],
    ["一万零五", "10005"],
    ["十万", "100000"],
    ["一亿五千万", "150000000"],
    ["二〇二四", "2024"],
  ];
  for (const [run, value] of values) assert.equal(hanValue(run), value, run);
  // No one number: a range (十五六, "fifteen or sixteen"), units out of order.
  for (const run of ["十五六", "十百", "百千", "万亿"]) assert.equal(hanValue(run), undefined, run);
});

Deno.test("hanAsDigits() writes each number in digits and leaves the words that state none", () => {
  assert.equal(hanAsDigits("最多返回二十条"), "最多返回20条");
  assert.equal(hanAsDigits("最多で十件を返します"), "最多で10件を返します");
  assert.equal(hanAsDigits("返回一些记录并统一格式，第一页"), "返回一些记录并统一格式，第一页");
  assert.equal(hanAsDigits("十分重要，超时十分钟"), "十分重要，超时10分钟");
});

Deno.test("classifyProse() grades one number written in Han numerals or in digits DOCUMENTATION, both ways", () => {
  // Each was marker 10 0× → 1× (POTENTIALLY_BREAKING): 十 and 10 are one number.
  const pairs: [string, string][] = [
    ["最多返回十条", "最多返回10条"],
    [`最多返回两条记录，${REST}`, `最多返回2条记录，${REST}`],
    [`最多返回一百条记录，${REST}`, `最多返回 100 条记录，${REST}`],
    [`最多返回三千二百条记录，${REST}`, `最多返回3200条记录，${REST}`],
    [`最多返回一万条记录，${REST}`, `最多返回10000条记录，${REST}`],
    [`最多返回十条记录，${REST}`, `最多返回１０条记录，${REST}`],
    [
      "最多で十件を返します。作成日時の降順で並べ替えます。",
      "最多で10件を返します。作成日時の降順で並べ替えます。",
    ],
  ];
  for (const [a, b] of pairs) {
    assert.equal(classifyProse(a, b).severity, "DOCUMENTATION", `${a} → ${b}`);
    assert.equal(classifyProse(b, a).severity, "DOCUMENTATION", `${b} → ${a}`);
  }
  // Another number, however written, still counts.
  assert.equal(classifyProse("最多返回十条", "最多返回20条").step, "marker");
  assert.equal(
    classifyProse(`最多返回两条记录，${REST}`, `最多返回3条记录，${REST}`).step,
    "marker",
  );
});

Deno.test("hanAsDigits() and hangulAsDigits() leave an ASCII text as it is, and read numbers beside it", () => {
  // Every run they rewrite holds a Han numeral or a Hangul counter, so an ASCII text is returned
  // without running their patterns; ASCII around such a run does not hide it.
  const ascii = fc.string({ unit: fc.constantFrom(..."ab 10,2x-.") });
  fc.assert(
    fc.property(ascii, ascii, (before, after) => {
      const text = `${before}${after}`;
      assert.equal(hanAsDigits(text), text);
      assert.equal(hangulAsDigits(text), text);
      assert.equal(hanAsDigits(`${before} 十条 ${after}`), `${before} 10条 ${after}`);
      assert.equal(hangulAsDigits(`${before} 열 개 ${after}`), `${before} 10개 ${after}`);
    }),
  );
});
