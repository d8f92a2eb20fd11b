import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { renderPublicPage } from './public-page';
import { isPublicUrlPath } from '@shared/schemas/public-dashboard';
import type { PublicView } from '@shared/schemas/public-dashboard';

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

/** The published view of a public dashboard's path, or null (server/domains/public-dashboard/public-dashboard-view.ts). */
export type PublicViewLookup = (urlPath: string) => Promise<PublicView | null>;

export interface WebAppOptions {
  /** Puts the snapshot's figures into /public/{urlPath} pages; without it the page asks the API. */
  publicView?: PublicViewLookup;
}

/** /public/{urlPath}: the public dashboard's own page (web/public.html). */
const PUBLIC_PAGE = /^\/public\/([^/]+)\/?$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The public dashboard page with the published figures in it, compressed as the client accepts
 * (a quick brotli level: the page is built per snapshot, not at build time), revalidated on every
 * visit by an ETag of its content, so a new Publish shows at once and an unchanged page is a 304.
 */
async function sendPublicPage(ctx: Context, template: string, urlPath: string, lookup?: PublicViewLookup) {
  // A path no dashboard can have (a NUL, a slash, 300 characters) is Not Found without a query:
  // '/public/x%00' reached SQL and answered 500.
  const view = lookup ? (isPublicUrlPath(urlPath) ? await lookup(urlPath) : null) : undefined;
  const yearParam = ctx.query.year;
  const html =
    view === undefined
      ? template
      : renderPublicPage(template, view, typeof yearParam === 'string' ? yearParam : undefined);
  const body = Buffer.from(html, 'utf8');
  ctx.vary('Accept-Encoding');
  ctx.type = '.html';
  ctx.set('Cache-Control', REVALIDATE);
  ctx.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  // An unknown or unpublished path is a 404 (for search engines and link checkers); its page still
  // says 'Dashboard Not Found' to the reader.
  ctx.status = view === null ? 404 : 200;
  if (ctx.status === 200 && ctx.fresh) {
    ctx.status = 304;
    return;
  }
  const accept = ctx.get('Accept-Encoding');
  if (acceptsEncoding(accept, 'br')) {
    ctx.set('Content-Encoding', 'br');
    ctx.body = await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  } else if (acceptsEncoding(accept, 'gzip')) {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = await gzipAsync(body);
  } else {
    ctx.body = body;
  }
}

/**
 * The built web app (`root`, normally web/dist): files under assets/ immutable for a year, every
 * other file (index.html) revalidated; each sent as its precompressed .br or .gz variant when the
 * client accepts it (Content-Encoding, Vary: Accept-Encoding). /public/{urlPath} gets the public
 * dashboard's page (public.html) with the figures `options.publicView` finds written in. Any other
 * GET outside /api is a client-side route and gets index.html; a missing file under /assets/ is a
 * 404, never the page.
 */
export function webApp(root: string, options: WebAppOptions = {}): Middleware {
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
    const publicPath = PUBLIC_PAGE.exec(requested);
    if (publicPath) {
      const template = await readFile(path.join(base, 'public.html'), 'utf8').catch(() => null);
      if (template !== null) {
        return sendPublicPage(ctx, template, publicPath[1], options.publicView);
      }
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
    // HEAD gets the headers only: a stream opened for it would open the file after the answer
    // went out, and fail loudly if the file had gone by then (a new build replacing the old).
    if (ctx.method !== 'HEAD') {
      ctx.body = createReadStream(sent);
    }
    // After the body: Koa drops Content-Length when a stream becomes the body.
    ctx.length = size;
  };
}
