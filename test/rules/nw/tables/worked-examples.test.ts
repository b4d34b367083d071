import { describe, expect, it } from 'vitest';
import {
  ATTACHED_BATTERY_SP, COMMAND_RANGE_FORMULAS, FATIGUE_LOSS_HALVES, MAX_UNIT_SP, MIN_UNIT_SP, MORALE_MULTIPLIER_HUNDREDTHS, QUALITIES, SCALE_RATIOS,
  SKILLS, commandFatigueLevel, commandRange, commandRangeFormula, fatigueLevels, fatigueState, hinderedCommandRange, isFatigued, strengthPoints,
  type MoraleLevel, type Quality,
} from '../../../../src/rules/nw/tables';

/*
 * NW Ch.II (scenario design) rules and worked examples: command range (§3.1 L553-557, §3.11
 * L561), scale ratios and historical strengths (§2.1-2.5 L467-496), corps/army fatigue (§4.0
 * L583-599). Printed sentences are kept verbatim (napoleons-wars.txt line numbers), their numbers
 * are parsed here, and the code's data and functions are compared with them.
 */

function grab(text: string, re: RegExp): string[] {
  const m = text.match(re);
  if (!m) throw new Error(`printed text does not match ${re}: ${text}`);
  return m.slice(1).map((g) => g ?? '');
}
/** `1.0`, `.5`, `.35` → hundredths, exactly. */
const hundredths = (s: string): number => {
  const [w, f = ''] = s.split('.');
  return Number(w || '0') * 100 + Number((f + '00').slice(0, 2));
};
const inch = (s: string): number => Number(s.replace('"', ''));

// ---------------------------------------------------------------------------------------------
// Command range, Ch.II §3.1 L553-555 and §3.11 L561

const L553 =
  'Commander\'s of Corps or Wings calculate their range as follows: All French and excellent skill rated commanders (except British) multiply 1.0 times (x) the number of units in their command. British and all';
const L555 =
  'others multiply .5 times (x) the number of units within their command. This amount is then added to a commanders base command range, which is 4" for all French and excellent skill rated commanders (except British), 3" for all others.';
const L557 =
  '**Example:** Marshall Victor is in charge of French VII corp. His skill rating is "Good" but he\'s French so his basic command range is 4". VII Corp has 8 units assigned so he adds 8" inches (1.0 X the number of units) to his four for a final command range of 12".';
const L561 =
  'To represent this, use the division officer as the commander but his basic command range is 3" for an excellent commander and 2" for all others. Then .5 times (x) the number of units within the division will give the additional amount of inches added to his command range.';

const [frenchPer] = grab(L553, /commanders \(except British\) multiply ([\d.]+) times/);
const [otherPer] = grab(L555, /^others multiply ([\d.]+) times/);
const [frenchBase, otherBase] = grab(L555, /which is (\d+") for all French and excellent .*?, (\d+") for all others/);
const [divExcBase, divOtherBase] = grab(L561, /basic command range is (\d+") for an excellent commander and (\d+") for all others/);
const [divPer] = grab(L561, /Then ([\d.]+) times \(x\) the number of units within the division/);

const NATIONS = [
  { name: 'French', french: true, british: false },
  { name: 'British', french: false, british: true },
  { name: 'other (e.g. Austrian)', french: false, british: false },
] as const;

describe('corps/wing command range (Ch.II §3.1 L553-555), every skill × nation × 1-24 units', () => {
  for (const skill of SKILLS) {
    for (const n of NATIONS) {
      const fast = n.french || (skill === 'excellent' && !n.british);
      const base = inch((fast ? frenchBase : otherBase) as string);
      const per = hundredths((fast ? frenchPer : otherPer) as string);
      it(`${n.name} ${skill}: ${base}" + ${per / 100} × units`, () => {
        const f = commandRangeFormula(skill, { french: n.french, british: n.british, divisional: false });
        for (let units = 1; units <= 24; units++) {
          expect(commandRange(f, units)).toEqual({ range: base + (per * units) / 100, base });
        }
      });
    }
  }
});

