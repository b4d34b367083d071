import { describe, expect, it } from 'vitest';
import { runCharge, type ChargeHooks, type ChargeResponse } from '../../../src/rules/battalion';
import { err, ok } from '../../../src/lib/result';

// A scripted charge: the log is the threaded value, every hook appends what it did.
type Log = readonly string[];
function hooks(script: { legal?: boolean; defHolds?: boolean; response?: ChargeResponse; fires?: boolean; chargerHolds?: boolean; contact?: boolean; winner?: 'attacker' | 'defender' }, withDefTest = true): ChargeHooks<Log> {
  return {
    declare: (s) => (script.legal === false ? err({ code: 'charge/illegal', message: 'Infantry cannot charge cavalry (B&P L119).' }) : ok([...s, 'declare'])),
    ...(withDefTest ? { defenderTest: (s: Log) => ({ s: [...s, 'def-test'], holds: script.defHolds ?? true }) } : {}),
    response: (s) => ({ s: [...s, `response:${script.response ?? 'stand'}`], response: script.response ?? 'stand' }),
    evade: (s) => [...s, 'evaded'],
    closingFire: (s) => ({ s: [...s, `fire:${script.fires ?? false}`], fired: script.fires ?? false }),
    chargerTest: (s, fired) => ({ s: [...s, `charger-test:${fired}`], holds: script.chargerHolds ?? true }),
    contact: (s) => ({ s: [...s, 'contact'], made: script.contact ?? true }),
    melee: (s) => ({ s: [...s, 'melee'], winner: script.winner ?? 'attacker' }),
    rout: (s, who, end) => [...s, `rout:${who}:${end}`],
  };
}

describe('the shared charge sequence (B&P L105-135)', () => {
  it('L133 example: B holds (8), holds fire for the charge, fires; A tests (8) and charges home; B wins; A routs', () => {
    const r = runCharge<Log>([], hooks({ fires: true, winner: 'defender' }));
    expect(r.ok && r.value.s).toEqual(['declare', 'def-test', 'response:stand', 'fire:true', 'charger-test:true', 'contact', 'melee', 'rout:attacker:defender-won']);
    expect(r.ok && r.value.end).toBe('defender-won');
  });
  it('the defender breaks on its test: no fire, no melee (L109)', () => {
    const r = runCharge<Log>([], hooks({ defHolds: false }));
    expect(r.ok && r.value).toMatchObject({ end: 'defender-broke', s: ['declare', 'def-test', 'rout:defender:defender-broke'] });
  });
  it('the charger is not tested when nobody fired at it (L135)', () => {
    const r = runCharge<Log>([], hooks({ fires: false }));
    expect(r.ok && r.value.s).not.toContain('charger-test:false');
    expect(r.ok && r.value.stages).toEqual(['declare', 'defender-test', 'response', 'closing-fire', 'contact', 'melee', 'outcome']);
  });
  it('...unless the ruleset always tests it', () => {
    const r = runCharge<Log>([], hooks({ fires: false }), { chargerTestsAlways: true });
    expect(r.ok && r.value.s).toContain('charger-test:false');
  });
  it('the charger routs when its test fails under fire (L125)', () => {
    const r = runCharge<Log>([], hooks({ fires: true, chargerHolds: false }));
    expect(r.ok && r.value).toMatchObject({ end: 'charger-broke', firedUpon: true });
    expect(r.ok && r.value.s.at(-1)).toBe('rout:attacker:charger-broke');
  });
  it('evasion ends the charge without melee', () => {
    const r = runCharge<Log>([], hooks({ response: 'evade' }));
    expect(r.ok && r.value).toMatchObject({ end: 'defender-evaded', response: 'evade' });
  });
  it('forming square is recorded and the melee follows', () => {
    const r = runCharge<Log>([], hooks({ response: 'square', winner: 'attacker' }), {});
    expect(r.ok && r.value).toMatchObject({ end: 'attacker-won', response: 'square' });
    expect(r.ok && r.value.s.at(-1)).toBe('rout:defender:attacker-won');
  });
  it('no contact: no melee, nobody routs', () => {
    const r = runCharge<Log>([], hooks({ contact: false }));
    expect(r.ok && r.value.end).toBe('no-contact');
    expect(r.ok && r.value.s.some((x) => x.startsWith('rout'))).toBe(false);
  });
  it('a ruleset without a pre-contact test goes straight to the response', () => {
    const r = runCharge<Log>([], hooks({}, false));
    expect(r.ok && r.value.s.slice(0, 2)).toEqual(['declare', 'response:stand']);
  });
  it('an illegal charge rolls nothing', () => {
    const r = runCharge<Log>([], hooks({ legal: false }));
    expect(!r.ok && r.error.code).toBe('charge/illegal');
  });
});
