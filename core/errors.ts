/**
 * The error type for problems the user can fix: bad input, bad configuration, bad plugins.
 * The CLI prints its message without a stack trace and exits with code 2.
 * @module
 */

/** A problem in the user's input, configuration or plugins. */
export class UserError extends Error {
  override name = "UserError";
}

/** Whether an unknown thrown value is a {@link UserError}. */
export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}
