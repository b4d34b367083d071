import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import { runConsole } from '../../src/adapters/console';
import { fetchAttachment, readLocalAttachment } from '../../src/interaction/attachments';
import { silentLog, testServices } from '../helpers/services';

/** A response whose body arrives in chunks and declares no length, as a chunked download does. */
const chunked = (chunks: number, size: number): typeof fetch => async () => new Response(new ReadableStream({
  start(c) { for (let i = 0; i < chunks; i++) c.enqueue(new Uint8Array(size).fill(0x61)); c.close(); },
}), { status: 200 });

describe('reading an attached file (size-limited)', () => {
  it('refuses a declared size over the limit before fetching', async () => {
    let fetched = false;
    const f: typeof fetch = async () => { fetched = true; return new Response('x'); };
    await expect(fetchAttachment({ url: 'https://cdn.example/a.yaml', name: 'a.yaml', size: 2048 }, 1024, f)).rejects.toMatchObject({ code: 'attachment/too-big' });
    expect(fetched).toBe(false);
  });

  it('stops reading a body that runs past the limit though its declared size was small', async () => {
    await expect(fetchAttachment({ url: 'https://cdn.example/a.yaml', name: 'a.yaml', size: 10 }, 1024, chunked(8, 256))).rejects.toMatchObject({ code: 'attachment/too-big' });
    const ok = await fetchAttachment({ url: 'https://cdn.example/a.yaml', name: 'a.yaml', size: 10 }, 1024, chunked(4, 256));
    expect(ok).toEqual({ name: 'a.yaml', text: 'a'.repeat(1024) });
  });

  it('refuses a failed download, a non-web address and a file that is not UTF-8 text', async () => {
    await expect(fetchAttachment({ url: 'https://cdn.example/a', name: 'a', size: 1 }, 10, async () => new Response('', { status: 404 }))).rejects.toMatchObject({ code: 'attachment/unreadable' });
    await expect(fetchAttachment({ url: 'file:///etc/passwd', name: 'a', size: 1 }, 10)).rejects.toMatchObject({ code: 'attachment/unreadable' });
    await expect(fetchAttachment({ url: 'https://cdn.example/a', name: 'a.png', size: 4 }, 10, async () => new Response(new Uint8Array([0x89, 0xff, 0xfe, 0x00])))).rejects.toMatchObject({ code: 'attachment/not-text' });
  });

  it('the console reads a local path for the same option, with the same limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estafette-att-'));
    writeFileSync(join(dir, 'q.yaml'), 'movement: {}\n');
    expect(await readLocalAttachment(join(dir, 'q.yaml'), 100)).toEqual({ name: 'q.yaml', text: 'movement: {}\n' });
    await expect(readLocalAttachment(join(dir, 'q.yaml'), 5)).rejects.toMatchObject({ code: 'attachment/too-big' });
    await expect(readLocalAttachment(join(dir, 'none.yaml'), 100)).rejects.toMatchObject({ code: 'attachment/no-file' });
  });
});

describe('/game tables on the local console', () => {
  it('takes a local file path for the attachment option and echoes the tables', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (c) => { text += c.toString(); });
    const done = runConsole({ commands: commandMap(), services: testServices(), log: silentLog, input, output, outputDir: mkdtempSync(join(tmpdir(), 'estafette-console-')), user: { id: 'u1', name: 'Davout' } });
    input.end(['/game create ruleset:anrt scenario:quatre-bras', '/game tables file:assets/anrt/qrs-stand-in.yaml mode:entered', '/game tables file:assets/anrt/nowhere.yaml', '/game tables'].join('\n') + '\n');
    await done;
    expect(text).toContain('Quatre Bras, the opening hours');
    expect(text).toContain('Tables file qrs-stand-in.yaml entered');
    expect(text).toContain('`tables.mode` = entered');
    expect(text).toMatch(/`qrs\.morale` = \d+\/\d+ — the project's stand-in, not the author's/);
    expect(text).toContain('attachment/no-file');
    expect(text).toContain('/game tables file:<file path>');
  }, 60_000);
});
