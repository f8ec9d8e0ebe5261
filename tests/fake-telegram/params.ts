import type { HonoRequest } from 'hono';

/** A file part of a multipart upload, as recorded by the fake. */
export interface UploadedFile {
  file: { name: string; size: number; type: string };
}

// Form and query values arrive as strings; these keys carry JSON, numbers or booleans in the Bot API.
const JSON_KEYS = new Set([
  'reply_markup',
  'entities',
  'caption_entities',
  'allowed_updates',
  'commands',
  'scope',
  'menu_button',
  'results',
  'result',
  'link_preview_options',
  'reply_parameters',
  'button',
  'media',
  'prices',
]);
const NUMBER_KEYS = new Set([
  'chat_id',
  'message_id',
  'offset',
  'limit',
  'timeout',
  'max_connections',
  'user_id',
  'cache_time',
  'message_thread_id',
]);
const BOOLEAN_KEYS = new Set([
  'drop_pending_updates',
  'show_alert',
  'disable_notification',
  'protect_content',
  'is_personal',
  'has_spoiler',
  'allow_user_chats',
  'allow_bot_chats',
  'allow_group_chats',
  'allow_channel_chats',
]);

function coerce(key: string, value: string): unknown {
  if (JSON_KEYS.has(key)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  if (NUMBER_KEYS.has(key) && /^-?\d+$/.test(value)) return Number(value);
  if (BOOLEAN_KEYS.has(key) && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

export class BadRequestBody extends Error {}

/** Reads Bot API parameters the ways Telegram accepts them: query string, JSON, urlencoded or multipart. */
export async function readParams(req: HonoRequest): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(req.query())) params[key] = coerce(key, value);

  const rawContentType = req.header('content-type') ?? '';
  const contentType = rawContentType.toLowerCase();
  if (req.method === 'GET' || req.method === 'HEAD') return params;
  if (contentType.includes('application/json')) {
    const text = await req.text();
    if (text.trim() === '') return params;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new BadRequestBody("Bad Request: can't parse JSON object");
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new BadRequestBody("Bad Request: can't parse JSON object");
    }
    return Object.assign(params, body);
  }
  if (contentType.includes('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(await req.text())) params[key] = coerce(key, value);
    return params;
  }
  if (contentType.includes('multipart/form-data')) {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(rawContentType);
    if (!boundary) throw new BadRequestBody('Bad Request: wrong multipart/form-data request');
    const parts = parseMultipart(Buffer.from(await req.arrayBuffer()), boundary[1] ?? boundary[2] ?? '');
    const files = new Map<string, UploadedFile>();
    for (const part of parts) {
      if (part.filename === undefined) {
        params[part.name] = coerce(part.name, part.data.toString('utf8'));
      } else {
        files.set(part.name, {
          file: {
            name: part.filename,
            size: part.data.length,
            type: part.contentType ?? 'application/octet-stream',
          },
        });
      }
    }
    // Clients name the file part and point to it with `attach://<part>`, or send it under the field's own name.
    for (const [name, file] of files) params[name] = file;
    for (const [key, value] of Object.entries(params)) {
      if (typeof value !== 'string' || !value.startsWith('attach://')) continue;
      const part = value.slice('attach://'.length);
      const file = files.get(part);
      if (file) {
        params[key] = file;
        delete params[part];
      }
    }
  }
  return params;
}

interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/**
 * A lenient multipart/form-data reader: Telegram accepts what popular clients send, including grammY's
 * unquoted `filename=` and header lines without a space after the colon, which stricter parsers reject.
 */
function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let position = body.indexOf(delimiter);
  while (position !== -1) {
    position += delimiter.length;
    if (body.subarray(position, position + 2).toString() === '--') break;
    if (body.subarray(position, position + 2).toString() === '\r\n') position += 2;
    const next = body.indexOf(delimiter, position);
    if (next === -1) break;
    const end = body.subarray(next - 2, next).toString() === '\r\n' ? next - 2 : next;
    const part = body.subarray(position, end);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headerText = part.subarray(0, headerEnd === -1 ? 0 : headerEnd).toString('utf8');
    const data = headerEnd === -1 ? part : part.subarray(headerEnd + 4);
    const headers = new Map<string, string>();
    for (const line of headerText.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const disposition = headers.get('content-disposition') ?? '';
    const name = dispositionParam(disposition, 'name');
    if (name !== undefined) {
      const filename = dispositionParam(disposition, 'filename');
      const contentType = headers.get('content-type');
      parts.push({
        name,
        data,
        ...(filename !== undefined ? { filename } : {}),
        ...(contentType ? { contentType } : {}),
      });
    }
    position = next;
  }
  return parts;
}

function dispositionParam(disposition: string, key: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${key}=(?:"([^"]*)"|([^;\\r\\n]*))`, 'i').exec(disposition);
  if (!match) return undefined;
  return (match[1] ?? match[2] ?? '').trim();
}
