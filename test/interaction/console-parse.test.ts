import { describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import { parseConsoleLine } from '../../src/adapters/console-parse';

const defs = new Map([...commandMap()].map(([n, c]) => [n, c.data.toJSON()]));
const parse = (line: string) => parseConsoleLine(line, defs);
const code = (line: string) => { try { parse(line); return 'ok'; } catch (e) { return (e as { code: string }).code; } };

describe('console line parsing', () => {
  it.each([
    ['/roll expression:2d6+1 reason:"Ney\'s nerve"', { expression: '2d6+1', reason: "Ney's nerve" }],
    ['/roll 2d6+1', { expression: '2d6+1' }],
    ['/roll 2d6 + 1 reason:nerve', { expression: '2d6 + 1', reason: 'nerve' }],
    ["/roll 1d6 reason:'Grouchy: where?' private:yes", { expression: '1d6', reason: 'Grouchy: where?', private: true }],
    ['/roll expression:"1d{1, 2, 3}"', { expression: '1d{1, 2, 3}' }],
    ['/ROLL d% private:false', { expression: 'd%', private: false }],
    ['/roll reason:"say \\"hi\\"" expression:1d6', { expression: '1d6', reason: 'say "hi"' }],
  ])('%s', (line, options) => {
    expect(parse(line)).toMatchObject({ name: 'roll', options });
  });

  it('reads subcommands and typed options', () => {
    expect(parse('/rolls log user:@Ney limit:5 page:2')).toMatchObject({ name: 'rolls', subcommand: 'log', options: { user: 'Ney', limit: 5, page: 2 }, users: { Ney: 'Ney' } });
    expect(parse('/rolls stats d20')).toMatchObject({ subcommand: 'stats', options: { die: 'd20' } });
  });

  it.each([
    ['roll 2d6', 'console/not-a-command'],
    ['/dance', 'command/unknown'],
    ['/rolls', 'command/unknown-subcommand'],
    ['/rolls dance', 'command/unknown-subcommand'],
    ['/roll', 'input/missing-option'],
    ['/roll reason:x', 'input/missing-option'],
    ['/rolls log limit:many', 'console/bad-option'],
    ['/roll 1d6 private:maybe', 'console/bad-option'],
    ['/roll 1d6 reason:"unclosed', 'console/unclosed-quote'],
    ['/roll 1d6 reason:a reason:b', 'console/bad-option'],
    ['/roll expression:1d6 extra', 'console/bad-option'],
  ])('%s → %s', (line, expected) => {
    expect(code(line)).toBe(expected);
  });
});
