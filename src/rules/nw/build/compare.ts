import type { Scenario } from '../../scenario';
import { parseCinCLabel } from '../labels';
import type { BuiltOrderOfBattle } from './build';

/**
 * Built units against a scenario's (`nw-brigade --check`): the same pieces in the same commands,
 * with the same arm, s.p. and label, the same rules that change play (armoured, irregular, and a
 * piece's own nation and patron, NAT-1), and the same commander labels and base ranges. Notes are
 * prose and are not compared; men are (each brigade's note starts "2,240 men").
 */

/** One disagreement: which piece, which field, and both values. */
export interface Difference {
  readonly side: string;
  readonly id: string;
  readonly field: 'present' | 'command' | 'arm' | 'sp' | 'label' | 'men' | 'rules' | 'commander' | 'baseRange' | 'cinc';
  readonly built: string;
  readonly scenario: string;
}

interface Piece { command: string; arm: string; sp: string; label: string; men: string; rules: string }

/** The rules of a piece that change play beyond its label, as one comparable string ("armoured, nation other"). */
function playRules(r: { armoured?: unknown; irregular?: unknown; nation?: unknown; alliedTo?: unknown }): string {
  const out = [r.armoured === true ? 'armoured' : '', r.irregular === true ? 'irregular' : '', r.nation ? `nation ${String(r.nation)}` : '', r.alliedTo ? `alliedTo ${String(r.alliedTo)}` : ''].filter(Boolean);
  return out.length ? out.join(', ') : '—';
}

const str = (x: unknown): string => (x === undefined || x === null ? '—' : String(x));
const menOf = (note: string | undefined): string => /^([\d,]+) men/u.exec(note ?? '')?.[1] ?? '—';

export function compareWithScenario(built: BuiltOrderOfBattle, scenario: Scenario): Difference[] {
  const out: Difference[] = [];
  for (const side of built.sides) {
    const oob = scenario.orderOfBattle[side.id];
    if (!oob) { out.push({ side: side.id, id: side.id, field: 'present', built: 'side', scenario: '—' }); continue; }
    const want = new Map<string, Piece>(oob.corps.flatMap((c) => c.divisions.map((u) => [u.id, {
      command: c.id, arm: u.arm, sp: u.strength.kind === 'sp' ? String(u.strength.sp) : '—', label: str(u.rules['label']), men: u.arm.includes('artillery') ? '—' : menOf(u.note), rules: playRules(u.rules),
    }] as const)));
    const got = new Map<string, Piece>(side.commands.flatMap((c) => [
      ...c.brigades.map((b) => [b.id, { command: c.id, arm: b.weight ? `${b.weight}-cavalry` : 'infantry', sp: String(b.sp), label: b.label, men: b.men.toLocaleString('en-GB'), rules: playRules(b) }] as const),
      ...c.batteries.map((b) => [b.id, { command: c.id, arm: b.kind === 'horse' ? 'horse-artillery' : 'artillery', sp: '1', label: b.label, men: '—', rules: playRules(b) }] as const),
    ]));
    for (const [id, g] of got) {
      const w = want.get(id);
      if (!w) { out.push({ side: side.id, id, field: 'present', built: 'built', scenario: '—' }); continue; }
      for (const field of ['command', 'arm', 'sp', 'label', 'men', 'rules'] as const) if (g[field] !== w[field]) out.push({ side: side.id, id, field, built: g[field], scenario: w[field] });
    }
    for (const id of want.keys()) if (!got.has(id)) out.push({ side: side.id, id, field: 'present', built: '—', scenario: 'in the scenario' });
    // The CinC: the same skill and presence (labels may space the fields differently).
    const cinc = oob.generals.find((g) => g.level === 'army');
    const read = (l: unknown) => { const p = parseCinCLabel(str(l)); return p.ok ? `${p.value.name}, ${p.value.skill}, +${p.value.presence}` : str(l); };
    if (!cinc || read(cinc.rules['cinc']) !== read(side.cinc.label)) out.push({ side: side.id, id: cinc?.id ?? side.cinc.id, field: 'cinc', built: read(side.cinc.label), scenario: cinc ? read(cinc.rules['cinc']) : '—' });
    const commanders = [...side.wings.map((w) => w.commander), ...side.commands.map((c) => c.commander)];
    for (const c of commanders) {
      const g = oob.generals.find((x) => x.id === c.id);
      if (!g) { out.push({ side: side.id, id: c.id, field: 'present', built: 'commander', scenario: '—' }); continue; }
      if (str(g.rules['commander']) !== c.label) out.push({ side: side.id, id: c.id, field: 'commander', built: c.label, scenario: str(g.rules['commander']) });
      if (str(g.rules['baseRange']) !== String(c.base)) out.push({ side: side.id, id: c.id, field: 'baseRange', built: String(c.base), scenario: str(g.rules['baseRange']) });
    }
  }
  return out;
}

/** "allies/bylandt sp: built 7, scenario 6". */
export const formatDifference = (d: Difference): string => `${d.side}/${d.id} ${d.field}: built ${d.built}, scenario ${d.scenario}`;
