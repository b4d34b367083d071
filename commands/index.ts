import type { Command } from '../src/interaction/command';
import { roll } from './roll';
import { rolls } from './rolls';

/** Every slash command, listed explicitly (no directory scanning). */
export const COMMANDS: readonly Command[] = [roll, rolls];

export const commandMap = (): ReadonlyMap<string, Command> => new Map(COMMANDS.map((c) => [c.data.name, c]));
