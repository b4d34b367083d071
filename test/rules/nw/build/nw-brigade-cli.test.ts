/**
 * `npx estafette nw-brigade <battalions.yaml>` end to end (issue 17 item 3): a small source is
 * built and printed or written; a bad one gets every problem as file:line:col with a hint and
 * nothing is written.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../../../../src/cli';
import { parseArtilleryLabel, parseCinCLabel, parseCommanderLabel, parseUnitLabel } from '../../../../src/rules/nw/labels';

const ROOT = join(__dirname, '..', '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'estafette-nw-brigade-'));
const file = (name: string, text: string) => { const p = join(dir, name); writeFileSync(p, text); return p; };
async function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['nw-brigade', ...args], (s) => out.push(s), (s) => err.push(s));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A French corps of one division: 3 brigades (one too big), a 6 lb battery to share, a 12 lb stand. */
const SMALL = `sources: ["a test order of battle"]
sides:
  - id: french
    name: French
    nation: french
    morale: average
    cinc: { name: Masséna, skill: good }
    commands:
      - id: vi-corps
        name: VI Corps
        label: VI Corp
        corps: 6
        commander: { id: ney, name: Marshal Ney, label: Ney, skill: good, valorous: true }
        divisions:
          - number: 1
            name: 1st Division
            batteries: [{ name: divisional foot battery (6 lb), weight: medium }]
            brigades:
              - id: marcognet
                name: Marcognet
                number: 1
                arm: infantry
                battalions:
                  - { name: 6e Léger, count: 2, quality: veteran, light: true, sk: 2, men: 1200 }
                  - { name: 39e Ligne, count: 4, quality: line, men: 2400 }
              - id: labassee
                name: Labassée
                number: 2
                arm: infantry
                men: 2500
                battalions:
                  - { name: 69e Ligne, count: 3, quality: line }
                  - { name: 76e Ligne, count: 2, quality: conscript }
              - id: grenadiers
                name: Grenadier brigade
                number: 3
                arm: infantry
                arrives: 4
                battalions:
                  - { name: Grenadiers, count: 4, quality: elite, men: 4200 }
          - number: 3
            name: Light cavalry
            brigades:
              - id: lorcet
                name: Lorcet
                number: 1
                arm: light-cavalry
                men: 1000
                arrives: 4
                battalions:
                  - { name: 3e Hussards, quality: veteran }
                  - { name: 15e Chasseurs, quality: veteran }
        batteries:
          - { id: vi-12lb, name: Corps reserve (12 lb), pounds: 12, kind: foot, arrives: 4 }
`;

