/**
 * The database could not write: the disk is full (SQLITE_FULL) or the storage fails
 * (SQLITE_IOERR and its extended codes). Not a bug in the command and not the user's fault:
 * the transaction rolled back, nothing was recorded, and trying again later will work once an
 * operator frees space. drizzle wraps driver errors (DrizzleQueryError), so the cause chain
 * is searched.
 */
export function storageErrorCode(e: unknown): string | null {
  let cur: unknown = e;
  for (let depth = 0; depth < 6 && cur && typeof cur === 'object'; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^SQLITE_(FULL|IOERR)/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}
