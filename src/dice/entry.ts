import { z } from 'zod';

/**
 * Audit entries as the chain sees them, independent of storage. The same shapes are read
 * back from the database and from an exported JSON file, and validated with these schemas.
 */
export const ENTRY_KINDS = ['epoch-open', 'roll', 'epoch-reveal', 'epoch-void'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const VISIBILITIES = ['public', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const int = z.number().int().refine(Number.isSafeInteger);

/** A named adjustment to a roll's total (rules-driven rolls: "attached general +1"). */
export const Modifier = z.object({ label: z.string().max(200), value: int });
export type Modifier = z.infer<typeof Modifier>;

const DieResult = z.object({ face: int, kept: z.boolean() });
const TermResult = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('dice'),
    sign: z.union([z.literal(1), z.literal(-1)]),
    notation: z.string(),
    sides: int,
    faces: z.array(int).optional(),
    dice: z.array(DieResult),
    subtotal: int,
  }),
  z.object({ kind: z.literal('const'), sign: z.union([z.literal(1), z.literal(-1)]), value: int }),
]);

export const RollDetail = z.object({
  expression: z.string().max(400),
  purpose: z.string().max(500).nullable(),
  terms: z.array(TermResult),
  modifiers: z.array(Modifier),
  total: int,
  /** Table row the roll hit, for rules-driven rolls ("NW Maneuver Table, Good, 9-10"). */
  tableRow: z.string().max(300).nullable(),
  /** Private rolls only: derived from the seed, so their sealed hash cannot be brute-forced before the reveal. */
  salt: z.string().regex(/^[0-9a-f]{32}$/).nullable(),
});
export type RollDetail = z.infer<typeof RollDetail>;

export const EpochOpenDetail = z.object({ scope: z.string(), commitment: hex64, closesAt: int.nullable() });
export type EpochOpenDetail = z.infer<typeof EpochOpenDetail>;

/**
 * The reveal commits to what the epoch holds: its roll count and the seq and hash of its last
 * entry (the last roll, or the opening when it has none), so deleting the epoch's last rolls
 * cannot pass verify (issue 16). Reveals written before this check lack the three fields.
 */
export const EpochRevealDetail = z.object({
  scope: z.string(), commitment: hex64, seed: hex64,
  rolls: int.min(0).optional(), lastSeq: int.min(1).optional(), lastHash: hex64.optional(),
});
export type EpochRevealDetail = z.infer<typeof EpochRevealDetail>;

/** A GM rolled back the resolution that used this epoch: its rolls stay in the trail, marked void. */
export const EpochVoidDetail = z.object({ scope: z.string(), reason: z.string().max(500) });
export type EpochVoidDetail = z.infer<typeof EpochVoidDetail>;

export const DETAIL_SCHEMAS = { 'epoch-open': EpochOpenDetail, roll: RollDetail, 'epoch-reveal': EpochRevealDetail, 'epoch-void': EpochVoidDetail } as const;
export type DetailOf<K extends EntryKind> = z.infer<(typeof DETAIL_SCHEMAS)[K]>;

/** The hashed header of an entry: everything but the detail, which enters as its hash. */
export const ChainHeader = z.object({
  guildId: z.string().min(1),
  seq: int.min(1),
  kind: z.enum(ENTRY_KINDS),
  createdAt: int,
  actorId: z.string(),
  actorName: z.string(),
  gameId: z.string().nullable(),
  epochId: int.nullable(),
  rollIndex: int.nullable(),
  visibility: z.enum(VISIBILITIES),
  derivesFrom: z.string().nullable(),
  detailHash: hex64,
});
export type ChainHeader = z.infer<typeof ChainHeader>;

/** A stored or exported entry. `detail` is null when it is sealed (a private roll before its seed is revealed). */
export const ChainEntry = ChainHeader.extend({
  id: int.optional(),
  detail: z.unknown().nullable(),
  prevHash: hex64,
  hash: hex64,
});
export type ChainEntry = z.infer<typeof ChainEntry>;

/** The offline export format of `/rolls export`, checked by `npx estafette verify file.json`. */
export const AuditExport = z.object({
  format: z.literal('estafette-audit/1'),
  guildId: z.string(),
  exportedAt: z.string(),
  entries: z.array(ChainEntry),
});
export type AuditExport = z.infer<typeof AuditExport>;
