import type { Presentation } from '../../plugin';
import type { SoloGame } from '../game';
import { describeSoloSettings, type SoloSettings } from '../settings';
import { describeSolo } from './map';
import { soloNames } from './names';
import { soloPrinted } from './printed';
import { soloRoster } from './roster';

/** How Kuryakin is shown: names, units as bases in mm with their cards, open rosters (the chance card only to its side), settings. */
export const soloPresentation: Presentation<SoloGame, SoloSettings> = {
  names: soloNames,
  printed: soloPrinted,
  map: (g, r) => describeSolo(g, r),
  pieces: (g) => g.units.filter((u) => !u.gone).map((u) => ({ name: u.name, value: u.id })),
  sides: (g) => g.armies.map((a) => ({ name: a.name, value: a.id })),
  roster: soloRoster,
  settings: (settings) => describeSoloSettings(settings),
};

export { soloInputs } from './inputs';
export { describeSolo } from './map';
