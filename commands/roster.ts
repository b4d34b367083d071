import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { DISCORD_LIMITS } from '../src/interaction/reply';
import { UserError } from '../src/lib/user-error';
import { choicesMatching } from '../src/rules/plugin';
import { printedFor } from '../src/games/names';
import { resolveOrRefuse } from '../src/games/names-resolve';
import { playing } from './play-helpers';

/**
 * `/roster [side]` — for rulesets that keep rosters (NW §3.0): your own roster, with s.p., privately; the enemy's (or, for a
 * spectator, either side's) only as far as the table shows it — never their s.p.
 */
export const roster = defineCommand({
  data: new SlashCommandBuilder().setName('roster').setDescription("Your army's roster (private), or what you can see of the enemy's").setDMPermission(false)
    .addStringOption((o) => o.setName('side').setDescription('Side to show (default: yours)').setAutocomplete(true)),
  input: z.object({ side: z.string().optional() }),
  execute(ctx, i) {
    const { l, state, caller } = playing(ctx);
    const roster = l.ruleset.present.roster;
    if (!roster) throw new UserError('game/verb-unsupported', `${l.ruleset.name} keeps no rosters: everything about a unit is on the map.`, 'Use /map, or /map private:true for your side\'s view.');
    const sides = printedFor(l.ruleset, state).filter((p) => p.kind === 'side');
    // A side named as printed ("Austrians", "austr"); an empty or unknown one is answered with the sides to pick (issue 11).
    const typed = i.side?.trim();
    // A player holding seats of both sides (a solo game, Ruleset.seating 'any') sees both as their own.
    const mine = [...new Set(l.ruleset.seats(state).filter((x: { id: string }) => caller.seats.includes(x.id)).map((x: { side: string }) => x.side))];
    const shown = typed !== undefined ? [resolveOrRefuse(typed, sides, 'side', 'side')] : mine.length ? mine : sides.slice(0, 1).map((x) => x.id);
    if (!shown.length) throw new UserError('game/unknown-side', 'This game has no sides to show.');
    const side = shown.join('-');
    const lines = shown.flatMap((x, n) => [...(n ? [''] : []), ...roster.call(l.ruleset.present, state, x, mine.includes(x))]);
    const text = lines.join('\n');
    if (text.length <= DISCORD_LIMITS.content) return { visibility: 'private', content: text };
    // A full army outgrows one message: the whole roster goes as a file, never cut short.
    const head = lines.slice(0, 8).join('\n').slice(0, 1500);
    return { visibility: 'private', content: `${head}\n… the full roster (${lines.length} lines) is attached.`, files: [{ name: `roster-${side}.txt`, data: Buffer.from(text, 'utf8') }] };
  },
  autocomplete(ctx, focused) {
    const l = ctx.services.games.live(ctx.channelId);
    return l.state ? choicesMatching(focused.value, l.ruleset.present.sides(l.state)) : [];
  },
});
