import type { Logger } from './logger';
import { storageErrorCode } from './lib/storage-error';

/**
 * What the process does with an error nobody caught (issue 16). Never die silently:
 * - a storage error (disk full, I/O error) keeps the process running: the transaction that
 *   hit it rolled back, the outbox and the scheduler retry on their next poll, and users are
 *   told by the error boundary; it is logged at error level for the operator;
 * - anything else is a bug whose state we cannot trust: log it as fatal with its stack, say
 *   so on stderr, shut down cleanly (the lease released, the database closed) within
 *   `graceMs`, and exit 1 so a supervisor restarts the bot.
 */
export function installProcessGuard(log: Logger, shutdown: () => Promise<void>, opts: { graceMs?: number; exit?: (code: number) => void } = {}): void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const handle = (kind: string) => (e: unknown) => {
    const storage = storageErrorCode(e);
    if (storage) {
      log.error({ err: e, kind, storage }, `${kind}: the database storage is full or failing; still running, will retry`);
      return;
    }
    log.fatal({ err: e, kind }, `${kind}: Estafette is stopping`);
    process.stderr.write(`Estafette is stopping after an unexpected error (${kind}): ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => exit(1), opts.graceMs ?? 10_000);
    force.unref();
    shutdown().catch((e2: unknown) => log.error({ err: e2 }, 'shutdown after a fatal error failed')).finally(() => { clearTimeout(force); exit(1); });
  };
  process.on('uncaughtException', handle('uncaught exception'));
  process.on('unhandledRejection', handle('unhandled promise rejection'));
}
