import type { EntryKind } from './entry';

/**
 * The detail schemas of entry.ts (DETAIL_SCHEMAS, zod) as plain predicates, for verify: zod
 * was ~470 kB of the verify worker's 495 kB bundle and ~130 ms of each worker's start-up CPU,
 * paid on every first `/rolls verify` of a process (issue 12). They accept exactly what the
 * schemas accept: test/dice/detail-check.test.ts compares both on generated, mutated and
 * arbitrary values. A change to a schema in entry.ts must be made here too (that test fails
 * until it is).
 */
type Check = (v: unknown) => boolean;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isStr = (v: unknown, max = Infinity): v is string => typeof v === 'string' && v.length <= max;
const HEX64 = /^[0-9a-f]{64}$/;
const SALT = /^[0-9a-f]{32}$/;
const isHex64 = (v: unknown) => typeof v === 'string' && HEX64.test(v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isSign = (v: unknown) => v === 1 || v === -1;
const arrayOf = (v: unknown, each: Check) => Array.isArray(v) && v.every(each);

const isModifier: Check = (v) => isRecord(v) && isStr(v.label, 200) && isInt(v.value);
const isDie: Check = (v) => isRecord(v) && isInt(v.face) && typeof v.kept === 'boolean';
const isTerm: Check = (v) => {
  if (!isRecord(v)) return false;
  if (v.kind === 'const') return isSign(v.sign) && isInt(v.value);
  return v.kind === 'dice' && isSign(v.sign) && isStr(v.notation) && isInt(v.sides)
    && (v.faces === undefined || arrayOf(v.faces, isInt)) && arrayOf(v.dice, isDie) && isInt(v.subtotal);
};

const CHECKS: Record<EntryKind, Check> = {
  roll: (v) => isRecord(v) && isStr(v.expression, 400) && (v.purpose === null || isStr(v.purpose, 500))
    && arrayOf(v.terms, isTerm) && arrayOf(v.modifiers, isModifier) && isInt(v.total)
    && (v.tableRow === null || isStr(v.tableRow, 300)) && (v.salt === null || (typeof v.salt === 'string' && SALT.test(v.salt))),
  'epoch-open': (v) => isRecord(v) && isStr(v.scope) && isHex64(v.commitment) && (v.closesAt === null || isInt(v.closesAt)),
  'epoch-reveal': (v) => isRecord(v) && isStr(v.scope) && isHex64(v.commitment) && isHex64(v.seed)
    && (v.rolls === undefined || (isInt(v.rolls) && v.rolls >= 0)) && (v.lastSeq === undefined || (isInt(v.lastSeq) && v.lastSeq >= 1))
    && (v.lastHash === undefined || isHex64(v.lastHash)),
  'epoch-void': (v) => isRecord(v) && isStr(v.scope) && isStr(v.reason, 500),
};

/** Whether `detail` has the shape of a `kind` entry's detail (DETAIL_SCHEMAS[kind].safeParse(detail).success). */
export function isDetailOf(kind: EntryKind, detail: unknown): boolean {
  const check = CHECKS[kind] as Check | undefined;
  return check !== undefined && check(detail);
}
