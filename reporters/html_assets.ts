/**
 * The inline style sheet and script of the HTML report. The page's Content-Security-Policy
 * allows exactly these two by their sha256 hashes, so nothing else can run or style the page.
 * @module
 */

/** The style sheet. */
export const STYLE = `
:root { color-scheme: light; --b: #b42318; --p: #b54708; --n: #027a48; --d: #175cd3; --line: #d0d5dd; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; color: #101828; background: #f9fafb; }
header.top, #filters, main { max-width: 1100px; margin: 0 auto; padding: 12px 20px; }
h1 { font-size: 20px; margin: 8px 0; }
h2 { font-size: 15px; margin: 0 0 8px; }
code { font: 12.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
[hidden] { display: none !important; }
.verdict { font-weight: 600; padding: 8px 12px; border-radius: 6px; display: inline-block; }
.verdict.fail { background: #fee4e2; color: var(--b); }
.verdict.warn { background: #fef0c7; color: var(--p); }
.verdict.pass { background: #d1fadf; color: var(--n); }
table.counts { border-collapse: collapse; margin: 8px 0; }
table.counts td, table.counts th { border: 1px solid var(--line); padding: 3px 10px; text-align: left; }
table.counts td.n { text-align: right; }
#filters { display: flex; flex-wrap: wrap; gap: 10px 18px; align-items: center; border-top: 1px solid var(--line); border-bottom: 1px solid var(--line); background: #fff; }
#filters fieldset { border: 0; margin: 0; padding: 0; display: flex; gap: 10px; flex-wrap: wrap; }
#filters legend { float: left; font-weight: 600; margin-right: 6px; }
section.entity { background: #fff; border: 1px solid var(--line); border-radius: 8px; margin: 14px 0; padding: 12px 14px; }
article.change { border-left: 4px solid var(--line); padding: 6px 0 6px 12px; margin: 10px 0; }
article.BREAKING { border-color: var(--b); }
article.POTENTIALLY_BREAKING { border-color: var(--p); }
article.NON_BREAKING { border-color: var(--n); }
article.DOCUMENTATION { border-color: var(--d); }
.badge { font-size: 11px; font-weight: 700; padding: 1px 6px; border-radius: 4px; color: #fff; }
.badge.BREAKING { background: var(--b); }
.badge.POTENTIALLY_BREAKING { background: var(--p); }
.badge.NON_BREAKING { background: var(--n); }
.badge.DOCUMENTATION { background: var(--d); }
.badge.suppressed { background: #667085; }
.meta { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: baseline; }
.loc { color: #475467; }
.message { margin: 4px 0; }
.hint, .suppressed-by { color: #475467; margin: 4px 0; }
.note { background: #f4f3ff; border: 1px solid #d9d6fe; border-radius: 6px; padding: 6px 10px; margin: 6px 0; white-space: pre-wrap; }
.sbs { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; margin: 6px 0; }
.side { border: 1px solid var(--line); border-radius: 6px; padding: 6px 10px; background: #fcfcfd; }
.side p { margin: 4px 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.label { font-size: 11px; text-transform: uppercase; color: #475467; font-weight: 600; }
del { background: #fee4e2; color: #912018; text-decoration: line-through; }
ins { background: #d1fadf; color: #05603a; text-decoration: none; }
.none { color: #98a2b3; font-style: italic; }
.tree ul { list-style: none; margin: 0; padding-left: 16px; }
.tree > ul { padding-left: 0; }
.tree li.add { color: #05603a; }
.tree li.del { color: #912018; }
.tree li.same { color: #667085; }
.tree .k { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-weight: 600; }
footer { max-width: 1100px; margin: 0 auto; padding: 12px 20px 30px; color: #667085; }
`;

/** The filter script: shows the changes whose severity is ticked and whose entity is chosen. */
export const SCRIPT = `
"use strict";
(function () {
  var form = document.getElementById("filters");
  var entity = document.getElementById("entity");
  var suppressed = document.getElementById("show-suppressed");
  var shown = document.getElementById("shown");
  var changes = Array.prototype.slice.call(document.querySelectorAll("article.change"));
  var sections = Array.prototype.slice.call(document.querySelectorAll("section.entity"));
  function apply() {
    var ticked = {};
    Array.prototype.forEach.call(form.querySelectorAll("input[name=severity]"), function (box) {
      ticked[box.value] = box.checked;
    });
    var count = 0;
    changes.forEach(function (change) {
      var visible = ticked[change.dataset.severity] === true &&
        (entity.value === "" || change.dataset.entity === entity.value) &&
        (suppressed.checked || change.dataset.suppressed !== "true");
      change.hidden = !visible;
      if (visible) count++;
    });
    sections.forEach(function (section) {
      section.hidden = section.querySelector("article.change:not([hidden])") === null;
    });
    shown.textContent = count + " of " + changes.length + " changes shown";
  }
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  apply();
})();
`;
