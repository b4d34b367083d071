/**
 * parseLocation: chat text → LocationSpec. Accepted (case-, accent- and space-insensitive):
 *   F7 · F7 NE · F7 north-east · F7.9            grid cell centre, or a keypad ninth (grid.ts)
 *   Ligny · lig · St Amand                       landmark: exact name/alias, else unique prefix
 *   (12.5, 30) · 12.5,30 · x12.5 y30             table inches (x east, y north)
 *   forward 9" · back 2in · left 3" · right 1mi  steps that keep the facing
 *   toward Ligny 1mi · towards F7                turn to face it, go that far (never past it) or all the way
 *   wheel left 45 · wheel right 90°              degrees
 *   wheel left 45 then forward 4"                chains, joined by "then" or ";"
 *   contact <enemy stand name or id>
 * Distances take mi/mile(s), "/in/inch(es), yd/yard(s); a bare number only when the scenario
 * sets a default unit. Decimals only (no ½ or fractions).
 */
import { ok, type Result } from '../../lib/result';
import { locationError, MAX_LOCATION_LENGTH, MAX_STEPS, quote } from './errors';
import { cellExists, formatGridRef, gridShape, parseGridRef } from './grid';
import { foldText, matchName, nameKey } from './names';
import type { Distance, DistanceUnit, LocationContext, LocationError, LocationSpec, MoveStep, TargetSpec } from './types';

type Parsed<T> = Result<T, LocationError>;

const NUM = String.raw`(?:\d+(?:\.\d*)?|\.\d+)`;
const SNUM = String.raw`[+-]?${NUM}`;
const UNIT = String.raw`(?:miles?|mi|inch(?:es)?|ins?|"|yards?|yds?)`;
const DISTANCE_RE = new RegExp(`^(${NUM})\\s*(${UNIT})?$`);
const TRAILING_DISTANCE_RE = new RegExp(`^(.+?)\\s+(${NUM}\\s*(${UNIT})?)$`);
const COORDS_RE = [
  new RegExp(`^\\(?\\s*(${SNUM})\\s*,\\s*(${SNUM})\\s*\\)?$`),
  new RegExp(`^x\\s*=?\\s*(${SNUM})\\s*,?\\s*y\\s*=?\\s*(${SNUM})$`),
];
const MOVE_WORDS = new Set(['forward', 'fwd', 'ahead', 'advance', 'back', 'backward', 'backwards', 'retire', 'left', 'right', 'sidestep', 'toward', 'towards', 'wheel']);
const MILE_IN_YARDS = 1760;

/** Inches per one of `unit` in this scenario, or undefined if the scale does not say. */
function inchesPer(unit: DistanceUnit, ctx: LocationContext): number | undefined {
  const { inchesPerMile, yardsPerInch } = ctx.scale;
  if (unit === 'in') return 1;
  if (unit === 'mi') return inchesPerMile ?? (yardsPerInch ? MILE_IN_YARDS / yardsPerInch : undefined);
  return yardsPerInch ? 1 / yardsPerInch : inchesPerMile ? inchesPerMile / MILE_IN_YARDS : undefined;
}

function unitOf(word: string): DistanceUnit {
  return word.startsWith('m') ? 'mi' : word.startsWith('y') ? 'yd' : 'in';
}

/** "1.5mi", "9\"", "300 yd" → inches; undefined when the text is not a distance at all. */
function parseDistance(text: string, ctx: LocationContext): Parsed<Distance> | undefined {
  const m = DISTANCE_RE.exec(text);
  if (!m) return undefined;
  const value = Number(m[1]);
  const unit = m[2] !== undefined ? unitOf(m[2]) : ctx.scale.defaultUnit;
  if (unit === undefined) {
    return locationError(ctx, 'location/unit', `${quote(text)} needs a unit.`, { hint: `Write ${value}" or ${value}mi.` });
  }
  const per = inchesPer(unit, ctx);
  if (per === undefined) return locationError(ctx, 'location/unit', `This scenario has no scale for ${unit === 'mi' ? 'miles' : 'yards'}.`, { hint: 'Give the distance in inches, e.g. 9".' });
  if (!(value > 0)) return locationError(ctx, 'location/syntax', `A distance must be more than 0, not ${quote(text)}.`);
  return ok({ inches: value * per, text });
}

