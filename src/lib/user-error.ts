import type { Problem } from './result';

/**
 * An error the user caused and can fix. The error boundary answers it privately with its
 * message, its hint and its stable code; anything that is not a UserError is a bug.
 */
export class UserError extends Error implements Problem {
  override readonly name = 'UserError';
  constructor(readonly code: string, message: string, readonly hint?: string) {
    super(message);
  }

  static from(p: Problem): UserError {
    return new UserError(p.code, p.message, p.hint);
  }
}

/**
 * A UserError the player settles by choosing (an unknown or ambiguous name): the error boundary
 * answers with the message and a select menu of `choices` that re-runs the command with the
 * chosen value in `option`.
 */
export class ChoiceError extends UserError {
  constructor(code: string, message: string, hint: string | undefined, readonly option: string, readonly choices: readonly { readonly name: string; readonly value: string }[]) {
    super(code, message, hint);
  }
}
