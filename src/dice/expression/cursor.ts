/**
 * A position in the text being parsed, with the few character classes the grammar needs.
 * Only ASCII letters and digits are significant; anything else is either whitespace
 * (any Unicode space, so a phone's no-break space is fine) or a syntax error.
 */
export class Cursor {
  pos = 0;
  constructor(readonly text: string) {}

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  /** The current UTF-16 unit, or '' at the end. */
  peek(): string {
    return this.text[this.pos] ?? '';
  }

  /** The current character lower-cased if it is an ASCII letter: the grammar is case-insensitive. */
  lower(): string {
    const c = this.peek();
    return c >= 'A' && c <= 'Z' ? c.toLowerCase() : c;
  }

  skipWs(): void {
    while (!this.atEnd() && /\s/.test(this.peek())) this.pos++;
  }

  /** Consumes `+`, `-` or `−` (U+2212, what word processors and phones type) and returns its sign. */
  sign(): 1 | -1 | null {
    const c = this.peek();
    const s = c === '+' ? 1 : c === '-' || c === '\u2212' ? -1 : null;
    if (s !== null) this.pos++;
    return s;
  }

  /**
   * Consumes a run of ASCII digits. Runs too long to be exact become Infinity, which every
   * limit check rejects with the limit's own message rather than a rounding surprise.
   */
  number(): { start: number; value: number } | null {
    const start = this.pos;
    while (isDigit(this.peek())) this.pos++;
    if (this.pos === start) return null;
    const digits = this.text.slice(start, this.pos).replace(/^0+(?=.)/, ''); // 007 is 7
    return { start, value: digits.length > 15 ? Infinity : Number(digits) };
  }

  /** Consumes one ASCII letter and the digits right after it (a named die: F, K8, K12). */
  name(): string | null {
    const start = this.pos;
    if (!/[A-Za-z]/.test(this.peek())) return null;
    this.pos++;
    while (isDigit(this.peek())) this.pos++;
    return this.text.slice(start, this.pos);
  }
}

export const isDigit = (c: string): boolean => c.length === 1 && c >= '0' && c <= '9';
