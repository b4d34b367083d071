import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { DISCORD_LIMITS } from '../src/interaction/reply';
import { UserError } from '../src/lib/user-error';
import { choicesMatching } from '../src/rules/plugin';
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
    const sides = l.ruleset.present.sides(state);
    const side = i.side ?? caller.side ?? sides[0]?.value;
    if (!side || !sides.some((x) => x.value === side)) throw new UserError('game/unknown-side', `There is no side '${i.side ?? ''}' in this game.`, `Sides: ${sides.map((x) => x.value).join(', ')}.`);
    const lines = roster.call(l.ruleset.present, state, side, side === caller.side);
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
