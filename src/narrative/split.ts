import { DISCORD_LIMITS } from '../interaction/reply';

/**
 * Packing narrative lines into Discord messages: split, never truncated (issue 4).
 *
 * Input is a list of blocks (a phase section, one engagement…), each a list of lines without
 * newlines. In a message, lines are joined by "\n" and blocks by a blank line. A block goes
 * whole into the current message if it fits, else whole into a fresh one; only a block longer
 * than a message is split, between lines; only a line longer than a message is split inside,
 * after a space when one leaves the piece at least half full, else at the limit (never
 * inside a surrogate pair). Empty lines and blocks carry no fact and are dropped, so no
 * message starts or ends blank: Discord refuses empty content.
 */
export function packBlocks(blocks: readonly (readonly string[])[], limit: number = DISCORD_LIMITS.content): string[] {
  if (limit < 2) throw new Error(`packBlocks: limit ${limit} is too small to make progress`);
  const out: string[] = [];
  let cur = '';
  const flush = () => { if (cur) out.push(cur); cur = ''; };
  for (const raw of blocks) {
    // A newline inside a fact (a name, a rule's prose) would hide a line from the cutting rules.
    const lines = raw.flatMap((l) => l.split('\n')).filter((l) => l.length > 0);
    if (lines.length === 0) continue;
    const text = lines.join('\n');
    if (cur && cur.length + 2 + text.length <= limit) { cur += `\n\n${text}`; continue; }
    flush();
    if (text.length <= limit) { cur = text; continue; }
    let first = true;
    for (const line of lines) {
      // The first line of a block follows a blank line only if something precedes it in this message.
      const sep = cur ? (first ? '\n\n' : '\n') : '';
      first = false;
      if (cur.length + sep.length + line.length <= limit) { cur += sep + line; continue; }
      flush();
      if (line.length <= limit) { cur = line; continue; }
      const pieces = splitLine(line, limit);
      for (const p of pieces.slice(0, -1)) out.push(p);
      cur = pieces[pieces.length - 1]!;
    }
  }
  flush();
  return out;
}

/** A line too long for one message, in pieces of at most `limit` whose concatenation is the line. */
export function splitLine(line: string, limit: number): string[] {
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > limit) {
    let cut = wordCut(rest, limit, true) ?? wordCut(rest, limit, false);
    if (cut === undefined) {
      cut = limit;
      const c = rest.charCodeAt(cut - 1);
      if (c >= 0xd800 && c <= 0xdbff) cut -= 1; // keep a surrogate pair (an emoji) together
    }
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  pieces.push(rest);
  return pieces;
}

/**
 * Where to break after a space, leaving the piece at least half full. `shy` also refuses a
 * break before "#", ">" or "-": at the start of the next message they would open a heading,
 * quote, list or subtext.
 */
function wordCut(rest: string, limit: number, shy: boolean): number | undefined {
  for (let i = rest.lastIndexOf(' ', limit - 1); i + 1 >= limit / 2; i = rest.lastIndexOf(' ', i - 1)) {
    if (!shy || !'#>-'.includes(rest.charAt(i + 1))) return i + 1;
    if (i === 0) break;
  }
  return undefined;
}
