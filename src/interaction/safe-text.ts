/**
 * User text made safe to show in a line of a public post (issue 16): bidirectional and invisible
 * format controls are removed, so a name or a reason cannot reverse the rest of the line
 * (U+202E RIGHT-TO-LEFT OVERRIDE turns "orders for 5 turns" into "snrut 5 rof sredro") or hide
 * characters that make two names look the same ("Ney" and "N\u200Bey").
 *
 * Removed: every Unicode format character (general category Cf: U+061C ALM, U+200B–U+200F
 * zero-widths and LRM/RLM, U+202A–U+202E embeddings and overrides, U+2060–U+2064, U+2066–U+2069
 * isolates, U+FEFF, the tag characters U+E0001–U+E007F, …), C0/C1 controls other than newline
 * and tab, and line/paragraph separators (U+2028/U+2029, shown as a space). Kept: ordinary
 * right-to-left letters (Arabic and Hebrew names read as they should), and a zero-width joiner
 * between two pictographs, which only glues an emoji sequence (👨‍👩‍👧) together.
 */
export function safeText(s: string): string {
  return s
    .replace(/[\u2028\u2029]/g, ' ')
    .replace(/((?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic}))|[\p{Cf}\p{Cc}]/gu, (c, emojiJoiner?: string) => (emojiJoiner || c === '\n' || c === '\t' ? c : ''));
}

/** Does `s` contain anything {@link safeText} would remove or change? */
export const hasUnsafeText = (s: string): boolean => safeText(s) !== s;
