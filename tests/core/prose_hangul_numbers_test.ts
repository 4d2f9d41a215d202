import assert from "node:assert/strict";
import { classifyProse } from "../../core/prose.ts";
import { hangulAsDigits, hangulNumber } from "../../core/prose_hangul_numbers.ts";
import { markerVerdict } from "./_prose.ts";

Deno.test("hangulNumber() reads a native or Sino-Korean number word before a counter as its value", () => {
  const values: [string, string, string][] = [
    ["한", "개", "1"],
    ["하나", "번", "1"],
    ["두", "번까지", "2"],
    ["세", "가지", "3"],
    ["네", "명의", "4"],
    ["다섯", "개를", "5"],
    ["아홉", "줄", "9"],
    ["열", "개의", "10"],
    ["열두", "시간", "12"],
    ["스무", "개", "20"],
    ["스물다섯", "건을", "25"],
    ["쉰", "페이지", "50"],
    ["십", "초", "10"],
    ["이십", "개", "20"],
    ["오백", "행", "500"],
    ["삼천", "바이트", "3000"],
    ["만", "건", "10000"],
  ];
  for (const [word, counter, value] of values) {
    assert.equal(hangulNumber(word, counter), value, `${word} ${counter}`);
  }
});

Deno.test("hangulNumber() reads no number in a word without a counter, an ordinal or a lone Sino-Korean digit", () => {
  const none: [string, string | undefined][] = [
    ["열", "이름"], // "column name"
    ["네", "알겠습니다"], // "yes"
    ["세", "부담"], // "tax"
    ["두", "번째"], // "the second"
    ["열", undefined],
    ["일", "단위로"], // "day", "work"
    ["이", "주"], // "this week"
    ["오", "분"],
    ["열쇠", "개"],
    ["개", "개"],
    ["10", "개"], // digits are numberMarkers' part
    ["ten", "개"],
  ];
  for (const [word, next] of none) {
    assert.equal(hangulNumber(word, next), undefined, `${word} ${next}`);
  }
});

Deno.test("hangulAsDigits() writes a counted number in digits glued to its counter, and nothing else", () => {
  assert.equal(hangulAsDigits("최대 스무 개의 결과"), "최대 20개의 결과");
  assert.equal(hangulAsDigits("최대 10 개의 결과"), "최대 10개의 결과");
  assert.equal(hangulAsDigits("한 번에 최대 이십 건을"), "1번에 최대 20건을");
  assert.equal(hangulAsDigits("열 이름과 두 번째 항목, 이 주"), "열 이름과 두 번째 항목, 이 주");
});

const REST = "각 결과에는 제목, 작성자, 링크와 요약이 포함됩니다";

Deno.test("classifyProse() grades a Korean number word changed POTENTIALLY_BREAKING, both ways", () => {
  // Each was DOCUMENTATION in one long sentence (edit 0.98): no Korean number word was read.
  const changes: [string, string, string][] = [
    ["최대 열 개의 결과를 반환하며", "최대 스무 개의 결과를 반환하며", "열"],
    ["최대 세 개의 결과를 반환하며", "최대 네 개의 결과를 반환하며", "세"],
    ["최대 십 개의 결과를 반환하며", "최대 이십 개의 결과를 반환하며", "십"],
    ["최대 오백 개의 행을 반환하며", "최대 오천 개의 행을 반환하며", "오백"],
    ["최대 열 개의 결과를 반환하며", "최대 20개의 결과를 반환하며", "열"],
  ];
  for (const [a, b, marker] of changes) {
    assert.deepEqual(classifyProse(`${a} ${REST}`, `${b} ${REST}`), markerVerdict(marker, 1, 0), a);
    assert.deepEqual(classifyProse(`${b} ${REST}`, `${a} ${REST}`), markerVerdict(marker, 0, 1), b);
  }
});

Deno.test("classifyProse() grades one number in Korean words or in digits DOCUMENTATION, both ways, and words that count nothing", () => {
  const same: [string, string][] = [
    ["최대 열 개의 결과를 반환합니다.", "최대 10개의 결과를 반환합니다."],
    ["최대 세 개의 결과를 반환하며", "최대 3개의 결과를 반환하며"],
    ["한 번에 최대 스물다섯 건을 가져오며", "한 번에 최대 25건을 가져오며"],
    ["최대 10개의 결과를 반환합니다.", "최대 10 개의 결과를 반환합니다."],
    // Not numbers: 열 "column", a lone Sino-Korean digit (일 "day"), an ordinal.
    ["열 이름과 데이터 형식을 반환하며", "컬럼 이름과 데이터 형식을 반환하며"],
    ["이 도구는 일 단위로 결과를 집계하며", "이 도구는 날짜 단위로 결과를 집계하며"],
    ["두 번째 페이지의 결과를 반환하며", "다음 페이지의 결과를 반환하며"],
  ];
  for (const [a, b] of same) {
    for (const [x, y] of [[`${a} ${REST}`, `${b} ${REST}`], [`${b} ${REST}`, `${a} ${REST}`]]) {
      assert.equal(classifyProse(x, y).severity, "DOCUMENTATION", `${x} → ${y}`);
    }
  }
});
