import type { Presentation } from '../../plugin';
import { bpPrinted } from './printed';
import { describeBpSettings, type BpSettings } from '../settings';
import { isLive, type BpState } from '../state';
import { describeBp } from './map';
import { bpMovePlan } from './move-plan';
import { bpNames } from './names';

/** How Beer and Pretzel is shown: names, stands on the map in their formations, settings. Strengths are open (figures on the table), so there is no secret roster. */
export const bpPresentation: Presentation<BpState, BpSettings> = {
  names: bpNames,
  printed: bpPrinted,
  map: (s, r) => describeBp(s, { events: r.events, viewer: r.viewer, ...(r.view ? { view: r.view } : {}), ...(r.palette ? { palette: r.palette } : {}), ...(r.game !== undefined ? { game: r.game } : {}) }),
  pieces: (s) => Object.values(s.units).filter(isLive).map((u) => ({ name: u.name, value: u.id })),
  sides: (s) => s.sides.map((x) => ({ name: x.name, value: x.id })),
  settings: (settings) => describeBpSettings(settings),
  movePlan: bpMovePlan,
};

export { describeBp, type BpMapOptions } from './map';
export { bpNames, bpClockOf } from './names';
export { bpInputs } from './inputs';
