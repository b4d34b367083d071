import { parseDocument } from 'yaml';
import type { CommandContext } from '../src/interaction/command';
import { escapeMd } from '../src/interaction/present-rolls';
import type { ReplyModel } from '../src/interaction/reply';
import { UserError } from '../src/lib/user-error';

/**
 * `/game tables file:<attachment> [mode]` — the GM enters a whole tables file before the start
 * (issue 14: A Near Run Thing's QRS, missing from its text, DIGEST A-1). The file (YAML or JSON,
 * the shape of assets/anrt/qrs-stand-in.yaml) is read through the adapter — Discord fetches the
 * attachment, the console reads a local path — at most TABLES_MAX_BYTES, parsed, validated by the
 * ruleset's own schema with the game's other rulings, and echoed back table by table. A bad file
 * changes nothing and is answered privately, naming the cell or the missing row.
 */
export const TABLES_MAX_BYTES = 256 * 1024;
/** The settings key a ruleset keeps its entered tables under (ANRT: `qrs`). */
const TABLES_KEY = 'qrs';
const EXAMPLE = 'assets/anrt/qrs-stand-in.yaml';

export async function enterTables(ctx: CommandContext, i: { file: string; mode?: 'gm' | 'entered' | undefined }): Promise<ReplyModel> {
  const games = ctx.services.games;
  const l = games.live(ctx.channelId);
  const me = { id: ctx.user.id, name: ctx.user.name, roles: ctx.roles ?? [] };
  // Refuse a player before anything is downloaded.
  games.requireGm(l.game, me, ctx.isAdmin);
  const held = l.ruleset.present.settings(JSON.parse(l.game.settings));
  if (!held.some((d) => d.key.startsWith(`${TABLES_KEY}.`))) {
    throw new UserError('tables/none', `${l.ruleset.name} prints all its tables: there are none to enter.`, 'A tables file is for A Near Run Thing, whose Quick Reference Sheet is missing from its text.');
  }
  if (!ctx.attachment) throw new UserError('attachment/unsupported', 'Files cannot be given here.', 'Use /game tables with the file attached.');
  const f = await ctx.attachment(i.file, TABLES_MAX_BYTES);
  const doc = parseDocument(f.text, { prettyErrors: true });
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    const line = e.linePos?.[0]?.line;
    throw new UserError('tables/not-yaml', `${f.name} is not a YAML or JSON tables file${line ? ` (line ${line})` : ''}: ${e.message.split('\n')[0]}`, `Start from the example ${EXAMPLE} and keep its indentation.`);
  }
  const raw: unknown = doc.toJS();
  const tables = raw && typeof raw === 'object' && !Array.isArray(raw) && TABLES_KEY in raw && Object.keys(raw).length === 1 ? (raw as Record<string, unknown>)[TABLES_KEY] : raw;
  if (!tables || typeof tables !== 'object' || Array.isArray(tables)) {
    throw new UserError('tables/not-tables', `${f.name} holds no tables (a mapping of table names such as movement:, melee:, morale:).`, `Start from the example ${EXAMPLE}.`);
  }
  let now: unknown;
  try {
    now = await games.setRulings(ctx.channelId, me, ctx.isAdmin, [[TABLES_KEY, tables], ...(i.mode ? [['tables.mode', i.mode] as const] : [])]);
  } catch (e) {
    if (e instanceof UserError && e.code === 'qrs/missing-rows') {
      throw new UserError(e.code, `${f.name}: ${e.message}`, `Add the missing rows to ${f.name} (the example ${EXAMPLE} has every one) and attach it again, or send it with mode:gm so that the GM rules each empty cell when play needs it.`);
    }
    if (e instanceof UserError && e.code === 'qrs/invalid') throw new UserError(e.code, `${f.name}: ${e.message}`, `Fix that cell in ${f.name} and attach it again; the example ${EXAMPLE} shows every table.`);
    throw e;
  }
  const lines = l.ruleset.present.settings(now).filter((d) => d.key.startsWith(`${TABLES_KEY}.`) || d.key === 'tables.mode').map((d) => `\`${d.key}\` = ${escapeMd(d.value)}`);
  return { visibility: 'public', content: [`📋 Tables file **${escapeMd(f.name)}** entered for this game. Every table as it stands now:`, ...lines].join('\n').slice(0, 2000) };
}
