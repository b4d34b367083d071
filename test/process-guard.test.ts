import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** A real process with the guard installed, that then fails as `how` says. */
function run(how: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = `
    import Database from 'better-sqlite3';
    import { createLogger } from './src/logger.ts';
    import { installProcessGuard } from './src/process-guard.ts';
    const log = createLogger('info');
    installProcessGuard(log, async () => { process.stdout.write('{"shutdown":"clean"}\\n'); });
    ${how}
    setTimeout(() => process.stdout.write('{"still":"running"}\\n'), 300);
  `;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.on('data', (c) => { stdout += c; });
    child.stderr.on('data', (c) => { stderr += c; });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the process-level error policy', () => {
  it('logs an unhandled rejection with its stack, shuts down cleanly and exits 1', async () => {
    const r = await run("Promise.reject(new TypeError('the outbox row vanished'));");
    expect(r.code).toBe(1);
    const fatal = JSON.parse(r.stdout.split('\n').find((l) => l.includes('"level":60'))!) as { kind: string; err: { message: string; stack: string } };
    expect(fatal.kind).toBe('unhandled promise rejection');
    expect(fatal.err.message).toBe('the outbox row vanished');
    expect(fatal.err.stack).toMatch(/^TypeError: the outbox row vanished\n\s+at /);
    expect(r.stdout).toContain('{"shutdown":"clean"}');
    expect(r.stdout).not.toContain('still');
    expect(r.stderr).toContain('Estafette is stopping after an unexpected error (unhandled promise rejection): TypeError: the outbox row vanished');
  });

  it('does the same for an uncaught exception in a timer', async () => {
    const r = await run("setTimeout(() => { throw new RangeError('bad turn'); }, 10);");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('"kind":"uncaught exception"');
    expect(r.stderr).toContain('RangeError: bad turn');
  });

  it('keeps running on a storage error (disk full), logged with its code', async () => {
    const r = await run("Promise.reject(new Database.SqliteError('database or disk is full', 'SQLITE_FULL'));");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/"level":50.*"storage":"SQLITE_FULL"/);
    expect(r.stdout).toContain('{"still":"running"}');
  });
});
