import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '@server/context';
import { AppError, badRequest, notFound, payloadTooLarge } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import {
  LOGO_URL_PREFIX,
  MAX_LOGO_BYTES,
  PUBLIC_DASHBOARD_MESSAGES as M,
  isUploadedLogoUrl,
} from '@shared/schemas/public-dashboard';

/**
 * Logo uploads for the public dashboard. The file lands on a page anyone can open, so it is held
 * to more than its name: the type is sniffed from the bytes and must agree with the name (a PNG
 * that is really HTML is refused with 415), an SVG carrying script, event handlers, foreignObject,
 * entities or any external reference is refused, and every logo is served with a content type of
 * its own kind, nosniff and a CSP that runs nothing (LOGO_HEADERS).
 */

type LogoKind = 'png' | 'jpg' | 'gif' | 'svg';

const CONTENT_TYPES: Record<LogoKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** Sent with every logo: nothing in it may run, and browsers must not guess another type. */
export const LOGO_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  // File names are random and never reused: the bytes behind a name never change.
  'Cache-Control': 'public, max-age=31536000, immutable',
};

const logoDir = (app: AppContext) => path.join(app.config.dataDir, 'public-logos');

/** The kind the file's name claims (.jpeg and .jpg are one kind), or null for anything else. */
function kindFromName(name: string): LogoKind | null {
  const ext = path.extname(name).toLowerCase().slice(1);
  if (ext === 'jpeg' || ext === 'jpg') {
    return 'jpg';
  }
  return ext === 'png' || ext === 'gif' || ext === 'svg' ? ext : null;
}

const startsWith = (buf: Buffer, bytes: number[]) => bytes.every((b, i) => buf[i] === b);

/** The kind the bytes are, from their signatures; SVG is text whose first element is <svg>. */
export function sniffLogo(buf: Buffer): LogoKind | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return 'png';
  }
  if (startsWith(buf, [0xff, 0xd8, 0xff])) {
    return 'jpg';
  }
  const head = buf.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') {
    return 'gif';
  }
  const text = buf.toString('utf8').replace(/^\uFEFF/, '');
  // An XML declaration and comments may come first; nothing else may.
  const prolog = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i;
  return prolog.test(text) ? 'svg' : null;
}

/**
 * The text as the browser reads it: XML character references ('&#111;n', '&#x72;', the five
 * predefined entities) and CSS escapes ('\72 ') decoded. Written that way, 'onload' and 'url('
 * passed the checks below while the parser and the stylesheet still saw them (DOCTYPEs are refused,
 * so no other entity can exist).
 */
function asRead(text: string): string {
  const char = (code: number) => (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd');
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => char(parseInt(hex, 16)))
    .replace(/&#([0-9]+);?/g, (_m, dec: string) => char(parseInt(dec, 10)))
    .replace(/&(lt|gt|amp|quot|apos);/g, (_m, name: string) => named[name])
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_m, hex: string) => char(parseInt(hex, 16)))
    .replace(/\\(.)/g, '$1');
}

/**
 * Why an SVG may not be published, or null when it may. Refusing rather than rewriting: a logo
 * needs none of these, and a sanitiser that misses one trick is worse than a clear refusal.
 */
export function unsafeSvg(raw: string): string | null {
  const text = `${raw}\n${asRead(raw)}`;
  const checks: [RegExp, string][] = [
    [/<\s*script/i, 'a script'],
    [/<\s*foreignObject/i, 'a foreignObject'],
    [/<!DOCTYPE|<!ENTITY/i, 'a DOCTYPE or entity declaration'],
    [/\son[a-z]+\s*=/i, 'an event handler attribute'],
    [
      /<\s*(?:iframe|embed|object|audio|video|image|feImage|handler|listener)\b/i,
      'an embedded object or image',
    ],
    [/(?:^|\s)(?:xlink:)?href\s*=\s*(?!["']\s*#)/i, 'an external reference (href)'],
    [/url\s*\(\s*['"]?\s*(?!#)/i, 'an external reference (url())'],
    [/@import/i, 'a stylesheet import'],
    [/javascript:|data:|vbscript:/i, 'a script or data URL'],
    [/attributeName\s*=\s*["']?\s*(?:on|href|xlink:href)/i, 'an animation of a handler or reference'],
  ];
  const hit = checks.find(([re]) => re.test(text));
  return hit ? hit[1] : null;
}

/** POST /public-dashboard/upload-logo: checks the file, stores it under DATA_DIR, answers its URL. */
export async function uploadLogo(
  app: AppContext,
  actor: Actor,
  file: { buffer: Buffer; originalName: string } | undefined,
): Promise<{ url: string }> {
  authorize(actor, 'publicDashboard.manage');
  if (!file || !file.buffer.length) {
    throw badRequest(M.logoMissing, [{ path: 'logo', message: M.logoMissing }]);
  }
  if (file.buffer.length > MAX_LOGO_BYTES) {
    throw payloadTooLarge(M.logoTooLarge);
  }
  const claimed = kindFromName(file.originalName);
  if (!claimed) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', M.logoType, [{ path: 'logo', message: M.logoType }]);
  }
  const actual = sniffLogo(file.buffer);
  if (actual !== claimed) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', M.logoContentMismatch, [
      { path: 'logo', message: M.logoContentMismatch },
    ]);
  }
  if (actual === 'svg') {
    const why = unsafeSvg(file.buffer.toString('utf8'));
    if (why) {
      const message = `${M.svgUnsafe} (found ${why})`;
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message, [{ path: 'logo', message }]);
    }
  }
  const name = `${randomBytes(16).toString('hex')}.${actual}`;
  await mkdir(logoDir(app), { recursive: true });
  await writeFile(path.join(logoDir(app), name), file.buffer, { flag: 'wx' });
  const url = `${LOGO_URL_PREFIX}${name}`;
  await app.db.transaction((trx) =>
    insertAudit(trx, actor, {
      action: 'upload',
      entity: 'public-dashboard-logo',
      entityId: name,
      after: { url, originalName: file.originalName, bytes: file.buffer.length },
    }),
  );
  return { url };
}

/**
 * An uploaded logo's bytes and content type, anonymously. Only names uploadLogo makes are read
 * (32 hex digits and a known extension), so no path can leave the logo folder.
 */
export async function readLogo(
  app: AppContext,
  file: string,
): Promise<{ body: Buffer; contentType: string }> {
  if (!isUploadedLogoUrl(`${LOGO_URL_PREFIX}${file}`)) {
    throw notFound('Logo');
  }
  const kind = path.extname(file).slice(1) as LogoKind;
  try {
    return { body: await readFile(path.join(logoDir(app), file)), contentType: CONTENT_TYPES[kind] };
  } catch {
    throw notFound('Logo');
  }
}