describe('linear/divisional command range (Ch.II §3.11 L561), every skill × nation × 1-24 units', () => {
  for (const skill of SKILLS) {
    // the Revolution's French, the British, the allies before 1809 and Ottoman wings all use it
    for (const n of [...NATIONS, { name: 'Ottoman wing', french: false, british: false }] as const) {
      const base = inch((skill === 'excellent' ? divExcBase : divOtherBase) as string);
      const per = hundredths(divPer as string);
      it(`${n.name} ${skill} divisional: ${base}" + ${per / 100} × units`, () => {
        const f = commandRangeFormula(skill, { french: n.french, british: n.british, divisional: true });
        for (let units = 1; units <= 24; units++) {
          expect(commandRange(f, units)).toEqual({ range: base + (per * units) / 100, base });
        }
      });
    }
  }
  it('the formula table holds exactly the printed bases and rates', () => {
    expect(COMMAND_RANGE_FORMULAS).toEqual({
      'corps-french-or-excellent': { baseInches: inch(frenchBase as string), halfInchesPerUnit: hundredths(frenchPer as string) / 50 },
      'corps-other': { baseInches: inch(otherBase as string), halfInchesPerUnit: hundredths(otherPer as string) / 50 },
      'division-excellent': { baseInches: inch(divExcBase as string), halfInchesPerUnit: hundredths(divPer as string) / 50 },
      'division-other': { baseInches: inch(divOtherBase as string), halfInchesPerUnit: hundredths(divPer as string) / 50 },
    });
  });
});

