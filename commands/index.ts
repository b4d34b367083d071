import type { Command } from '../src/interaction/command';
import { game } from './game';
import { initiative } from './initiative';
import { map } from './map';
import { move } from './move';
import { orders } from './orders';
import { ready } from './ready';
import { roll } from './roll';
import { rolls } from './rolls';

/** Every slash command, listed explicitly (no directory scanning). */
export const COMMANDS: readonly Command[] = [roll, rolls, game, initiative, move, orders, ready, map];

export const commandMap = (): ReadonlyMap<string, Command> => new Map(COMMANDS.map((c) => [c.data.name, c]));
