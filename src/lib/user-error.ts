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
