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
    // Bare words after a text option continue it, as Discord's free-text field does.
    ['/roll 1d6 reason:Ney\'s last charge', { expression: '1d6', reason: "Ney's last charge" }],
    ['/roll expression:1d6 + 2 reason:at 10:30 sharp private:true', { expression: '1d6 + 2', reason: 'at 10:30 sharp', private: true }],
  ])('%s', (line, options) => {
    expect(parse(line)).toMatchObject({ name: 'roll', options });
  });

  it('takes a /move destination with spaces unquoted, and the next option after it', () => {
    expect(parse('/move unit:light-bn to:forward 4in then wheel left 30 preview:true')).toMatchObject({ name: 'move', options: { unit: 'light-bn', to: 'forward 4in then wheel left 30', preview: true } });
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
    ['/roll 1d6 reason:nerve privat:true', 'console/bad-option'], // a misspelt option is not swallowed as text
    ['/rolls log limit:5 extra', 'console/bad-option'], // a number takes no more words
  ])('%s → %s', (line, expected) => {
    expect(code(line)).toBe(expected);
  });
});
