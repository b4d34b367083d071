/**
 * Expected failures are values, never exceptions (STYLE.md, after chessops).
 * `code` is stable (e.g. 'dice/syntax') so adapters and tests can rely on it.
 */
export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err<E> = { readonly ok: false; readonly error: E };
export type Result<T, E = Problem> = Ok<T> | Err<E>;

/** A failure a user can act on: a stable code, a message, and how to fix it. */
export interface Problem {
  readonly code: string;
  readonly message: string;
  readonly hint?: string;
}

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const err = <E>(error: E): Err<E> => ({ ok: false, error });
