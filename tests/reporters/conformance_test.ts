/**
 * The conformance suite every reporter runs, built-in or from a plugin: empty report, every
 * severity, suppressed changes, hostile text, deterministic bytes, every finding present.
 * @module
 */
import assert from "node:assert/strict";
import { builtinReporters } from "../../reporters/mod.ts";
import type { Reporter } from "../../reporters/reporter.ts";
import { context, emptyReport, hostileReport } from "./_reports.ts";

/** Runs the conformance checks on one reporter. */
export function conformance(reporter: Reporter): void {
  Deno.test(`${reporter.name} reporter renders an empty report deterministically`, () => {
    const a = reporter.render(emptyReport(), context());
    const b = reporter.render(emptyReport(), context());
    assert.equal(typeof a, "string");
    assert.ok(a.length > 0);
    assert.equal(a, b);
  });

  Deno.test(`${reporter.name} reporter keeps every finding, every severity and suppressed changes`, () => {
    const report = hostileReport();
    const severities = new Set(report.changes.map((c) => c.severity));
    assert.equal(severities.size, 4, "the fixture must hold every severity");
    assert.ok(
      report.changes.some((c) => c.suppressed),
      "the fixture must hold a suppressed change",
    );
    const out = reporter.render(report, context());
    for (const change of report.changes) {
      assert.ok(out.includes(change.rule), `${reporter.name}: ${change.rule} missing`);
    }
    assert.equal(reporter.render(hostileReport(), context()), out, "deterministic bytes");
  });

  if (reporter.oldLocationOnlyWithoutNew) {
    Deno.test(`${reporter.name} reporter shows an old location only where there is no new one, as it declares`, () => {
      const both = hostileReport();
      assert.ok(
        both.changes.some((c) => c.locations?.old && c.locations.new),
        "the fixture must hold changes located on both sides",
      );
      const newElseOld = hostileReport({ oldBesideNew: false });
      assert.ok(newElseOld.changes.every((c) => !(c.locations?.old && c.locations.new)));
      assert.equal(reporter.render(newElseOld, context()), reporter.render(both, context()));
    });
  }

  Deno.test(`${reporter.name} reporter never passes terminal control characters through`, () => {
    const out = reporter.render(hostileReport(), context());
    assert.ok(!out.includes("\u001b"), "ESC");
    assert.ok(!out.includes("\u0007"), "BEL");
  });
}

for (const reporter of builtinReporters) conformance(reporter);
