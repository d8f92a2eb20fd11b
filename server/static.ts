import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';

/** Hashed build output (Vite's assets/): the name changes with the content, so it never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and other unhashed files: cached, but checked with the server (ETag) before each use. */
export const REVALIDATE = 'no-cache';

/** Precompressed variants written beside each file at build time (web/vite.config.ts), best first. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

async function fileStat(file: string): Promise<Stats | null> {
  try {
    const s = await stat(file);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

/**
 * Whether the client accepts an encoding (RFC 9110 Accept-Encoding: names with optional q-values;
 * q=0 refuses; `*` stands for any encoding not named).
 */
export function acceptsEncoding(header: string | undefined, encoding: string): boolean {
  if (!header) {
    return false;
  }
  let star: boolean | null = null;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName.trim().toLowerCase();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === encoding) {
      return accepted;
    }
    if (name === '*') {
      star = accepted;
    }
  }
  return star ?? false;
}

/**
 * The built web app (`root`, normally web/dist): files under assets/ immutable for a year, every
 * other file (index.html) revalidated; each sent as its precompressed .br or .gz variant when the
 * client accepts it (Content-Encoding, Vary: Accept-Encoding). Any other GET outside /api is a
 * client-side route and gets index.html; a missing file under /assets/ is a 404, never the page.
 */
export function webApp(root: string): Middleware {
  const base = path.resolve(root);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      return next();
    }
    let requested: string;
    try {
      requested = decodeURIComponent(ctx.path);
    } catch {
      return next();
    }
    // No dotfiles (nor the .br/.gz variants by name), no NUL, nothing outside the folder.
    const inside = path.resolve(base, `.${requested}`);
    const allowed =
      !requested.includes('\0') &&
      !requested.split('/').some((segment) => segment.startsWith('.')) &&
      !/\.(br|gz)$/.test(requested) &&
      inside.startsWith(`${base}${path.sep}`);
    let file = inside;
    let found = allowed ? await fileStat(file) : null;
    if (!found) {
      if (requested.startsWith('/assets/')) {
        return next();
      }
      file = path.join(base, 'index.html');
      found = await fileStat(file);
      if (!found) {
        return next();
      }
    }
    let sent = file;
    let size = found.size;
    let mtime = found.mtimeMs;
    let encoding: string | null = null;
    let hasVariant = false;
    for (const { name, ext } of ENCODINGS) {
      const variant = await fileStat(file + ext);
      if (!variant) {
        continue;
      }
      hasVariant = true;
      if (acceptsEncoding(ctx.get('Accept-Encoding'), name)) {
        encoding = name;
        sent = file + ext;
        size = variant.size;
        mtime = variant.mtimeMs;
        break;
      }
    }
    if (hasVariant) {
      ctx.vary('Accept-Encoding');
    }
    ctx.type = path.extname(file);
    ctx.set('Cache-Control', file.startsWith(path.join(base, 'assets', path.sep)) ? IMMUTABLE : REVALIDATE);
    ctx.lastModified = new Date(mtime);
    ctx.etag = `W/"${size.toString(16)}-${Math.floor(mtime).toString(16)}"`;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    if (encoding) {
      ctx.set('Content-Encoding', encoding);
    }
    // Koa sends no body for HEAD and closes the stream when the response ends.
    ctx.body = createReadStream(sent);
    ctx.length = size;
  };
}