/** A grid reference, coordinates or a landmark. */
function parseTarget(text: string, ctx: LocationContext): Parsed<TargetSpec> {
  const grid = parseGridRef(text);
  if (grid && cellExists(grid, ctx)) return ok({ kind: 'grid', ...grid, ref: formatGridRef(grid) });
  for (const re of COORDS_RE) {
    const m = re.exec(text);
    if (m) return ok({ kind: 'coords', x: Number(m[1]), y: Number(m[2]) });
  }
  const match = matchName(text, ctx.landmarks.map((l) => ({ name: l.name, aliases: l.aliases ?? [], value: l })));
  if (match.kind === 'found') return ok({ kind: 'landmark', name: match.value.name, at: match.value.at });
  if (grid) {
    const { columns, rows } = gridShape(ctx);
    const last = formatGridRef({ column: columns, row: rows });
    return locationError(ctx, 'location/off-table', `There is no cell ${formatGridRef(grid)} on this table.`, { hint: `The grid runs from A1 (north-west) to ${last} (south-east).` });
  }
  if (match.kind === 'ambiguous') {
    return locationError(ctx, 'location/ambiguous', `${quote(text)} could be ${match.candidates.join(', ')}.`, { candidates: match.candidates, hint: 'Type more of the name.' });
  }
  if (nameKey(text) === '' || /^[\d\s.,()+-]+$/.test(text)) {
    return locationError(ctx, 'location/syntax', `${quote(text)} is not a place.`, { hint: 'Coordinates are x,y in inches, e.g. 12,30.' });
  }
  return locationError(ctx, 'location/unknown-landmark', `No landmark called ${quote(text)}.`, { suggestions: match.suggestions });
}

/** toward <target> [distance]: a trailing distance with a unit always counts; a bare number only if the rest is a place. */
function parseToward(rest: string, ctx: LocationContext): Parsed<MoveStep> {
  const m = TRAILING_DISTANCE_RE.exec(rest);
  if (m) {
    const [, targetText = '', distanceText = '', unit] = m;
    const target = parseTarget(targetText, ctx);
    if (target.ok || unit !== undefined) {
      if (!target.ok) return target;
      const distance = parseDistance(distanceText, ctx);
      if (distance && !distance.ok) return distance;
      if (distance) return ok({ kind: 'toward', target: target.value, distance: distance.value });
    }
  }
  const target = parseTarget(rest, ctx);
  return target.ok ? ok({ kind: 'toward', target: target.value }) : target;
}

function needs(ctx: LocationContext, what: string, example: string): Parsed<never> {
  return locationError(ctx, 'location/syntax', `${what}, e.g. ${example}.`);
}

/** One step of a move chain. */
function parseStep(step: string, ctx: LocationContext): Parsed<MoveStep> {
  const [word = '', ...restWords] = step.split(' ');
  const rest = restWords.join(' ');
  if (word === 'wheel') {
    const m = /^(left|right)(?:\s+(\S+?)\s*(?:°|degs?|degrees?)?)?$/.exec(rest);
    if (!m) return needs(ctx, `${quote(step)}: wheel left or right by some degrees`, 'wheel left 45');
    const degrees = Number(m[2]);
    if (m[2] === undefined || !new RegExp(`^${NUM}$`).test(m[2]) || !(degrees > 0 && degrees <= 180)) {
      return needs(ctx, `${quote(step)}: a wheel needs degrees between 0 and 180`, `wheel ${m[1]} 45`);
    }
    return ok({ kind: 'wheel', direction: m[1] === 'left' ? 'left' : 'right', degrees });
  }
  if (word === 'toward' || word === 'towards') {
    return rest ? parseToward(rest, ctx) : needs(ctx, `${quote(step)}: toward what?`, 'toward Ligny 1mi');
  }
  const kind = ['forward', 'fwd', 'ahead', 'advance'].includes(word) ? 'forward'
    : ['back', 'backward', 'backwards', 'retire'].includes(word) ? 'back'
    : word === 'left' || word === 'right' ? word
    : word === 'sidestep' && /^(left|right)\b/.test(rest) ? (rest.startsWith('left') ? 'left' : 'right')
    : undefined;
  if (kind === undefined) return needs(ctx, `${quote(step)} is not a move`, 'forward 1mi, back 2", left 3", toward Ligny 1mi or wheel left 45');
  const distanceText = word === 'sidestep' ? rest.replace(/^(left|right)\s*/, '') : rest;
  const distance = parseDistance(distanceText, ctx);
  if (!distance) return needs(ctx, `${quote(step)}: ${kind} needs a distance`, `${kind} 9" or ${kind} 1.5mi`);
  return distance.ok ? ok({ kind, distance: distance.value }) : distance;
}

