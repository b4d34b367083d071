import type { AnyRuleset, GmAnswer, GmQuestion, PhaseInfo } from '../../src/rules/contract';

/** The question the wrapped ruleset asks before its first window. */
export const WEATHER: GmQuestion = {
  id: 'test/weather:1',
  question: 'Has the rain of the night left the ground heavy?',
  rule: 'test ruling',
  answers: [{ value: 'dry', label: 'dry ground' }, { value: 'heavy', label: 'heavy ground' }],
};

/** What the wrapper adds to the wrapped ruleset's state (plain JSON, like every state). */
export interface Ruled { readonly gmAsk?: boolean; readonly weather?: string }

/**
 * A tiny test ruleset: `inner`, with one window the GM owes before its first phase (the ground,
 * a ruling the rules leave to the GM). Everything else is `inner`'s, so the shared layers meet a
 * real game before and after the GM's window.
 */
export function gmRuled(inner: AnyRuleset): AnyRuleset {
  return {
    ...inner,
    setup(data, settings, dice) {
      const step = inner.setup(data, settings, dice);
      return { ...step, state: { ...(step.state as object), gmAsk: true } };
    },
    phase(s: Ruled): PhaseInfo {
      const p = inner.phase(s) as PhaseInfo;
      if (!s.gmAsk) return p;
      return { id: 'test/ground', label: `Turn ${p.turn} — the ground (GM ruling)`, turn: p.turn, owes: { kind: 'none' }, secret: false, gm: WEATHER };
    },
    owing: (s: Ruled) => (s.gmAsk ? [] : inner.owing(s)),
    resolve(s: Ruled, orders, dice, answer?: GmAnswer) {
      if (!s.gmAsk) return inner.resolve(s, orders, dice);
      if (!answer) throw new Error('the GM window resolved without an answer');
      return { state: { ...s, gmAsk: false, weather: answer.value }, events: [{ kind: 'note', text: `The ground is ${answer.value}.` }] };
    },
  };
}
