import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { campaignBattles, campaignLog, campaignPlayers, campaigns, campaignSides, campaignUnits } from '../db/campaigns.schema';
import type { Db } from '../db/open';
import type { StandingOfficer, StandingUnit } from '../rules/campaign/types';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignSideRow = typeof campaignSides.$inferSelect;
export type CampaignPlayerRow = typeof campaignPlayers.$inferSelect;
export type CampaignBattleRow = typeof campaignBattles.$inferSelect;
export type CampaignLogRow = typeof campaignLog.$inferSelect;
type UnitRow = typeof campaignUnits.$inferSelect;

const toUnit = (r: UnitRow): StandingUnit => ({
  id: r.unitId, side: r.sideId, kind: r.kind === 'formation' ? 'formation' : 'unit', formation: r.formation, name: r.name,
  strength: r.strength, full: r.full, fatigue: r.fatigue, quality: r.quality, officers: JSON.parse(r.officers) as StandingOfficer[],
});

/** Storage for campaigns (issue 15). Returns null for absence; every write runs in the caller's transaction. */
export class CampaignsRepo {
  constructor(private readonly db: Db) {}

  insertCampaign(c: Omit<typeof campaigns.$inferInsert, 'id'>): CampaignRow {
    return this.db.insert(campaigns).values(c).returning().get();
  }
  campaign(id: number): CampaignRow | null {
    return this.db.select().from(campaigns).where(eq(campaigns.id, id)).get() ?? null;
  }
  openByName(guildId: string, name: string): CampaignRow | null {
    return this.db.select().from(campaigns).where(and(eq(campaigns.guildId, guildId), eq(campaigns.name, name), ne(campaigns.status, 'ended'))).get() ?? null;
  }
  openIn(guildId: string): CampaignRow[] {
    return this.db.select().from(campaigns).where(and(eq(campaigns.guildId, guildId), ne(campaigns.status, 'ended'))).orderBy(desc(campaigns.id)).all();
  }
  updateCampaign(id: number, patch: Partial<Omit<CampaignRow, 'id'>>): void {
    this.db.update(campaigns).set(patch).where(eq(campaigns.id, id)).run();
  }

  insertSides(rows: (typeof campaignSides.$inferInsert)[]): void {
    if (rows.length) this.db.insert(campaignSides).values(rows).run();
  }
  sides(campaignId: number): CampaignSideRow[] {
    // In the founding scenario's order (insertion order).
    return this.db.select().from(campaignSides).where(eq(campaignSides.campaignId, campaignId)).orderBy(sql`rowid`).all();
  }

  putPlayer(p: typeof campaignPlayers.$inferInsert): void {
    this.db.insert(campaignPlayers).values(p).onConflictDoUpdate({ target: [campaignPlayers.campaignId, campaignPlayers.userId], set: { sideId: p.sideId, userName: p.userName } }).run();
  }
  players(campaignId: number): CampaignPlayerRow[] {
    return this.db.select().from(campaignPlayers).where(eq(campaignPlayers.campaignId, campaignId)).orderBy(asc(campaignPlayers.joinedAt)).all();
  }

  /** The standing order of battle in order of battle. */
  units(campaignId: number): StandingUnit[] {
    return this.db.select().from(campaignUnits).where(eq(campaignUnits.campaignId, campaignId)).orderBy(asc(campaignUnits.ord)).all().map(toUnit);
  }
  /** Replace the standing order of battle with `units` (their order is the order of battle). */
  putUnits(campaignId: number, units: readonly StandingUnit[]): void {
    this.db.delete(campaignUnits).where(eq(campaignUnits.campaignId, campaignId)).run();
    if (!units.length) return;
    this.db.insert(campaignUnits).values(units.map((u, ord) => ({
      campaignId, unitId: u.id, sideId: u.side, kind: u.kind, formation: u.formation, name: u.name, strength: u.strength, full: u.full,
      fatigue: u.fatigue, quality: u.quality, officers: JSON.stringify(u.officers), ord,
    }))).run();
  }

  insertBattle(b: Omit<typeof campaignBattles.$inferInsert, 'id'>): CampaignBattleRow {
    return this.db.insert(campaignBattles).values(b).returning().get();
  }
  battles(campaignId: number): CampaignBattleRow[] {
    return this.db.select().from(campaignBattles).where(eq(campaignBattles.campaignId, campaignId)).orderBy(asc(campaignBattles.seq)).all();
  }
  battleOfGame(gameId: number): CampaignBattleRow | null {
    return this.db.select().from(campaignBattles).where(eq(campaignBattles.gameId, gameId)).get() ?? null;
  }
  /** Move a battle from one status to another; false when it was not in `from` (someone got there first). */
  moveBattle(id: number, from: string, patch: Partial<Omit<CampaignBattleRow, 'id'>>): boolean {
    return this.db.update(campaignBattles).set(patch).where(and(eq(campaignBattles.id, id), eq(campaignBattles.status, from))).run().changes === 1;
  }

  log(e: Omit<typeof campaignLog.$inferInsert, 'id'>): CampaignLogRow {
    return this.db.insert(campaignLog).values(e).returning().get();
  }
  logOf(campaignId: number): CampaignLogRow[] {
    return this.db.select().from(campaignLog).where(eq(campaignLog.campaignId, campaignId)).orderBy(asc(campaignLog.id)).all();
  }
}