/**
 * Text foldText leaves as it is: lower-case ASCII letters, digits and the punctuation ids use (no
 * space, quote, capital or accent, which it would change).
 */
const ALREADY_FOLDED = /^[a-z0-9_.:/#+-]*$/;

/** foldText(id), without its normalising for the plain ids every stand has (issue 12: a "contact" move looked at every enemy's). */
export function foldId(id: string): string {
  return ALREADY_FOLDED.test(id) ? id : foldText(id);
}

function parseContact(rest: string, ctx: LocationContext): Parsed<LocationSpec> {
  const enemies = ctx.enemies ?? [];
  if (!rest) return needs(ctx, 'contact whom?', `contact ${enemies[0]?.name ?? '<enemy>'}`);
  const byId = enemies.find((e) => foldId(e.id) === rest);
  if (byId) return ok({ kind: 'contact', enemy: byId });
  const match = matchName(rest, enemies.map((e) => ({ name: e.name, aliases: e.aliases ?? [], value: e })));
  if (match.kind === 'found') return ok({ kind: 'contact', enemy: match.value });
  if (match.kind === 'ambiguous') {
    return locationError(ctx, 'location/ambiguous', `${quote(rest)} could be ${match.candidates.join(', ')}.`, { candidates: match.candidates, hint: 'Type more of the name, or the id.' });
  }
  return locationError(ctx, 'location/unknown-enemy', `No enemy stand called ${quote(rest)}.`, { suggestions: match.suggestions });
}

/** Read what a player typed for a place or a move. Never throws. */
export function parseLocation(text: string, ctx: LocationContext): Result<LocationSpec, LocationError> {
  if (text.length > MAX_LOCATION_LENGTH) return locationError(ctx, 'location/too-long', `That is ${text.length} characters; a location is at most ${MAX_LOCATION_LENGTH}.`);
  const folded = foldText(text);
  if (folded === '') return locationError(ctx, 'location/empty', 'Where to? The location is empty.');
  const contact = /^contact(?:\s+(.*))?$/.exec(folded);
  if (contact) return parseContact(contact[1] ?? '', ctx);

  const parts = folded.split(/\s*(?:\bthen\b|;)\s*/);
  const first = parts[0]?.split(' ')[0] ?? '';
  if (parts.length === 1 && !MOVE_WORDS.has(first)) {
    const target = parseTarget(folded, ctx);
    return target.ok ? ok({ kind: 'place', target: target.value }) : target;
  }
  if (parts.length > MAX_STEPS) return locationError(ctx, 'location/too-many-steps', `That chain has ${parts.length} steps; at most ${MAX_STEPS}.`);
  const steps: MoveStep[] = [];
  for (const part of parts) {
    if (part === '') return needs(ctx, `${quote(text)} has an empty step`, 'wheel left 45 then forward 4"');
    const step = parseStep(part, ctx);
    if (!step.ok) {
      // A landmark may start with a move word ("Advance Post"): a whole-name match wins over the error.
      const place = parts.length === 1 ? parseTarget(folded, ctx) : undefined;
      return place?.ok && place.value.kind === 'landmark' ? ok({ kind: 'place', target: place.value }) : step;
    }
    steps.push(step.value);
  }
  return ok({ kind: 'move', steps });
}
