import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { err, ok, type Problem, type Result } from '../lib/result';
import { receiptHash, type OpenedReceipt } from './receipts';

/**
 * `npx estafette receipts <file>`: a player's check of a window's sealed receipts, from what the
 * channel received — the attached receipts JSON, or the reveal message pasted into a text file.
 */

const ReceiptsFile = z.object({
  receipts: z.array(z.object({
    seat: z.string(),
    receipt: z.string().regex(/^[0-9a-fA-F]{64}$/, 'a receipt is 64 hex digits (SHA-256)'),
    nonce: z.string(),
    orders: z.string(),
  })).min(1, 'the file lists no receipts'),
});

/**
 * One revealed receipt in a pasted message, as Discord shows it (with or without the inline-code
 * backticks and markdown escapes, depending on how it was copied):
 * `• seat: receipt \`<64 hex>\`, nonce \`<hex>\`, orders \`<orders>\``.
 */
const LINE = /^\s*(?:[•*-]\s*)?(.*?):\s*receipt\s+`?([0-9a-fA-F]{64})`?\s*,\s*nonce\s+`?([0-9a-fA-F]+)`?\s*,\s*orders\s+(.*?)\s*$/;

/** The receipts revealed in `text` (a receipts JSON file, or a pasted reveal message). */
export function parseRevealed(text: string): Result<OpenedReceipt[], Problem> {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trimStart().startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (e) {
      return err({ code: 'receipts/bad-json', message: `This is not valid JSON: ${(e as Error).message}.`, hint: 'Use the receipts-….json file attached to the reveal, unchanged.' });
    }
    const parsed = ReceiptsFile.safeParse(json);
    if (!parsed.success) {
      return err({ code: 'receipts/bad-file', message: `This is not an Estafette receipts file: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`, hint: 'Use the receipts-….json file attached to the reveal, unchanged.' });
    }
    return ok(parsed.data.receipts.map((r) => ({ seat: r.seat, hash: r.receipt, nonce: r.nonce, orders: r.orders })));
  }
  const found: OpenedReceipt[] = [];
  for (const line of body.split(/\r?\n/)) {
    const m = LINE.exec(line);
    if (!m) continue;
    const raw = m[4]!;
    // Copied as markdown, the orders sit in one code span; copied as shown, they stand bare.
    const orders = raw.length >= 2 && raw.startsWith('`') && raw.endsWith('`') ? raw.slice(1, -1) : raw;
    found.push({ seat: m[1]!.replace(/\\(.)/g, '$1').trim(), hash: m[2]!, nonce: m[3]!, orders });
  }
  if (found.length) return ok(found);
  const hashesOnly = /receipt\s+`?[0-9a-fA-F]{64}`?\s*$/m.test(body);
  return err({
    code: 'receipts/none-found',
    message: hashesOnly ? 'This message lists the receipts but not their nonces and orders: those are in the file attached to it.'
      : 'No revealed receipt found (lines like "• seat: receipt `<64 hex digits>`, nonce `…`, orders `…`").',
    hint: hashesOnly ? 'Download the attached receipts-….json and check that file.' : 'Paste the whole "🔓 Sealed receipts, now open" message into a file, or use the attached receipts-….json.',
  });
}

/** Each receipt recomputed: SHA-256(nonce + orders) against the receipt posted when the orders were sealed. */
export function checkRevealed(receipts: readonly OpenedReceipt[]): { seat: string; ok: boolean; expected: string; computed: string }[] {
  return receipts.map((r) => {
    const computed = receiptHash(r.nonce, r.orders);
    return { seat: r.seat, ok: computed === r.hash.toLowerCase(), expected: r.hash.toLowerCase(), computed };
  });
}

/** The CLI command: exit 0 when every seat matches, 1 on any mismatch, 2 when the file cannot be read. */
export function receiptsCommand(path: string, out: (s: string) => void, errOut: (s: string) => void): number {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    errOut(`Cannot read ${path}: ${(e as Error).message}`);
    return 2;
  }
  const parsed = parseRevealed(text);
  if (!parsed.ok) {
    errOut(`${path}: ${parsed.error.message} [${parsed.error.code}]${parsed.error.hint ? `\n  ${parsed.error.hint}` : ''}`);
    return 2;
  }
  const results = checkRevealed(parsed.value);
  for (const r of results) {
    out(r.ok ? `OK        ${r.seat}  ${r.expected}` : `MISMATCH  ${r.seat}  receipt ${r.expected}, but SHA-256(nonce + orders) = ${r.computed}`);
  }
  const bad = results.filter((r) => !r.ok).length;
  out(bad ? `${bad} of ${results.length} receipt(s) do NOT match their revealed orders.` : `All ${results.length} receipt(s) match their revealed orders.`);
  return bad ? 1 : 0;
}
