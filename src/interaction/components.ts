import { randomBytes } from 'node:crypto';
import type { Invocation } from './command';
import type { ButtonModel, ComponentModel } from './reply';

/**
 * Discord's message components as command lines (issue 11). A button's custom id is `r|<line>`
 * (answer anew) or `u|<line>` (replace the message: paging); a select menu's is `pick|<key>`,
 * the key of a command waiting for one option (a name the player must choose). Everything a
 * component does is a command the player could have typed, so it goes through the same layer.
 */

/** Discord allows 100 characters in a custom id. */
export const CUSTOM_ID_MAX = 100;

export const button = (label: string, line: string, extra: Partial<Pick<ButtonModel, 'style' | 'update' | 'pending'>> = {}): ButtonModel => {
  if (!extra.pending && line.length > CUSTOM_ID_MAX - 2) throw new Error(`button line too long for a custom id: ${line}`);
  return { kind: 'button', label, line, ...extra };
};

export const buttonId = (b: ButtonModel): string => (b.pending ? `pick|${b.pending}` : `${b.update ? 'u' : 'r'}|${b.line}`);

/**
 * A confirmation button for a destructive command (issue 11): the same command with
 * `confirm:true`, held by the adapter for the user who was asked (only they may press it).
 */
export function confirmButton(label: string, inv: Invocation, userId: string): ButtonModel {
  const line = invocationLine({ ...inv, options: { ...inv.options, confirm: true } });
  return button(label, line, { style: 'danger', pending: pendingPicks.add(inv, 'confirm', userId) });
}

export type ParsedCustomId = { readonly kind: 'line'; readonly line: string; readonly update: boolean } | { readonly kind: 'pick'; readonly key: string } | null;

export function parseCustomId(id: string): ParsedCustomId {
  if (id.startsWith('r|') || id.startsWith('u|')) return { kind: 'line', line: id.slice(2), update: id[0] === 'u' };
  if (id.startsWith('pick|')) return { kind: 'pick', key: id.slice(5) };
  return null;
}

/** An invocation as the console line that makes it: `/move unit:kessler to:"Saint-Rémy bridge"`. */
export function invocationLine(inv: Invocation): string {
  const quote = (v: string | number | boolean) => {
    const t = String(v);
    return /^[^\s"']+$/.test(t) ? t : `"${t.replace(/"/g, '\\"')}"`;
  };
  return [`/${inv.name}`, ...(inv.subcommand ? [inv.subcommand] : []), ...Object.entries(inv.options).map(([k, v]) => `${k}:${quote(v)}`)].join(' ');
}

interface Pending {
  readonly inv: Invocation;
  readonly option: string;
  readonly userId: string;
  readonly expires: number;
}

/** Commands waiting for a name to be picked. In memory: a pick after a restart is asked to retype (15 min, 500 at most). */
export class PendingPicks {
  private readonly map = new Map<string, Pending>();
  constructor(private readonly now: () => number = Date.now, private readonly ttlMs = 15 * 60_000, private readonly max = 500) {}

  add(inv: Invocation, option: string, userId: string): string {
    const key = randomBytes(6).toString('hex');
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, { inv, option, userId, expires: this.now() + this.ttlMs });
    return key;
  }

  /** The command with the picked value, for the user who was asked; null if expired or someone else's. */
  take(key: string, userId: string, value: string | boolean): Invocation | null {
    const p = this.map.get(key);
    if (!p || p.expires < this.now() || p.userId !== userId) return null;
    this.map.delete(key);
    return { ...p.inv, options: { ...p.inv.options, [p.option]: value } };
  }
}

export const pendingPicks = new PendingPicks();

/** Rows of at most five components, as Discord lays them out. */
export const rowsOf = (xs: readonly ComponentModel[]): ComponentModel[][] => {
  const rows: ComponentModel[][] = [];
  for (let i = 0; i < xs.length; i += 5) rows.push(xs.slice(i, i + 5));
  return rows;
};
