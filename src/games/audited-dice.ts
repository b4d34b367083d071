import { ANCHOR_HEX } from '../dice/anchor';
import { compileExpression, type Dice, type RolledDice } from '../dice/dice';
import { bounds } from '../dice/expression';
import { SYSTEM_ACTOR, type Actor, type AuditTrail } from '../services/audit-trail';

/**
 * The rules core's Dice for a game: every roll is derived from the window's seed epoch and
 * appended to the server's audit trail (with its purpose, modifiers and table row) before the
 * rules see it. Synchronous, so a whole resolution runs inside one SQLite transaction.
 */
export function auditedDice(trail: AuditTrail, ctx: { guildId: string; gameId: string; scope: string; actor?: Actor }): Dice {
  return {
    roll(expression, request): RolledDice {
      const ast = compileExpression(expression);
      const stored = trail.roll({
        guildId: ctx.guildId, gameId: ctx.gameId, scope: ctx.scope, actor: ctx.actor ?? SYSTEM_ACTOR, expression: ast,
        purpose: request.purpose, visibility: 'public', modifiers: request.modifiers ?? [], tableRow: request.tableRow ?? null,
      });
      const modifiers = stored.detail.modifiers;
      const diceTotal = stored.detail.total - modifiers.reduce((a, m) => a + m.value, 0);
      const b = bounds(ast);
      return {
        result: { expression: stored.detail.expression, terms: stored.detail.terms, total: diceTotal, min: b.min, max: b.max },
        modifiers, total: stored.detail.total, ref: auditRef(stored.seq, stored.hash),
      };
    },
  };
}

/** 'audit:41:0123456789abcdef': the entry, and its anchor for the post that narrates it (issue 16). */
export const auditRef = (seq: number, hash: string) => `audit:${seq}:${hash.slice(0, ANCHOR_HEX)}`;

/** The seed-epoch scope of a game's window: its dice are committed when it opens, revealed when it resolves. */
export const windowScope = (gameId: number, seq: number) => `game:${gameId}/window:${seq}`;
