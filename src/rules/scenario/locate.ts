import { isAlias, isMap, isScalar, isSeq, type Document, type LineCounter } from 'yaml';

/**
 * Where in the YAML text a zod path points: the value at the path, or its key, or, when the
 * path does not exist (a missing field), the nearest ancestor that does: the key of the
 * parent mapping, or the list item that should have held it.
 */

/** A 1-based line and column. */
export interface SourcePos {
  readonly line: number;
  readonly column: number;
}

const start = (node: unknown): number | undefined => {
  const range = (node as { range?: readonly number[] } | null)?.range;
  return range?.[0];
};

const keyText = (key: unknown): string => (isScalar(key) ? String(key.value) : String(key));

/** Offset into the text of the node at `path` (its key with `at: 'key'`), or of its nearest existing ancestor. */
export function locateOffset(doc: Document, path: readonly PropertyKey[], at?: 'key'): number {
  let node: unknown = doc.contents;
  let fallback = start(node) ?? 0;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (isAlias(node)) node = node.resolve(doc);
    if (isMap(node)) {
      const pair = node.items.find((p) => keyText(p.key) === String(seg));
      if (!pair) return fallback;
      const keyAt = start(pair.key) ?? fallback;
      if (i === path.length - 1 && at === 'key') return keyAt;
      fallback = keyAt;
      node = pair.value;
      // `sp:` with no value: point at the key.
      if (node === null || node === undefined || start(node) === undefined) return fallback;
    } else if (isSeq(node) && typeof seg === 'number') {
      const item: unknown = node.items[seg];
      if (item === null || item === undefined) return fallback;
      fallback = start(item) ?? fallback;
      node = item;
    } else {
      return fallback;
    }
  }
  return start(node) ?? fallback;
}

/** 1-based line and column of the node at `path`. */
export function locate(doc: Document, lines: LineCounter, path: readonly PropertyKey[], at?: 'key'): SourcePos {
  const { line, col } = lines.linePos(locateOffset(doc, path, at));
  return { line, column: col };
}
