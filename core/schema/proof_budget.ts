/**
 * The steps of subsumption proof that one side of one tool may take in all: every question the
 * structured walk and the catch-all differ ask about that schema draws on one budget, counted in
 * steps (never in time, so a diff gives the same answer on any machine). A question asked once
 * the budget is spent is undecided, which both differs grade as they grade any change they
 * cannot prove: `changed`, BREAKING.
 * @module
 */

/** Steps of proof one side of one tool may take: a real schema needs a few hundred. */
export const TOOL_PROOF_STEPS = 20_000;

/**
 * A count of proof steps against a limit, shared by the questions about one schema.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ProofBudget } from "./proof_budget.ts";
 * const budget = new ProofBudget(2);
 * assert.equal(budget.take(), true);
 * assert.equal(budget.take(), true);
 * assert.equal(budget.take(), false);
 * assert.equal(budget.spent, 2);
 * ```
 */
export class ProofBudget {
  #spent = 0;
  readonly #answers = new WeakMap<object, WeakMap<object, Map<string, true | string>>>();
  constructor(readonly limit: number = TOOL_PROOF_STEPS) {}

  /**
   * The answer a whole question about these two subschemas got before, under the options that
   * `how` names: asked again (the walk and the catch-all reach a shared definition from every
   * place that refers to it), it costs no step, where proving it anew ran a chain of nullable
   * definitions out of the budget. Only whole questions are kept: inside one, an answer may rest
   * on a pair assumed to hold while it is being compared.
   */
  answer(a: object, b: object, how: string): true | string | undefined {
    return this.#answers.get(a)?.get(b)?.get(how);
  }

  /** Keeps the answer to a whole question (see {@link answer}). */
  keep(a: object, b: object, how: string, proof: true | string): void {
    let byB = this.#answers.get(a);
    if (byB === undefined) this.#answers.set(a, byB = new WeakMap());
    let byHow = byB.get(b);
    if (byHow === undefined) byB.set(b, byHow = new Map());
    byHow.set(how, proof);
  }

  /** The steps taken so far. */
  get spent(): number {
    return this.#spent;
  }

  /** Takes one step: false, and nothing taken, when none is left. */
  take(): boolean {
    if (this.#spent >= this.limit) return false;
    this.#spent++;
    return true;
  }
}
