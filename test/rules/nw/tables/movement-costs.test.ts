import { describe, expect, it } from 'vitest';
import {
  BASES_INCHES, MANEUVER_COSTS, MAY_END_IN_TOWN, MOVE_DISTANCES, MUD_FACTOR, OFFICER_MOVE_INCHES, REPLACEMENT_SETUP_INCHES, RETROGRADE_FACTOR,
  TERRAIN_KINDS, TOWN_BLOCK_INCHES, goingCost,
} from '../../../../src/rules/nw/tables';

/*
 * The movement costs and distances of NW §9.0-§12.0, checked against the sentences that print
 * them. Each sentence is kept verbatim (napoleons-wars.txt line in the key), the number is parsed
 * out of the sentence, and then compared with the data in terrain.ts / leaders.ts.
 */

/** The match of `re` in `text`; fails the test loudly if the printed sentence does not say it. */
function grab(text: string, re: RegExp): string[] {
  const m = text.match(re);
  if (!m) throw new Error(`printed text does not match ${re}: ${text}`);
  return m.slice(1).map((g) => g ?? '');
}
/** A printed fraction glyph as an exact ratio. */
function frac(s: string): { num: number; den: number } {
  const glyphs: Record<string, { num: number; den: number }> = { '¼': { num: 1, den: 4 }, '½': { num: 1, den: 2 }, '¾': { num: 3, den: 4 } };
  const r = glyphs[s];
  if (!r) throw new Error(`not a printed fraction: ${s}`);
  return r;
}
/** A printed inch figure: `12"`, `-2"`, `1 ½`. */
function inch(s: string): number {
  const m = s.trim().match(/^-?(\d+)(?: ½)?"?$/);
  if (!m) throw new Error(`not a printed inch figure: ${s}`);
  return Number(m[1]) + (s.includes('½') ? 0.5 : 0);
}
/** A printed list: "a, b, c and d". */
const list = (s: string): string[] => s.split(/, | and /).map((x) => x.trim());

// §9.3-§9.8 sentences, verbatim.
const P = {
  L266: 'Officer stands and artillery units are the only units which may move through and be moved through with no movement penalty for any unit.',
  L268: 'Infantry and cavalry units may move through other friendly infantry or cavalry units but suffer a penalty of -2" inches on their movement.',
  L277: 'When the ground condition is "mud" movement costs are doubled. Movement penalties may only be doubled once however.',
  L302: 'Infantry and cavalry pay 2" inches to move through another friendly infantry or cavalry unit.',
  L303: 'Infantry and cavalry may move through and be moved through by artillery for free.',
  L313: 'It costs ¼ of a units move for every 45 degrees of movement.',
  L317_MOUNTED:
    'Cavalry and artillery may do this *once*, at the beginning of their move without it costing any movement unless in mud in which case it costs ¼ their movement allowance.',
  L317_INFANTRY: 'Infantry may perform this maneuver but is costs ¼ their movement for 90 degrees and ½ their movement for 180 degrees. These costs are doubled in mud.',
  L321: 'Infantry or cavalry units retrograde and flank move at double the normal terrain cost. In other words, retrograde movement in clear terrain would cost 2" inches for every 1" inch moved.',
  L323: 'Any unit may move obliquely, up to 45 degrees off its frontal perspective at the initial cost of 1".',
} as const;

describe('MANEUVER_COSTS against the printed sentences (§9.3-§9.8)', () => {
  it(`wheel, L313: "${P.L313}"`, () => {
    const [f, deg] = grab(P.L313, /costs (.) of a units move for every (\d+) degrees/);
    expect(MANEUVER_COSTS.wheelPer45Degrees).toEqual(frac(f as string));
    expect(Number(deg)).toBe(45);
  });
  it(`change face, cavalry and artillery, L317: "${P.L317_MOUNTED}"`, () => {
    expect(P.L317_MOUNTED).toMatch(/without it costing any movement/);
    const [mud] = grab(P.L317_MOUNTED, /in mud in which case it costs (.) their movement allowance/);
    expect(MANEUVER_COSTS.changeFaceMounted.normal.num).toBe(0);
    expect(MANEUVER_COSTS.changeFaceMounted.mud).toEqual(frac(mud as string));
  });
  it(`change face, infantry, L317: "${P.L317_INFANTRY}"`, () => {
    const [f90, d90, f180, d180] = grab(P.L317_INFANTRY, /costs (.) their movement for (\d+) degrees and (.) their movement for (\d+) degrees/);
    expect([Number(d90), Number(d180)]).toEqual([90, 180]);
    expect(MANEUVER_COSTS.changeFaceInfantry.deg90).toEqual(frac(f90 as string));
    expect(MANEUVER_COSTS.changeFaceInfantry.deg180).toEqual(frac(f180 as string));
    expect(P.L317_INFANTRY).toMatch(/doubled in mud/);
    expect(MANEUVER_COSTS.changeFaceInfantry.mudFactor).toBe(2);
  });
  it(`oblique, L323: "${P.L323}"`, () => {
    const [deg, cost] = grab(P.L323, /up to (\d+) degrees .* initial cost of (\d+")/);
    expect(Number(deg)).toBe(45);
    expect(MANEUVER_COSTS.obliqueInches).toBe(inch(cost as string));
  });
  it(`interpenetration, L268 "${P.L268}" and chart note 8, L302 "${P.L302}"`, () => {
    const [pen] = grab(P.L268, /penalty of (-\d+")/);
    const [pay] = grab(P.L302, /pay (\d+")/);
    expect(inch(pen as string)).toBe(inch(pay as string)); // §9.3.3 and note 8 agree
    expect(MANEUVER_COSTS.interpenetrationInches).toBe(inch(pay as string));
  });
  it(`free interpenetration, L266 "${P.L266}" and note 9, L303 "${P.L303}"`, () => {
    const [who] = grab(P.L266, /^(.+?) are the only units which may move through and be moved through with no movement penalty/);
    const printed = (who as string).split(' and ').map((w) => (w.startsWith('Officer') ? 'officer' : w.startsWith('artillery') ? 'artillery' : w));
    expect([...MANEUVER_COSTS.interpenetrationFree].sort()).toEqual(printed.sort());
    expect(P.L303).toMatch(/by artillery for free/);
    expect(MANEUVER_COSTS.interpenetrationFree).toContain('artillery');
  });
  it(`mud doubles, once, L277: "${P.L277}"`, () => {
    expect(P.L277).toMatch(/costs are doubled/);
    expect(MUD_FACTOR).toBe(2);
    // once: mud + retrograde on rough infantry ground is 2 × 2/1, not 4 × 2/1
    expect(goingCost('infantry', 'rough', { num: 1, den: 1 }, { mud: true, retrogradeOrFlank: true })).toEqual({ num: 4, den: 1 });
    expect(goingCost('foot-artillery', 'hindering', { num: 1, den: 1 }, { mud: true })).toEqual({ num: 4, den: 1 });
  });
  it(`retrograde and flank, L321: "${P.L321}"`, () => {
    const [cost, moved] = grab(P.L321, /would cost (\d+") inches for every (\d+") inch moved/);
    expect(P.L321).toMatch(/at double the normal terrain cost/);
    expect(RETROGRADE_FACTOR).toBe(2);
    for (const cls of ['infantry', 'heavy-cavalry-horse-artillery', 'other-cavalry-officers'] as const) {
      expect(goingCost(cls, 'clear', { num: inch(moved as string), den: 1 }, { retrogradeOrFlank: true })).toEqual({ num: inch(cost as string), den: 1 });
    }
    // "double the normal terrain cost": infantry hindering 3/2 → 3/1 per inch
    expect(goingCost('infantry', 'hindering', { num: 1, den: 1 }, { retrogradeOrFlank: true })).toEqual({ num: 3, den: 1 });
  });
  it('lists exactly the six printed costs (a new key needs a new test)', () => {
    expect(Object.keys(MANEUVER_COSTS).sort()).toEqual(
      ['changeFaceInfantry', 'changeFaceMounted', 'interpenetrationFree', 'interpenetrationInches', 'obliqueInches', 'wheelPer45Degrees'].sort(),
    );
  });
});

// Every MOVE_DISTANCES entry: [key, line, printed sentence, pattern capturing the inch figure(s)].
type DistanceKey = Exclude<keyof typeof MOVE_DISTANCES, 'routInches'>;
const DISTANCES: [DistanceKey, string, string, RegExp][] = [
  ['rallyFailureInches', 'L431', 'A unit that fails to rally moves another 3" away from the enemy.', /moves another (\d+")/],
  ['officerDisplacedInches', 'L267', 'On any other result the owning player may simply move the officer 3" in the direction of his choice.', /move the officer (\d+")/],
  ['proximityInches', 'L327', 'An infantry or cavalry unit that is within 6" of an enemy unit must either move directly towards, or away from the closest enemy unit.', /within (\d+") of an enemy unit/],
  ['advanceStopShortInches', 'L417', 'Should another enemy unit be within the advance range, simply move the advancing unit to within 1" of the enemy unit and stop.', /to within (\d+") of the enemy unit and stop/],
  ['counterchargePushBackInches', 'L359', 'Just move the phasing player\'s unit back 1" and push forward the reacting cavalry unit into contact.', /unit back (\d+")/],
  ['generalReattachInches', 'L225', 'A general may be detached from one unit and reattached to another but the new unit must be within 6" of the old unit.', /must be within (\d+") of the old unit/],
  ['visibilityInches', 'L309', 'Normal visibility is 24" unless weather or terrain reduces this.', /visibility is (\d+")/],
  ['visibilityPerHindranceInches', 'L309', 'On turns where visibility is hindered (such as fog or twilight) reduce all visibility checks by 6" for each such occurrence.', /checks by (\d+") for each/],
  ['hinderedCommandRangeInches', 'L309', 'Also, during hindered visibility turns, command ranges are reduced by 3" (but never below a commander\'s basic range.)', /reduced by (\d+")/],
  ['seeIntoWoodsInches', 'L309', 'Woods can be seen 1" into while orchards can be seen 2" into.', /Woods can be seen (\d+") into/],
  ['seeIntoOrchardsInches', 'L309', 'Woods can be seen 1" into while orchards can be seen 2" into.', /orchards can be seen (\d+") into/],
];
const ROUT_L407 = 'A rout move for infantry is 12" inches and 24" inches for cavalry.';

describe('MOVE_DISTANCES against the printed sentences (§9.0-§12.0)', () => {
  it.each(DISTANCES)('%s (%s): "%s"', (key, _line, text, re) => {
    const [v] = grab(text, re);
    expect(MOVE_DISTANCES[key]).toBe(inch(v as string));
  });
  it(`rout, L407: "${ROUT_L407}"`, () => {
    const [inf, cav] = grab(ROUT_L407, /infantry is (\d+") inches and (\d+") inches for cavalry/);
    expect(MOVE_DISTANCES.routInches).toEqual({ infantry: inch(inf as string), cavalry: inch(cav as string) });
  });
  it('every key has a printed sentence above', () => {
    expect(Object.keys(MOVE_DISTANCES).sort()).toEqual([...DISTANCES.map(([k]) => k), 'routInches'].sort());
  });
});

// Other printed movement and footprint figures in the same files.
const T = {
  L241: 'All commanders and CinC\'s have a movement allowance of 18".',
  L296: 'Hindering terrain is: light or open woods, olive or orchard groves, plowed fields and dry river beds.',
  L297: 'Rough terrain is: forests, ravines, steep hill sides, badly broken or rocky ground.',
  L301: 'Towns are treated as roads for any movement through them. Only infantry may end movement in a town.',
  L421: 'The replacement will arrive during the initiative phase of the designated game turn and be sets up within 8" inches of a unit of its command.',
  L531: 'Towns (of whatever type,) are represented by 4" X 4" blocks.',
  L9:
    'All infantry and cavalry brigades are mounted on 3" square bases. Artillery batteries are mounted on 1 ½ inch square bases. Generals are mounted on 1" inch square bases, Commanders on 1 ½ inch square bases and army Commander in Chiefs (CinC) on 2" square bases.',
} as const;

describe('terrain kinds, towns, officers and bases against the printed sentences', () => {
  it(`note 2, L296: "${T.L296}"`, () => {
    const [l] = grab(T.L296, /is: (.+)\.$/);
    expect([...TERRAIN_KINDS.hindering]).toEqual(list(l as string));
  });
  it(`note 3, L297: "${T.L297}"`, () => {
    const [l] = grab(T.L297, /is: (.+)\.$/);
    expect([...TERRAIN_KINDS.rough]).toEqual(list(l as string));
  });
  it(`note 7, L301: "${T.L301}"`, () => {
    const [arm] = grab(T.L301, /Only (\w+) may end movement in a town/);
    expect([...MAY_END_IN_TOWN]).toEqual([arm]);
  });
  it(`town blocks, Ch.II §2.9 L531: "${T.L531}"`, () => {
    const [a, b] = grab(T.L531, /(\d+") X (\d+") blocks/);
    expect([TOWN_BLOCK_INCHES, TOWN_BLOCK_INCHES]).toEqual([inch(a as string), inch(b as string)]);
  });
  it(`officer movement, §9.0 C.7 L241: "${T.L241}" (chart L661 "All Officers 18"")`, () => {
    const [v] = grab(T.L241, /movement allowance of (\d+")/);
    expect(OFFICER_MOVE_INCHES).toBe(inch(v as string));
  });
  it(`replacement set-up, §11.7 L421: "${T.L421}"`, () => {
    const [v] = grab(T.L421, /within (\d+") inches of a unit/);
    expect(REPLACEMENT_SETUP_INCHES).toBe(inch(v as string));
  });
  it(`bases, §1.0 L9: "${T.L9}"`, () => {
    const [brigade, battery, general, commander, cinc] = grab(
      T.L9,
      /brigades are mounted on (\d+") square.*batteries are mounted on (1 ½) inch.*Generals are mounted on (\d+") inch.*Commanders on (1 ½) inch.*\(CinC\) on (\d+") square/,
    );
    expect(BASES_INCHES).toEqual({
      brigade: inch(brigade as string), battery: inch(battery as string), general: inch(general as string),
      commander: inch(commander as string), cinc: inch(cinc as string),
    });
  });
});
