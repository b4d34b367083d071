import { describe, expect, it } from 'vitest';
import { lossLine } from '../../src/narrative/lines';
import { nameBook } from '../../src/narrative/names';

const names = nameBook([['kessler', { name: 'Division Kessler', kind: 'unit', side: 'austrians' }], ['austrians', { name: 'Austrians', kind: 'side' }]]);

describe('narrative text tells the truth (issue 11)', () => {
  it('a loss bigger than what was left reads "0 SP left", never a negative strength', () => {
    expect(lossLine(names, { kind: 'loss', rule: 'DRAM §8', unit: 'kessler', amount: 3, remaining: -2, cause: 'combat' })).toMatch(/loses 3 SP \(combat\): 0 SP left$/);
    expect(lossLine(names, { kind: 'loss', rule: 'DRAM §8', unit: 'kessler', amount: 1, remaining: 2, cause: 'combat' })).toMatch(/: 2 SP left$/);
  });
});
