import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';

// A synthetic token in the real format (id . timestamp . hmac), built so no token-shaped string is committed.
const TOKEN = ['MTAxMjM0NTY3ODkwMTIzNDU2Nw', 'GaBcDe', 'abcdefghijklmnopqrstuvwxyz0123456789AB'].join('.');

describe('logger', () => {
  it('never writes the token, however it is passed', () => {
    let out = '';
    const sink = new Writable({ write(chunk, _e, cb) { out += chunk.toString(); cb(); } });
    const log = createLogger('info', sink);
    log.info({ token: TOKEN }, 'a');
    log.info({ config: { discordToken: TOKEN } }, 'b');
    log.error({ err: new Error(`login failed for ${TOKEN}`) }, 'c');
    log.info(`message with ${TOKEN}`);
    log.info({ nested: { deeper: `Bot ${TOKEN}` } }, 'd');
    expect(out.split('\n').filter(Boolean)).toHaveLength(5);
    expect(out).not.toContain(TOKEN);
    expect(out).not.toContain('GaBcDe');
    expect(out).toContain('redacted');
  });
});