describe('npx estafette nw-brigade', () => {
  it('builds a small source: s.p., split, shared battery, labels, a range counting the later arrivals', async () => {
    const r = await cli(file('small.yaml', SMALL));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // Marcognet: 2 Vet + 4 Line = 3.33 → Line; 3,600 / 500 = 7.2 → 7; 2 light of 6 = ⅓, French → SK2 (L527).
    expect(r.out).toContain('marcognet            1B/1/VI SK2 8/5/3 LN');
    // Labassée: 3 Line + 2 Conscript = 2.6 → Line (L482); 2,500 / 500 = 5; no lights → SK0.
    expect(r.out).toContain('labassee             2B/1/VI 6/4/2 LN');
    // Grenadiers: 4,200 / 300 = 14 > 12 → two brigades of 2,100 (7 s.p.); the second takes 4B (BD-4).
    expect(r.out).toContain('grenadiers-1         3B/1/VI 7/4/2 Elite');
    expect(r.out).toContain('grenadiers-2         4B/1/VI 7/4/2 Elite');
    expect(r.out).toContain('split from grenadiers (L486, BD-4)');
    // The battery's 2 s.p. go to the first two infantry brigades (L494-496): 7 + 1, 5 + 1.
    expect(r.out).toContain('+1 attached artillery = 8');
    // Ney: French, 4" + 1" × 6 units (5 brigades and the stand), 4 of them not yet arrived (L553-557).
    expect(r.out).toContain('Ney (V), VI Corp, G,10" — 6 units (4 arriving later, counted: L555), base 4"; fatigue 2 (average)');
    // Army: 6 × .35 = 2.1 → 2 (L581-589); generals 5 / 6 = 0.83 → 1; Good CinC → 1 ADC (L575).
    expect(r.out).toContain('army fatigue 2 of 6 units (average');
    expect(r.out).toContain('generals 1 (units / 6), ADCs 1');
    // The YAML block is a scenario's orderOfBattle, with labels the NW scenario loader reads.
    const yaml = parse(r.out.slice(r.out.indexOf('orderOfBattle:'))) as { orderOfBattle: { french: { generals: unknown[]; corps: { divisions: { id: string; arm: string; sp: number; rules: { label: string } }[] }[] } } };
    const units = yaml.orderOfBattle.french.corps[0]!.divisions;
    expect((units.find((u) => u.id === 'lorcet')!.rules as Record<string, unknown>)['irregular']).toBeUndefined();
    expect(units.map((u) => [u.id, u.arm, u.sp])).toEqual([
      ['marcognet', 'infantry', 8], ['labassee', 'infantry', 6], ['grenadiers-1', 'infantry', 7], ['grenadiers-2', 'infantry', 7], ['lorcet', 'light-cavalry', 4], ['vi-12lb', 'artillery', 1],
    ]);
    for (const u of units) {
      const p = u.arm === 'artillery' ? parseArtilleryLabel(u.rules.label) : parseUnitLabel(u.rules.label);
      expect(p.ok, u.rules.label).toBe(true);
    }
    const generals = yaml.orderOfBattle.french.generals as { id: string; level: string; rules: Record<string, unknown> }[];
    expect(generals.map((g) => [g.id, g.level])).toEqual([['massena', 'army'], ['ney', 'corps']]);
    expect(generals[0]!.rules).toEqual({ cinc: 'Masséna,G,+2', morale: 'average', nation: 'french' });
    expect(parseCinCLabel(String(generals[0]!.rules['cinc'])).ok).toBe(true);
    const ney = parseCommanderLabel(String(generals[1]!.rules['commander']));
    expect(ney.ok && ney.value.rangeInches).toBe(10);
  });

  it('Cossacks, cuirassiers and a corps of its own morale reach the scenario rules; a nested split is numbered on', async () => {
    const src = SMALL
      .replace("        commander: { id: ney,", "        morale: poor\n        commander: { id: ney,")
      .replace("                arm: light-cavalry\n                men: 1000", "                arm: light-cavalry\n                irregular: true\n                men: 1000")
      .replace("{ name: Grenadiers, count: 4, quality: elite, men: 4200 }", "{ name: Grenadiers, count: 4, quality: elite, men: 8400 }");
    const r = await cli(file('more.yaml', src));
    expect(r.err).toBe('');
    const yaml = parse(r.out.slice(r.out.indexOf('orderOfBattle:'))) as { orderOfBattle: { french: { generals: { id: string; rules: Record<string, unknown> }[]; corps: { divisions: { id: string; rules: Record<string, unknown> }[] }[] } } };
    const units = yaml.orderOfBattle.french.corps[0]!.divisions;
    expect(units.find((u) => u.id === 'lorcet')!.rules).toEqual({ label: '1B/3/VI Light 4/3/2 Vet', irregular: true });
    expect(yaml.orderOfBattle.french.generals.find((g) => g.id === 'ney')!.rules['morale']).toBe('poor');
    // 8,400 Elite = 28 s.p.: halves of 14 are cut again into four of 2,100 (7 s.p.): 3B, then 4B, 5B, 6B (BD-4).
    expect(units.filter((u) => u.id.startsWith('grenadiers')).map((u) => [u.id, String(u.rules['label'])])).toEqual([
      ['grenadiers-1-1', '3B/1/VI 7/4/2 Elite'], ['grenadiers-1-2', '4B/1/VI 7/4/2 Elite'], ['grenadiers-2-1', '5B/1/VI 7/4/2 Elite'], ['grenadiers-2-2', '6B/1/VI 7/4/2 Elite'],
    ]);
    // Poor corps: 8 units × .30 = 2.4 → 2; the army (average) leaves the Cossacks out: 7 × .35 = 2.45 → 2.
    expect(r.out).toContain('8 units (6 arriving later, counted: L555), base 4"; fatigue 2 (poor)');
    expect(r.out).toContain('army fatigue 2 of 7 units (average');
    const infantryCossacks = await cli(file('bad-irregular.yaml', src.replace('                arm: light-cavalry\n                irregular: true', '                arm: infantry\n                irregular: true')));
    expect(infantryCossacks.code).toBe(1);
    expect(infantryCossacks.err).toContain('lorcet is infantry, but only cavalry is irregular (§3.12 L565) [scenario/strength]');
  });

  it('nations per piece and cuirassiers reach the scenario rules (NAT-1, CV-9); alliedTo without a nation is refused at its line', async () => {
    const src = SMALL
      .replace("                name: Labassée\n                number: 2\n                arm: infantry\n", "                name: Labassée\n                number: 2\n                arm: infantry\n                nation: other\n                alliedTo: french\n")
      .replace("                arm: light-cavalry\n                men: 1000", "                arm: heavy-cavalry\n                armoured: true\n                nation: other\n                men: 1000")
      .replace("pounds: 12, kind: foot, arrives: 4 }", "pounds: 12, kind: foot, nation: other, arrives: 4 }");
    const r = await cli(file('nations.yaml', src));
    expect(r.err).toBe('');
    const yaml = parse(r.out.slice(r.out.indexOf('orderOfBattle:'))) as { orderOfBattle: { french: { corps: { divisions: { id: string; rules: Record<string, unknown> }[] }[] } } };
    const rules = Object.fromEntries(yaml.orderOfBattle.french.corps[0]!.divisions.map((u) => [u.id, u.rules]));
    expect(rules['labassee']).toEqual({ label: '2B/1/VI 6/4/2 LN', nation: 'other', alliedTo: 'french' });
    expect(rules['lorcet']).toEqual({ label: '1B/3/VI Heavy 4/3/2 Vet', armoured: true, nation: 'other' });
    expect(rules['vi-12lb']).toEqual({ label: 'VI Corp, 12 lb, Foot', nation: 'other' });
    expect(rules['marcognet']).toEqual({ label: '1B/1/VI SK2 8/5/3 LN' }); // the army's nation: nothing of its own
    const bare = src.replace('                nation: other\n                alliedTo: french\n', '                alliedTo: french\n');
    const path = file('bare-ally.yaml', bare);
    const refused = await cli(path);
    expect(refused.code).toBe(1);
    const line = bare.split('\n').findIndex((l) => l.includes('alliedTo: french')) + 1;
    expect(refused.err).toContain(`${path}:${line}:`);
    expect(refused.err).toContain("labassee: alliedTo goes with the brigade's own nation");
    expect(refused.err).toContain('nation: other, alliedTo: french');
  });

  it('writes the block to --out, and the real bin runs it', () => {
    const out = join(dir, 'units.yaml');
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'estafette.mjs'), 'nw-brigade', file('small2.yaml', SMALL), '--out', out, '--quiet'], { encoding: 'utf8', cwd: ROOT });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(`Wrote the orderOfBattle block to ${out}`);
    expect(readFileSync(out, 'utf8')).toContain('label: 3B/1/VI 7/4/2 Elite');
  });

  it('a bad source: every problem at file:line:col with a hint, nothing written', async () => {
    const bad = SMALL.replace('quality: conscript }', 'quality: conscrit }').replace('        corps: 6\n', '        corps: 6\n        colour: blue\n');
    const path = file('bad.yaml', bad);
    const out = join(dir, 'never.yaml');
    const r = await cli(path, '--out', out);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(existsSync(out)).toBe(false);
    const lines = bad.split('\n');
    const at = (s: string) => lines.findIndex((l) => l.includes(s)) + 1;
    expect(r.err).toContain(`${path}:${at('colour: blue')}:9 sides[0].commands[0].colour: unknown field 'colour' [scenario/unknown-field]`);
    expect(r.err).toContain('Fields allowed here:');
    expect(r.err).toMatch(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}:${at('conscrit')}:\\d+ sides\\[0\\]\\.commands\\[0\\]\\.divisions\\[0\\]\\.brigades\\[1\\]\\.battalions\\[1\\]\\.quality: "conscrit" is not a valid quality`));
    expect(r.err).toContain("Did you mean 'conscript'?");
    expect(r.err.indexOf('colour')).toBeLessThan(r.err.indexOf('conscrit')); // in file order
    expect(r.err).toContain('2 problems in');
  });

  it('a brigade that ends over 12 s.p. with its artillery is refused at its line, with a hint', async () => {
    const big = SMALL.replace('{ name: 6e Léger, count: 2, quality: veteran, light: true, sk: 2, men: 1200 }', '{ name: 6e Léger, count: 2, quality: veteran, light: true, sk: 2, men: 3600 }');
    const path = file('big.yaml', big);
    const r = await cli(path);
    expect(r.code).toBe(1);
    const line = big.split('\n').findIndex((l) => l.includes('- id: marcognet')) + 1;
    // 2 Vet + 4 Line = Line; 6,000 / 500 = 12, + 1 s.p. of the battery = 13.
    expect(r.err).toContain(`${path}:${line}:17 sides[0].commands[0].divisions[0].brigades[0]: marcognet: 13 s.p. is over 12 (Ch.II §2.2 L486) [scenario/strength]`);
    expect(r.err).toContain('Share the attached batteries with other brigades (share:)');
  });

  it('--check: Quatre Bras agrees with its source; a changed strength is listed as a difference', async () => {
    const source = join(ROOT, 'assets', 'sources', 'quatre-bras-battalions.yaml');
    const scenario = join(ROOT, 'assets', 'scenarios', 'nw', 'quatre-bras.yaml');
    const ok = await cli(source, '--check', scenario, '--quiet');
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('has the 30 brigades and batteries built from');
    // Bylandt at 2,800 men: Militia 2,800 / 700 = 4, + 2 = 6 s.p. instead of 7.
    const changed = file('qb.yaml', readFileSync(source, 'utf8').replace('men: 3230', 'men: 2800'));
    const r = await cli(changed, '--check', scenario, '--quiet');
    expect(r.code).toBe(1);
    expect(r.err.split('\n')).toEqual([
      'DIFFERS: allies/bylandt sp: built 6, scenario 7',
      'DIFFERS: allies/bylandt label: built 1B/2/I SK1 6/5/3 Militia, scenario 1B/2/I SK1 7/5/4 Militia',
      'DIFFERS: allies/bylandt men: built 2,800, scenario 3,230',
      `3 differences between ${changed} and ${scenario}.`,
    ]);
    // QB-17: the rules that change play are compared too — Guiton without his armour, Specht as British.
    const plain = file('qb-plain.yaml', readFileSync(source, 'utf8')
      .replace('                armoured: true         # cuirassiers', '                # cuirassiers')
      .replace(/(name: Specht's Line Brigade[^\n]*\n(?:.*\n){2})                nation: other[^\n]*\n                alliedTo: british[^\n]*\n/u, '$1'));
    const p = await cli(plain, '--check', scenario, '--quiet');
    expect(p.code).toBe(1);
    expect(p.err.split('\n')).toEqual([
      'DIFFERS: french/guiton rules: built —, scenario armoured',
      'DIFFERS: allies/specht rules: built —, scenario nation other, alliedTo british',
      `2 differences between ${plain} and ${scenario}.`,
    ]);
  });

  it('cross-field problems: a battery shared with an unknown brigade, an id used twice, a wing nobody names', async () => {
    const share = file('share.yaml', SMALL.replace('weight: medium }]', 'weight: medium, share: [marcognet, labasse] }]'));
    const r1 = await cli(share);
    expect(r1.code).toBe(1);
    const l1 = SMALL.split('\n').findIndex((l) => l.includes('batteries: [{ name: divisional')) + 1;
    expect(r1.err).toContain(`${share}:${l1}:`);
    expect(r1.err).toContain("sides[0].commands[0].divisions[0].batteries[0].share[1]: no brigade 'labasse' in 1st Division [scenario/strength]");
    expect(r1.err).toContain('Brigades here: marcognet, labassee, grenadiers.');
    const twice = file('twice.yaml', SMALL.replace('- id: lorcet', '- id: marcognet'));
    const r2 = await cli(twice);
    expect(r2.err).toContain("the id 'marcognet' is used twice");
    const wing = file('wing.yaml', SMALL.replace('    commands:\n', '    wings:\n      - { id: left, name: Left wing, label: Left Wing, commander: { id: soult, name: Soult, skill: good } }\n    commands:\n'));
    const r3 = await cli(wing);
    expect(r3.code).toBe(1);
    expect(r3.err).toContain("sides[0].wings[0].id: no command names the wing 'left'");
    expect(r3.err).toContain('Add wing: left to the commands it holds, or remove the wing.');
  });

  it('a YAML slip, a missing strength, an unreadable file, and no file at all', async () => {
    const slip = file('slip.yaml', SMALL.replace('battalions:\n                  - { name: 69e', 'battalions:\n                  - { name: 69e Ligne, count: 3\n                  - { name: 69e'));
    const r1 = await cli(slip);
    expect(r1.code).toBe(1);
    expect(r1.err).toMatch(/slip\.yaml:\d+:\d+ .*\[scenario\/yaml-syntax\]/u);
    const r2 = await cli(file('nomen.yaml', SMALL.replace('                men: 2500\n', '')));
    expect(r2.code).toBe(1);
    expect(r2.err).toContain('labassee has no strength [scenario/strength]');
    expect(r2.err).toContain('Give men: on the brigade, on each battalion line, or on its division');
    const r3 = await cli(join(dir, 'absent.yaml'));
    expect(r3.code).toBe(1);
    expect(r3.err).toContain('cannot read the file');
    const r4 = await cli();
    expect(r4.code).toBe(2);
    expect(r4.err).toContain('Usage: estafette nw-brigade <battalions.yaml>');
  });
});