describe(`example L557: "${L557}"`, () => {
  const [basic, units, added, final] = grab(L557, /basic command range is (\d+")\. VII Corp has (\d+) units assigned so he adds (\d+") inches .* final command range of (\d+")/);
  const f = commandRangeFormula('good', { french: true, british: false, divisional: false });
  it(`basic ${basic}, +${added} for ${units} units, final ${final}`, () => {
    const r = commandRange(f, Number(units));
    expect(r.base).toBe(inch(basic as string));
    expect(r.range - r.base).toBe(inch(added as string));
    expect(r.range).toBe(inch(final as string));
  });
  it('L309: in hindered visibility Victor\'s 12" drops 3" a hindrance but never below his basic 4"', () => {
    const r = commandRange(f, Number(units));
    expect([0, 1, 2, 3, 4].map((h) => hinderedCommandRange(r.range, r.base, h))).toEqual([12, 9, 6, 4, 4]);
  });
  it('the same 8 units under a Good Austrian: 3" + 4" = 7"; under a Good divisional officer: 2" + 4" = 6"', () => {
    expect(commandRange(commandRangeFormula('good', { french: false, british: false, divisional: false }), 8)).toEqual({ range: 7, base: 3 });
    expect(commandRange(commandRangeFormula('good', { french: false, british: false, divisional: true }), 8)).toEqual({ range: 6, base: 2 });
  });
});

// ---------------------------------------------------------------------------------------------
// Scale ratios and historical strengths, Ch.II §2.1-2.5

// Scale Ratios chart L475-480 as printed (tab-separated in the text).
const SCALE_PRINTED = [
  'Guard\t200 for every 1s.p.\t150 for every 1s.p.',
  'Elite\t300 for every 1s.p.\t200 for every 1s.p.',
  'Veteran\t400 for every 1s.p.\t250 for every 1s.p.',
  'Line\t500 for every 1s.p.\t300 for every 1s.p.',
  'Conscript\t600 for every 1s.p.\t350 for every 1s.p.',
  'Militia\t700 for every 1s.p.\t400 for every 1s.p.',
] as const;
const scaleRow = (line: string) => {
  const [grade, inf, cav] = line.split('\t');
  const men = (cell: string | undefined) => Number(grab(cell ?? '', /^(\d+) for every 1s\.p\.$/)[0]);
  return { quality: (grade ?? '').toLowerCase() as Quality, infantry: men(inf), cavalry: men(cav) };
};

describe('Scale Ratios chart (Ch.II §2.1 L473-480), every cell as printed', () => {
  it('six grades, in the vocabulary order', () => expect(SCALE_PRINTED.map((l) => scaleRow(l).quality)).toEqual([...QUALITIES]));
  it.each(SCALE_PRINTED)('%s', (printed) => {
    const row = scaleRow(printed);
    expect(SCALE_RATIOS[row.quality]).toEqual({ infantry: row.infantry, cavalry: row.cavalry });
    expect(strengthPoints(row.infantry, row.quality, 'infantry', 'tenths')).toBe(1);
    expect(strengthPoints(row.cavalry, row.quality, 'cavalry', 'tenths')).toBe(1);
  });
  const L469 = 'A guard unit, for instance, has 1s.p. for every 200 men in that historical brigade, whereas a conscript unit has 1s.p. for every 600.';
  it(`example L469: "${L469}"`, () => {
    const [guard, conscript] = grab(L469, /guard unit.*1s\.p\. for every (\d+) men.*conscript unit has 1s\.p\. for every (\d+)\./);
    expect(SCALE_RATIOS.guard.infantry).toBe(Number(guard));
    expect(SCALE_RATIOS.conscript.infantry).toBe(Number(conscript));
  });
});

// L467: "infantry brigades that represent anywhere from 1,500 to 4,000 men ... Cavalry brigades are usually smaller (1,000 to 2,500)".
describe('building brigades from historical strengths (Ch.II §2.1 L467-482, §2.2 L486, §2.4 L490)', () => {
  it.each([
    // men, quality, arm, exact s.p. (for the reader), s.p. after L482 rounding
    [2750, 'line', 'infantry', '5.5', 5], // the "average around the middle": .5 rounds down
    [3300, 'line', 'infantry', '6.6', 7], // .6 rounds up
    [1500, 'militia', 'infantry', '2.14', 2], // smallest recommended brigade, worst grade: still on the chart
    [1500, 'veteran', 'infantry', '3.75', 4],
    [4000, 'conscript', 'infantry', '6.66', 7],
    [3100, 'elite', 'infantry', '10.33', 10],
    [1000, 'militia', 'cavalry', '2.5', 2], // smallest recommended cavalry brigade
    [1800, 'veteran', 'cavalry', '7.2', 7],
    [2500, 'line', 'cavalry', '8.33', 8],
    [1900, 'conscript', 'cavalry', '5.42', 5],
  ] as const)('%d %s %s = %s → %d s.p.', (men, q, arm, _exact, sp) => {
    expect(strengthPoints(men, q, arm, 'tenths')).toBe(sp);
    expect(sp).toBeGreaterThanOrEqual(MIN_UNIT_SP);
    expect(sp).toBeLessThanOrEqual(MAX_UNIT_SP);
  });
  it('L486: 4,000 Guard infantry = 20 s.p. > 12, so two brigades of 2,000 = 10 s.p. each', () => {
    expect(strengthPoints(4000, 'guard', 'infantry', 'tenths')).toBe(20);
    expect(20).toBeGreaterThan(MAX_UNIT_SP);
    expect(strengthPoints(2000, 'guard', 'infantry', 'tenths')).toBe(10);
  });
  it('L486: 2,500 Guard cavalry = 16.66 → 17 s.p. > 12, so two brigades of 1,250 = 8.33 → 8 s.p. each', () => {
    expect(strengthPoints(2500, 'guard', 'cavalry', 'tenths')).toBe(17);
    expect(strengthPoints(1250, 'guard', 'cavalry', 'tenths')).toBe(8);
  });
  it('L490: a mixed (MX) brigade of 2,400 infantry + 300 cavalry, Veteran, counts all 2,700 at the infantry ratio = 6.75 → 7', () => {
    expect(strengthPoints(2400 + 300, 'veteran', 'infantry', 'tenths')).toBe(7);
  });
  it('L482 + L502: 3,500 Line infantry = 7 s.p. → chart 7/5/3, fresh at 6, worn at 5, spent at 3', () => {
    const sp = strengthPoints(3500, 'line', 'infantry', 'tenths');
    expect(sp).toBe(7);
    const lv = fatigueLevels(sp, 'line');
    expect(lv).toEqual({ fresh: 7, worn: 5, spent: 3 });
    if (!lv) throw new Error('unreachable');
    expect([6, 5, 3].map((s) => fatigueState(s, lv))).toEqual(['fresh', 'worn', 'spent']);
  });
  it('HR N-15: the L45 roster label "1B/1/IV SK2 7/4/2 LN" is not the chart\'s Line 7 (7/5/3) but its Guard/Elite 7', () => {
    expect(fatigueLevels(7, 'line')).toEqual({ fresh: 7, worn: 5, spent: 3 });
    expect(fatigueLevels(7, 'guard')).toEqual({ fresh: 7, worn: 4, spent: 2 });
  });
});

const L494 =
  'However many batteries are attached, multiply that number of batteries by 1 if a light battery or 2 if a medium battery. This is the number of extra s.p\'s that will be factored into the brigade or Division.';
const L496 =
  '**Example:** An infantry division has three infantry brigades and one battery of 6lb (medium) artillery (1x2=2 s.p\'s). Two brigades will get an extra s.p. each while the third brigade gains nothing.';

describe('brigade and divisional artillery (Ch.II §2.5 L494-496)', () => {
  it(`L494: "${L494}"`, () => {
    const [light, medium] = grab(L494, /by (\d+) if a light battery or (\d+) if a medium battery/);
    expect(ATTACHED_BATTERY_SP).toEqual({ light: Number(light), medium: Number(medium) });
  });
  it(`example L496: "${L496}"`, () => {
    const [batteries, per, total] = grab(L496, /\((\d+)x(\d+)=(\d+) s\.p's\)/);
    expect(Number(batteries) * ATTACHED_BATTERY_SP.medium).toBe(Number(total));
    expect(ATTACHED_BATTERY_SP.medium).toBe(Number(per));
    // "as equally as you can" among three brigades: 1, 1, 0
    const extra = ATTACHED_BATTERY_SP.medium;
    const share = [0, 1, 2].map((i) => Math.floor(extra / 3) + (i < extra % 3 ? 1 : 0));
    expect(share).toEqual([1, 1, 0]);
  });
});

// ---------------------------------------------------------------------------------------------
// Corps/wing and army fatigue, Ch.II §4.0

const L585 =
  '**Good-** The army is well led and confident in itself and its leaders. Multiplier is .40. **Average-** The army is trained and efficient if not overly zealous. Multiplier is .35. **Poor-** The army has little or no confidence in its leaders or itself. Multiplier is .30.';
const L589 =
  '**Example:** Marshall Massena is in command of an army with 18 units divided into four Corps. The first two corps have 5 units each while the third and fourth have 4 units each. The army is rated as "Average" so its total unit amount is multiplied by .35 (18 X .35) which equals 6.3 rounded down to 6. Once the army has lost 6 brigades the army will be broken.';

describe('morale multipliers (Ch.II §4.0 L585)', () => {
  const printed = Object.fromEntries(
    [...L585.matchAll(/\*\*(\w+)-\*\*[^*]*?Multiplier is (\.\d+)\./g)].map((m) => [(m[1] ?? '').toLowerCase(), hundredths(m[2] ?? '')]),
  );
  it(`"${L585}"`, () => expect(MORALE_MULTIPLIER_HUNDREDTHS).toEqual(printed));
  // L587: units × multiplier; L591: ".1-.5 down, .6+ up" (HR N-4: judged on the tenths digit).
  for (const morale of ['good', 'average', 'poor'] as const satisfies readonly MoraleLevel[]) {
    it(`${morale}: fatigue level for 1-60 units = units × ${(printed[morale] ?? 0) / 100}, NW-rounded`, () => {
      for (let units = 1; units <= 60; units++) {
        const h = units * (printed[morale] ?? 0); // hundredths, exact
        const tenthsDigit = Math.floor((h % 100) / 10);
        expect(commandFatigueLevel(units, morale, 'tenths')).toBe(Math.floor(h / 100) + (tenthsDigit >= 6 ? 1 : 0));
      }
    });
  }
});

describe(`example L589: "${L589}"`, () => {
  const [armyUnits, mult, product, level] = grab(L589, /army with (\d+) units.*multiplied by (\.\d+) \(\d+ X \.\d+\) which equals ([\d.]+) rounded down to (\d+)/);
  const [c1, c3] = grab(L589, /first two corps have (\d+) units each while the third and fourth have (\d+) units each/);
  it(`army: ${armyUnits} × ${mult} = ${product} → ${level}`, () => {
    expect(MORALE_MULTIPLIER_HUNDREDTHS.average).toBe(hundredths(mult as string));
    expect(Number(armyUnits) * hundredths(mult as string)).toBe(hundredths(product as string)); // 630 hundredths, exactly
    expect(commandFatigueLevel(Number(armyUnits), 'average', 'tenths')).toBe(Number(level));
  });
  it('the four corps add up to the army: 5 + 5 + 4 + 4 = 18', () => {
    expect(2 * Number(c1) + 2 * Number(c3)).toBe(Number(armyUnits));
  });
  it('"Once the army has lost 6 brigades the army will be broken": 6 destroyed = 12 halves → broken, 5½ → not', () => {
    const lvl = commandFatigueLevel(18, 'average', 'tenths');
    expect(isFatigued(6 * FATIGUE_LOSS_HALVES.destroyedUnit, lvl)).toBe(true);
    expect(isFatigued(5 * FATIGUE_LOSS_HALVES.destroyedUnit + FATIGUE_LOSS_HALVES.spentUnit, lvl)).toBe(false);
    expect(isFatigued(7 * FATIGUE_LOSS_HALVES.destroyedUnit, lvl)).toBe(true); // "equal to or greater" (L587)
  });
  it('"1st Corp which has 5 units is also rated as Average so 5 X .35= 1.75 or 2 … fatigued once 2 units are lost"', () => {
    const lvl = commandFatigueLevel(Number(c1), 'average', 'tenths');
    expect(lvl).toBe(2);
    expect(isFatigued(2 * FATIGUE_LOSS_HALVES.destroyedUnit, lvl)).toBe(true);
    expect(isFatigued(1 * FATIGUE_LOSS_HALVES.destroyedUnit, lvl)).toBe(false);
    expect(isFatigued(FATIGUE_LOSS_HALVES.destroyedUnit + FATIGUE_LOSS_HALVES.spentUnit, lvl)).toBe(false);
    expect(isFatigued(FATIGUE_LOSS_HALVES.destroyedUnit + 2 * FATIGUE_LOSS_HALVES.spentUnit, lvl)).toBe(true);
  });
  it('"The remaining three Corps would also be figured accordingly": 5 → 2, 4 × .35 = 1.4 → 1, 4 → 1', () => {
    expect([c1, c1, c3, c3].map((u) => commandFatigueLevel(Number(u), 'average', 'tenths'))).toEqual([2, 2, 1, 1]);
  });
  it('L591: a Poor corps of the same 5 units inside the Average army: 5 × .30 = 1.5 → 1', () => {
    expect(commandFatigueLevel(5, 'poor', 'tenths')).toBe(1);
  });
});

// Ch.II §4.0 L595-599 and §12.0.1 L431 as printed.
const LOSS_PRINTED = {
  L595: '1. An artillery battery that has been eliminated counts as ½ a unit for fatigue loss.',
  L596: '2. A Spent unit counts as ½ a unit for fatigue loss.',
  L597: '3. A completely eliminated unit counts as 1 unit for fatigue loss.',
  L598: '4. Guard quality infantry or cavalry units count double the amount of units for army morale calculations only. I.E. a completely eliminated Guard unit would count as 2 units lost for army fatigue purposes',
  L599: '5. Cossacks, Yoruks, Bedouin, Arab and Militia cavalry are not counted for army fatigue levels.',
  L431: 'Should a unit rout off of the table, count the unit as ½ a loss for fatigue purposes.',
} as const;
/** A printed unit count in HALF-units: "½ a unit" → 1, "1 unit" → 2, "2 units" → 4. */
const halves = (s: string): number => (s.startsWith('½') ? 1 : 2 * Number(grab(s, /^(\d+) units?/)[0]));

describe('fatigue losses in half-units (Ch.II §4.0 L595-599; §12.0.1 L431)', () => {
  it(`L595: "${LOSS_PRINTED.L595}"`, () => {
    expect(FATIGUE_LOSS_HALVES.destroyedBattery).toBe(halves(grab(LOSS_PRINTED.L595, /counts as (½ a unit)/)[0] as string));
  });
  it(`L596: "${LOSS_PRINTED.L596}"`, () => {
    expect(FATIGUE_LOSS_HALVES.spentUnit).toBe(halves(grab(LOSS_PRINTED.L596, /counts as (½ a unit)/)[0] as string));
  });
  it(`L597: "${LOSS_PRINTED.L597}"`, () => {
    expect(FATIGUE_LOSS_HALVES.destroyedUnit).toBe(halves(grab(LOSS_PRINTED.L597, /counts as (1 unit)/)[0] as string));
  });
  it(`L598: "${LOSS_PRINTED.L598}"`, () => {
    expect(LOSS_PRINTED.L598).toMatch(/count double the amount of units for army morale calculations only/);
    expect(FATIGUE_LOSS_HALVES.guardArmyFactor).toBe(2);
    const [example] = grab(LOSS_PRINTED.L598, /eliminated Guard unit would count as (\d+ units) lost/);
    expect(FATIGUE_LOSS_HALVES.destroyedUnit * FATIGUE_LOSS_HALVES.guardArmyFactor).toBe(halves(example as string));
  });
  it(`L599: "${LOSS_PRINTED.L599}"`, () => {
    expect(LOSS_PRINTED.L599).toMatch(/are not counted for army fatigue/);
    expect(FATIGUE_LOSS_HALVES.irregularCavalryArmy).toBe(0);
  });
  it(`L431: "${LOSS_PRINTED.L431}"`, () => {
    expect(FATIGUE_LOSS_HALVES.routedOffTable).toBe(halves(grab(LOSS_PRINTED.L431, /count the unit as (½) a loss/)[0] as string));
  });
  it('lists exactly the six printed counts (a new key needs a new test)', () => {
    expect(Object.keys(FATIGUE_LOSS_HALVES).sort()).toEqual(
      ['destroyedBattery', 'destroyedUnit', 'guardArmyFactor', 'irregularCavalryArmy', 'routedOffTable', 'spentUnit'],
    );
  });
  it('L589 army (level 6) with L598 Guard: 3 destroyed Guard brigades (2 each) break it; 2 Guard + 1 line + 1 battery (2+2+1+½ = 5½) do not', () => {
    const lvl = commandFatigueLevel(18, 'average', 'tenths');
    const guardLost = FATIGUE_LOSS_HALVES.destroyedUnit * FATIGUE_LOSS_HALVES.guardArmyFactor;
    expect(isFatigued(3 * guardLost, lvl)).toBe(true);
    expect(isFatigued(2 * guardLost + FATIGUE_LOSS_HALVES.destroyedUnit + FATIGUE_LOSS_HALVES.destroyedBattery, lvl)).toBe(false);
  });
});
