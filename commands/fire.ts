import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { batteryTargets } from '../src/rules/nw/phases/artillery';
import { skirmishAssignments } from '../src/rules/nw/phases/skirmish';
import { fireOptions } from '../src/rules/nw/turn';
import { nameOf } from '../src/rules/nw/phases/target-units';
import { matches } from './play-helpers';
import { mySide, nwGame } from './nw-helpers';

/**
 * `/fire unit target` — NW fire window: a brigade's skirmish target (§7.3-7.6) or a battery's
 * target or `hold` (§8.0-8.3). Secret until the phase resolves; only needed where the rules leave
 * a choice — everything else the engine assigns (forced targets, closest-target rule).
 */
export const fire = defineCommand({
  data: new SlashCommandBuilder().setName('fire').setDescription('Choose a skirmish or artillery target (NW §7, §8): secret until the fire phase resolves').setDMPermission(false)
    .addStringOption((o) => o.setName('unit').setDescription('Your skirmishing brigade or battery').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('target').setDescription('Enemy unit, or "hold" (batteries only)').setRequired(true).setAutocomplete(true)),
  input: z.object({ unit: z.string().min(1), target: z.string().min(1) }),
  execute(ctx, i) {
    const l = nwGame(ctx);
    const order = l.state.batteries[i.unit] ? { kind: 'fire', battery: i.unit, target: i.target } : { kind: 'skirmish', unit: i.unit, target: i.target };
    const r = ctx.services.games.submit(ctx.channelId, { id: ctx.user.id, name: ctx.user.name }, order);
    return { visibility: 'private', content: [`✅ ${r.accepted.preview.join(' ')}`, ...(r.accepted.warnings ?? []).map((w) => `⚠️ ${w}`), '-# Only you see this until the fire phase resolves. Post again to amend; `/ready` when done.'].join('\n') };
  },
  autocomplete(ctx, focused, inv) {
    const l = nwGame(ctx);
    const s = l.state;
    const side = mySide(ctx, l);
    if (!side || s.phase !== 'skirmish') return [];
    const skirmish = skirmishAssignments(s, fireOptions(s))[side];
    const batteries = batteryTargets(s, fireOptions(s));
    if (focused.name === 'unit') {
      const sk = (skirmish?.choices ?? []).map((c) => ({ name: `${nameOf(s, c.attacker)} (skirmish: ${c.options.length} targets)`, value: c.attacker }));
      const bt = Object.values(s.batteries).filter((b) => b.side === side && batteries[b.id]?.decision.kind !== 'none')
        .map((b) => ({ name: `${b.name} (artillery)`, value: b.id }));
      return [...sk, ...bt].filter((c) => matches(focused.value, c.name, c.value));
    }
    const unit = typeof inv.options.unit === 'string' ? inv.options.unit : '';
    const t = batteries[unit];
    const options = t ? [...(t.decision.kind === 'choice' ? t.decision.options : t.decision.kind === 'forced' ? [t.decision.target] : []), 'hold']
      : skirmish?.choices.find((c) => c.attacker === unit)?.options ?? [];
    return options.map((x) => ({ name: x === 'hold' ? 'hold (do not fire)' : nameOf(s, x), value: x })).filter((c) => matches(focused.value, c.name, c.value));
  },
});
