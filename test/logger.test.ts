import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';

// A synthetic token in the real format (id . timestamp . hmac), built so no token-shaped string is committed.
const TOKEN = ['MTAxMjM0NTY3ODkwMTIzNDU2Nw', 'GaBcDe', 'abcdefghijklmnopqrstuvwxyz0123456789AB'].join('.');

function sink() {
  const lines: string[] = [];
  let buf = '';
  const stream = new Writable({ write(chunk, _e, cb) { buf += chunk.toString(); cb(); } });
  return { stream, text: () => buf, lines: () => (lines.length ? lines : buf.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>)) };
}

describe('logger', () => {
  it('never writes the token, however it is passed', () => {
    const s = sink();
    const log = createLogger('info', s.stream);
    log.info({ token: TOKEN }, 'a');
    log.info({ config: { discordToken: TOKEN } }, 'b');
    log.error({ err: new Error(`login failed for ${TOKEN}`) }, 'c');
    log.info(`message with ${TOKEN}`);
    log.info({ nested: { deeper: `Bot ${TOKEN}` } }, 'd');
    log.error(new Error(`bare error quoting ${TOKEN}`));
    log.child({ bound: `Bot ${TOKEN}` }).warn('e');
    expect(s.lines()).toHaveLength(7);
    expect(s.text()).not.toContain(TOKEN);
    expect(s.text()).not.toContain('GaBcDe');
    expect(s.text()).toContain('redacted');
  });

  it('keeps an error\'s type, message, stack, code and cause under err and error', () => {
    const s = sink();
    const log = createLogger('info', s.stream);
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    log.error({ err: full, outbox: 7 }, 'outbox: marking failed');
    log.warn({ error: new TypeError('bad', { cause: new Error('root cause') }) }, 'second form');
    log.error(full);
    const [a, b, c] = s.lines() as { err?: Record<string, unknown>; error?: Record<string, unknown>; msg: string }[];
    expect(a!.err).toMatchObject({ type: 'Error', message: 'database or disk is full', code: 'SQLITE_FULL' });
    expect(a!.err!.stack).toMatch(/^Error: database or disk is full\n\s+at /);
    expect(b!.error).toMatchObject({ type: 'TypeError', message: 'bad: root cause' });
    expect(String(b!.error!.stack)).toContain('caused by: Error: root cause');
    expect(c).toMatchObject({ msg: 'database or disk is full', err: { code: 'SQLITE_FULL' } });
  });
});
