import { escapeMd } from '../../../interaction/present-rolls';
import { choicesMatching, type Caller, type Inputs, type NamedOption } from '../../plugin';
import type { DramState } from '../state';

/** What the caller commands in this game: the ids (corps, generals) their seats list. */
const commandsOf = (s: DramState, caller: Caller): Set<string> => new Set(s.seats.filter((x) => caller.seats.includes(x.id)).flatMap((x) => x.commands));

// Options that name pieces, resolved by the command layer from dramPrinted (issue 11).
const CORPS: NamedOption = { kinds: ['corps'] };
const PIECE: NamedOption = { kinds: ['unit', 'general'], what: 'stand or general' };
const STAND: NamedOption = { kinds: ['unit'], what: 'stand' };
const GENERAL: NamedOption = { kinds: ['general'] };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The slash verbs DRAM accepts: /initiative (§4, public and binding), /move (§7, plotted in
 * the movement window, private preview), /orders issue (§5 chits, secret until revealed) and
 * /orders losses (HR D-13).
 */
export const dramInputs: Inputs<DramState> = {
  initiative: {
    kind: 'action',
    names: { corps: CORPS },
    reply: 'public',
    summary: "roll your corps' initiative die (DRAM §4): public and binding",
    build: (_s, o) => ({ kind: 'initiative', corps: text(o.corps) }),
    choices(s, caller, focused) {
      const mine = commandsOf(s, caller);
      return choicesMatching(focused.value, Object.values(s.corps).filter((c) => mine.has(c.id) && s.initiative[c.id] == null).map((c) => ({ name: c.name, value: c.id })));
    },
  },
  move: {
    kind: 'order',
    names: { unit: PIECE, join: STAND },
    ignores: ['moves'],
    summary: 'plot a move for a stand or general (DRAM §7), previewed privately; a sealed receipt is posted',
    build: (_s, o) => ({ kind: 'move', unit: text(o.unit), to: text(o.to), ...(o.join ? { join: text(o.join) } : {}) }),
    confirm: (r, o, s) => [`✅ Move for **${escapeMd(s.stands[text(o.unit)]?.name ?? s.generals[text(o.unit)]?.name ?? text(o.unit))}** accepted (${escapeMd(text(o.to))}).`, ...r.preview, ...(r.warnings ?? []).map((w) => `⚠️ ${w}`),
      `-# A sealed receipt was posted. Plot again to amend; \`/orders withdraw key:move:${text(o.unit)}\` to withdraw; \`/ready\` when done.`].join('\n'),
    choices(s, caller, focused) {
      const mine = commandsOf(s, caller);
      if (focused.name === 'join') {
        return choicesMatching(focused.value, Object.values(s.stands).filter((x) => mine.has(x.corps) && !x.removed && x.onTable).map((x) => ({ name: x.name, value: x.id })));
      }
      const stands = Object.values(s.stands).filter((x) => mine.has(x.corps) && !x.removed && x.onTable).map((x) => ({ name: `${x.name} (${x.order}, ${x.sp} SP)`, value: x.id }));
      const generals = Object.values(s.generals).filter((g) => g.status === 'present' && (mine.has(g.id) || (g.corps !== null && mine.has(g.corps)))).map((g) => ({ name: `${g.name} (general)`, value: g.id }));
      return choicesMatching(focused.value, [...stands, ...generals]);
    },
  },
  'orders issue': {
    kind: 'order',
    names: { general: GENERAL, target: { kinds: ['unit', 'corps'], what: 'stand or corps', value: (id, kind) => (kind === 'corps' ? `corps:${id}` : id) } },
    summary: 'write an order chit (DRAM §5), secret until it is revealed next turn',
    build(_s, o) {
      const target = text(o.target);
      return { kind: 'chit', general: text(o.general), target: target.startsWith('corps:') ? { kind: 'corps', id: target.slice(6) } : { kind: 'stand', id: target }, order: o.order };
    },
    confirm: (r) => [`✅ ${r.preview.join(' ')}`, '-# Only you can see this order until it is revealed. A sealed receipt was posted.'].join('\n'),
    choices(s, caller, focused) {
      const mine = commandsOf(s, caller);
      if (focused.name === 'general') {
        return choicesMatching(focused.value, Object.values(s.generals).filter((g) => g.status === 'present' && (mine.has(g.id) || (g.corps !== null && mine.has(g.corps)))).map((g) => ({ name: `${g.name} (AP ${g.ap})`, value: g.id })));
      }
      const stands = Object.values(s.stands).filter((x) => !x.removed && x.onTable && mine.has(x.corps)).map((x) => ({ name: `${x.name} — now ${x.order}`, value: x.id }));
      const corps = Object.values(s.corps).map((c) => ({ name: `${c.name} (written order)`, value: `corps:${c.id}` }));
      return choicesMatching(focused.value, [...stands, ...corps]);
    },
  },
  'orders losses': {
    kind: 'order',
    names: { corps: CORPS },
    summary: "say which of a corps' stands take combat losses first (HR D-13)",
    build: (_s, o) => ({ kind: 'losses', corps: text(o.corps), stands: text(o.stands).split(/[,\s]+/).map((x) => x.trim()).filter(Boolean) }),
    confirm: (r) => `✅ ${r.preview.join(' ')}`,
    choices(s, caller, focused) {
      const mine = commandsOf(s, caller);
      return choicesMatching(focused.value, Object.values(s.corps).filter((c) => mine.has(c.id)).map((c) => ({ name: c.name, value: c.id })));
    },
  },
};
