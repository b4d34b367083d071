/**
 * Minimal multipart/form-data parser for the fake Discord.
 *
 * discord.js (via @discordjs/rest + undici) uploads files as `files[n]` parts next to a
 * `payload_json` part. We parse the raw bytes ourselves rather than going through
 * `Response.formData()` so attachment bytes come back exactly as sent, and so a malformed
 * body fails loudly with a message that points at the fake rather than deep inside undici.
 */

export interface MultipartPart {
  /** The form field name, e.g. `payload_json` or `files[0]`. */
  name: string;
  /** Present for file parts. */
  filename?: string;
  /** The part's own Content-Type header, if any. */
  contentType?: string;
  data: Buffer;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** Extracts the boundary from a `multipart/form-data; boundary=...` header, or returns null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return null;
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const boundary = multipartBoundary(contentType);
  if (!boundary) throw new Error(`fake-discord: not a multipart/form-data content type: ${contentType}`);

  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let cursor = body.indexOf(delimiter);
  if (cursor === -1) throw new Error('fake-discord: multipart body has no opening boundary');

  for (;;) {
    cursor += delimiter.length;
    // `--boundary--` closes the body.
    if (body[cursor] === 0x2d && body[cursor + 1] === 0x2d) break;
    if (!body.subarray(cursor, cursor + 2).equals(CRLF)) {
      throw new Error('fake-discord: malformed multipart boundary line');
    }
    cursor += CRLF.length;

    const headerEnd = body.indexOf(HEADER_END, cursor);
    if (headerEnd === -1) throw new Error('fake-discord: multipart part without header terminator');
    const headers = parseHeaders(body.subarray(cursor, headerEnd).toString('utf8'));
    const dataStart = headerEnd + HEADER_END.length;

    // Part data runs up to the CRLF that precedes the next delimiter. Searching for
    // "\r\n--boundary" (not just "--boundary") avoids false matches inside binary data.
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), dataStart);
    if (next === -1) throw new Error('fake-discord: multipart part is not terminated by a boundary');

    const disposition = headers.get('content-disposition') ?? '';
    const name = dispositionParam(disposition, 'name');
    if (name === undefined) throw new Error(`fake-discord: multipart part without a name: ${disposition}`);
    const part: MultipartPart = { name, data: Buffer.from(body.subarray(dataStart, next)) };
    const filename = dispositionParam(disposition, 'filename');
    if (filename !== undefined) part.filename = filename;
    const partType = headers.get('content-type');
    if (partType !== undefined) part.contentType = partType;
    parts.push(part);

    cursor = next + CRLF.length;
  }
  return parts;
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Reads `name="..."` style parameters; undici percent-escapes quotes and newlines inside them. */
function dispositionParam(disposition: string, param: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${param}="([^"]*)"`, 'i').exec(disposition);
  if (!match) return undefined;
  return match[1]!.replace(/%0A/gi, '\n').replace(/%0D/gi, '\r').replace(/%22/g, '"');
}
