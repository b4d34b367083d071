import type { Command } from '../src/interaction/command';
import { attach } from './attach';
import { campaign } from './campaign';
import { chance } from './chance';
import { charge } from './charge';
import { choose } from './choose';
import { crew } from './crew';
import { fire } from './fire';
import { formation } from './formation';
import { game } from './game';
import { initiative } from './initiative';
import { maneuver } from './maneuver';
import { map } from './map';
import { move } from './move';
import { orders } from './orders';
import { pips } from './pips';
import { react } from './react';
import { ready } from './ready';
import { roll } from './roll';
import { rolls } from './rolls';
import { roster } from './roster';
import { standing } from './standing';

/** Every slash command, listed explicitly (no directory scanning). */
export const COMMANDS: readonly Command[] = [roll, rolls, game, initiative, move, orders, ready, map, maneuver, fire, react, choose, attach, roster, formation, charge, crew, standing, chance, campaign, pips];

export const commandMap = (): ReadonlyMap<string, Command> => new Map(COMMANDS.map((c) => [c.data.name, c]));
