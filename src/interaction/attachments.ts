import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { UserError } from '../lib/user-error';

/**
 * A file a user gave a command: on Discord an attachment option (the adapter fetches it from
 * Discord's CDN), on the local console a path typed for the same option. Read as UTF-8 text
 * (tables files are YAML or JSON), never more than `maxBytes`: the declared size is checked
 * first, then the body is read in chunks and the read stops at the limit, so a file that lies
 * about its size cannot fill memory.
 */
export interface AttachedFile {
  readonly name: string;
  readonly text: string;
}

export type ReadAttachment = (ref: string, maxBytes: number) => Promise<AttachedFile>;

/** What a Discord attachment option resolves to (discord.js `Attachment`). */
export interface AttachmentMeta {
  readonly url: string;
  readonly name: string;
  readonly size: number;
}

const kib = (n: number): string => `${Math.ceil(n / 1024)} KiB`;
const tooBig = (name: string, size: number | null, max: number): UserError =>
  new UserError('attachment/too-big', `${name} is ${size === null ? 'over' : kib(size)}${size === null ? ` ${kib(max)}` : ''}; a file here may be at most ${kib(max)}.`, 'Attach only the tables (the YAML file, without pictures or other sheets).');

/** Fetch an attachment by its URL, refusing anything over `maxBytes` before and while reading. */
export async function fetchAttachment(meta: AttachmentMeta, maxBytes: number, fetchFn: typeof fetch = fetch): Promise<AttachedFile> {
  if (meta.size > maxBytes) throw tooBig(meta.name, meta.size, maxBytes);
  if (!/^https?:\/\//.test(meta.url)) throw new UserError('attachment/unreadable', `${meta.name} cannot be read (not a web address).`, 'Attach the file again.');
  let res: Response;
  try {
    res = await fetchFn(meta.url, { signal: AbortSignal.timeout(15_000) });
  } catch {
    throw new UserError('attachment/unreadable', `${meta.name} could not be downloaded from Discord.`, 'Try again in a moment, or attach the file again.');
  }
  if (!res.ok || !res.body) throw new UserError('attachment/unreadable', `${meta.name} could not be downloaded from Discord (HTTP ${res.status}).`, 'Attach the file again.');
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) { await res.body.cancel(); throw tooBig(meta.name, declared, maxBytes); }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) { await reader.cancel(); throw tooBig(meta.name, null, maxBytes); }
    chunks.push(value);
  }
  return { name: meta.name, text: decode(meta.name, Buffer.concat(chunks)) };
}

/** The console's counterpart: a local file path typed for the attachment option. */
export async function readLocalAttachment(path: string, maxBytes: number): Promise<AttachedFile> {
  const name = basename(path);
  let size: number;
  try {
    const st = await stat(path);
    if (!st.isFile()) throw new Error('not a file');
    size = st.size;
  } catch {
    throw new UserError('attachment/no-file', `There is no file at ${path}.`, 'Give the path of a local file, e.g. file:assets/anrt/qrs-stand-in.yaml.');
  }
  if (size > maxBytes) throw tooBig(name, size, maxBytes);
  return { name, text: decode(name, await readFile(path)) };
}

function decode(name: string, bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new UserError('attachment/not-text', `${name} is not a text file (UTF-8).`, 'Attach the tables as a YAML or JSON text file.');
  }
}
