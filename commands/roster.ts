import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { DISCORD_LIMITS } from '../src/interaction/reply';
import { nwPublicRoster, nwRoster } from '../src/narrative/nw-roster';
import { matches } from './play-helpers';
import { mySide, nwGame } from './nw-helpers';

/**
 * `/roster [side]` — NW §3.0: your own roster, with s.p., privately; the enemy's (or, for a
 * spectator, either side's) only as far as the table shows it — never their s.p.
 */
export const roster = defineCommand({
  data: new SlashCommandBuilder().setName('roster').setDescription("Your army's roster (private), or what you can see of the enemy's").setDMPermission(false)
    .addStringOption((o) => o.setName('side').setDescription('Side to show (default: yours)').setAutocomplete(true)),
  input: z.object({ side: z.string().optional() }),
  execute(ctx, i) {
    const l = nwGame(ctx);
    const mine = mySide(ctx, l);
    const side = i.side ?? mine ?? l.state.sides[0]!.id;
    const lines = side === mine ? nwRoster(l.state, side) : nwPublicRoster(l.state, side);
    const text = lines.join('\n');
    if (text.length <= DISCORD_LIMITS.content) return { visibility: 'private', content: text };
    // A full army outgrows one message: the whole roster goes as a file, never cut short.
    const head = lines.slice(0, 8).join('\n').slice(0, 1500);
    return { visibility: 'private', content: `${head}\n… the full roster (${lines.length} lines) is attached.`, files: [{ name: `roster-${side}.txt`, data: Buffer.from(text, 'utf8') }] };
  },
  autocomplete(ctx, focused) {
    const l = nwGame(ctx);
    return l.state.sides.map((x) => ({ name: x.name, value: x.id })).filter((c) => matches(focused.value, c.name, c.value));
  },
});
