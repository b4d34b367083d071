import { CampaignService } from '../campaigns/campaign.service';
import type { Db } from '../db/open';
import { GameService } from '../games/game.service';
import { GmTools } from '../games/gm';
import { inProcessRenderer, type MapRenderer } from '../games/maps';
import { ShownMarks } from '../db/shown-marks';
import { AuditTrail } from './audit-trail';
import { RollsService } from './rolls.service';

/** The services the command layer may call. Built once at start-up (and per test). */
export interface Services {
  readonly db: Db;
  readonly trail: AuditTrail;
  readonly rolls: RollsService;
  readonly games: GameService;
  readonly gm: GmTools;
  /** Campaigns (issue 15): battles linked, losses carried over. */
  readonly campaigns: CampaignService;
  readonly clock: () => number;
  /** Draws maps: the child-process pool in the bot, in-process elsewhere. */
  readonly maps: MapRenderer;
}

export interface ServiceOptions {
  readonly clock?: () => number;
  readonly seedEpochHours?: number;
  readonly newSeed?: () => string;
  /** The database file, so heavy reads can run on their own connections in worker threads. */
  readonly dbPath?: string;
  readonly maps?: MapRenderer;
  /** RECEIPT_SETTLE_MS (Config.receiptSettleMs); 0 (the default here, and in tests): receipts are due at once. */
  readonly receiptSettleMs?: number;
}

export function createServices(db: Db, opts: ServiceOptions = {}): Services {
  const clock = opts.clock ?? Date.now;
  const trail = new AuditTrail(db, {
    clock,
    seedEpochHours: opts.seedEpochHours ?? 24,
    ...(opts.newSeed ? { newSeed: opts.newSeed } : {}),
    marks: ShownMarks.forDb(opts.dbPath ?? ':memory:', db.$durability),
  });
  const games = new GameService({ db, trail, clock, receiptSettleMs: opts.receiptSettleMs ?? 0 });
  const gm = new GmTools(games, clock);
  const campaigns = new CampaignService({ db, trail, games, gm, clock });
  return { db, trail, rolls: new RollsService(trail, opts.dbPath ?? ':memory:'), games, gm, campaigns, clock, maps: opts.maps ?? inProcessRenderer() };
}
