/**
 * The error type for problems the user can fix: bad input, bad configuration, bad plugins.
 * The CLI prints its message without a stack trace and exits with code 2.
 * @module
 */

/** A problem in the user's input, configuration or plugins. */
export class UserError extends Error {
  override name = "UserError";
  /**
   * Lines printed under the message (such as a server's last standard error lines); each is
   * escaped on its own, so they stay separate lines while none can hold a line break.
   */
  readonly details: readonly string[];

  /** An error saying `message`, with `details` lines under it. */
  constructor(message: string, options: ErrorOptions & { details?: readonly string[] } = {}) {
    super(message, options.cause === undefined ? {} : { cause: options.cause });
    this.details = options.details ?? [];
  }
}

/** Whether an unknown thrown value is a {@link UserError}. */
export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}
