/**
 * Issue 16: bidi and invisible controls in user text cannot reach a post. U+202E (RIGHT-TO-LEFT
 * OVERRIDE) in a game name or a roll reason would otherwise reverse the rest of the line.
 */
import { describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import { execute, prepare, userErrorReply } from '../../src/interaction/dispatch';
import type { UserError } from '../../src/lib/user-error';
import type { CommandContext, Invocation } from '../../src/interaction/command';
import { ESCAPED_KEPT, escapeMd } from '../../src/interaction/present-rolls';
import { safeText } from '../../src/interaction/safe-text';
import { silentLog, testServices } from '../helpers/services';
import type { Services } from '../../src/services/services';

const RLO = '\u202E';
/** Every control the issue names, and a few other format characters (general category Cf). */
const CONTROLS = ['\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u061C',
  '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u{E0041}', '\u0007', '\u009B'];
const BAD = /[\p{Cf}\u2028\u2029]|[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;

function ctx(services: Services, user = { id: '5', name: 'Soult' }): CommandContext {
  return { guildId: '111111111111111111', channelId: '2', user, isAdmin: false, services, now: () => new Date(Date.UTC(1815, 5, 18)), log: silentLog, users: {} };
}
const run = (services: Services, inv: Invocation, user?: { id: string; name: string }) => execute(prepare(commandMap(), inv), ctx(services, user));
/** Everything a reply puts in front of people: its text and the announcements that follow it. */
const shown = (r: { content?: string; announcements?: readonly string[] }) => [r.content ?? '', ...(r.announcements ?? [])].join('\n');

describe('safeText', () => {
  it.each(CONTROLS.map((c) => [c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0'), c]))('removes U+%s', (_hex, c) => {
    expect(safeText(`Ney${c}'s nerve`)).toBe("Ney's nerve");
  });

  it('keeps right-to-left letters, accents, newlines and emoji sequences', () => {
    for (const s of ['שלום Ney', 'Saint-Rémy', 'line 1\nline 2', '👨\u200D👩\u200D👧 family', '❤️\u200D🔥']) expect(safeText(s)).toBe(s);
    expect(safeText('a\u2028b')).toBe('a b');
  });

  it('runs inside escapeMd, before the zero-width space that defuses @everyone', () => {
    expect(escapeMd(`${RLO}@everyone`)).toBe('@\u200beveryone');
  });

  it('escapeMd remembers short texts only as what it would compute afresh, and forgets past its bound', () => {
    const samples = ['I Corps (Zieten)', '*bold* _it_ `code`', '> quote\n# head', '@here and @everyone', `x${RLO}y`, 'Saint-Rémy'];
    const first = samples.map(escapeMd);
    expect(first).toEqual(['I Corps (Zieten)', '\\*bold\\* \\_it\\_ \\`code\\`', '\\> quote\n\\# head', '@\u200bhere and @\u200beveryone', 'xy', 'Saint-Rémy']);
    // Past ESCAPED_KEPT distinct texts (all forgotten at once), and for long texts (never kept), the same answers.
    for (let i = 0; i < ESCAPED_KEPT + 10; i++) escapeMd(`name ${i} *`);
    expect(samples.map(escapeMd)).toEqual(first);
    const long = `${'*'.repeat(300)}@everyone`;
    expect(escapeMd(long)).toBe(`${'\\*'.repeat(300)}@\u200beveryone`);
  });
});

describe('user text in posts', () => {
  it('a game name with U+202E is stored and announced without it', async () => {
    const s = testServices();
    const r = await run(s, { name: 'game', subcommand: 'create', options: { ruleset: 'dram', scenario: 'saint-remy', name: `Tuesday ${RLO}emag yadseut` } });
    expect(shown(r)).toContain('**Tuesday emag yadseut**');
    expect(shown(r)).not.toMatch(BAD);
    expect(s.games.live('2').game.name).toBe('Tuesday emag yadseut');
    // The GM's own display name is user text too.
    const g = await run(s, { name: 'game', subcommand: 'join', options: { seat: 'french:fr-i-corps' } }, { id: '6', name: `Ney${RLO}` });
    expect(shown(g)).toMatch(/^🪖 Ney takes/);
  });

  it('a private error quoting what the user typed comes back without U+202E', async () => {
    const s = testServices();
    await run(s, { name: 'game', subcommand: 'create', options: { ruleset: 'dram', scenario: 'saint-remy' } });
    const r = await run(s, { name: 'game', subcommand: 'join', options: { seat: `french${RLO}:x` } }).catch((e: unknown) => userErrorReply(e as UserError));
    expect(r.content).toContain('There is no seat called “french:x”'); // the seat resolver (issue 11) quotes it cleaned
    expect(shown(r)).not.toMatch(BAD);
  });

  it('a roll reason with U+202E is shown (public and private) and stored without it', async () => {
    const s = testServices();
    const pub = await run(s, { name: 'roll', options: { expression: '2d6', reason: `Ney's ${RLO}evren` } });
    expect(pub.content).toContain("for *Ney's evren*");
    expect(shown(pub)).not.toMatch(BAD);
    const priv = await run(s, { name: 'roll', options: { expression: '1d6', reason: `${RLO}sealed\u200B`, private: true } }, { id: '7', name: `Soult${RLO}\u2066` });
    expect(shown(priv)).not.toMatch(BAD);
    expect(priv.announcements?.[0]).toContain('**Soult** made a private roll');
    const log = await run(s, { name: 'rolls', subcommand: 'log', options: {} });
    expect(shown(log)).not.toMatch(BAD);
    // The audit trail keeps the reason as shown, so an export reads the same as the channel.
    expect(s.rolls.log('111111111111111111', { page: 1, pageSize: 5 }).lines.map((l) => l.roll?.purpose).filter(Boolean)).toContain("Ney's evren");
  });
});
