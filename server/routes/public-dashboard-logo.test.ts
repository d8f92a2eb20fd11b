import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';

/** Logo upload and serving: checked by the bytes, refused when unsafe, served so nothing in it runs. */
const { t, admin } = useApp(['ADMIN']);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SAFE_SVG =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"/></defs><rect width="10" height="10" fill="url(#g)"/></svg>';

const logoDir = () => path.join(t.app.config.dataDir, 'public-logos');
const stored = () => {
  try {
    return readdirSync(logoDir()).sort();
  } catch {
    return [];
  }
};

async function upload(bytes: Buffer, name: string, token = admin.token, field = 'logo') {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], name));
  const res = await fetch(`${t.url}/api/public-dashboard/upload-logo`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

describe('POST /public-dashboard/upload-logo', () => {
  it.each([
    ['logo.png', PNG, 'image/png'],
    ['Logo.GIF', GIF, 'image/gif'],
    ['crest.svg', Buffer.from(SAFE_SVG), 'image/svg+xml'],
  ])(
    'takes %s and serves it anonymously with its own type, nosniff and a CSP that runs nothing',
    async (name, bytes, type) => {
      const res = await upload(bytes, name);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.url).toMatch(/^\/api\/public-dashboard\/logos\/[a-f0-9]{32}\.(png|gif|svg)$/);
      const served = await fetch(`${t.url}${res.body.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      );
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
      // The URL it answers is one the settings accept.
      const config = (await t.api('get', '/public-dashboard/config', { token: admin.token })).body.config;
      const saved = await t.api('patch', `/public-dashboard/config/${config.id}`, {
        token: admin.token,
        body: { schoolLogoUrl: res.body.url },
      });
      expect(saved.status).toBe(200);
    },
  );

  it.each([
    [
      'a PNG that is really HTML',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'logo.png',
      415,
      'not the image type',
    ],
    ['a GIF named .png', GIF, 'logo.png', 415, 'not the image type'],
    [
      'a text file',
      Buffer.from('hello'),
      'notes.txt',
      415,
      'Only image files are allowed (JPEG, PNG, GIF, SVG)',
    ],
    [
      'an SVG with a script',
      Buffer.from('<svg><script>alert(1)</script></svg>'),
      'x.svg',
      415,
      'found a script',
    ],
    ['an SVG with a handler', Buffer.from('<svg onload="alert(1)"></svg>'), 'x.svg', 415, 'event handler'],
    [
      'an SVG with foreignObject',
      Buffer.from('<svg><foreignObject><p>x</p></foreignObject></svg>'),
      'x.svg',
      415,
      'foreignObject',
    ],
    [
      'an SVG with an external image',
      Buffer.from('<svg><image href="https://evil.example/x.png"/></svg>'),
      'x.svg',
      415,
      'embedded',
    ],
    [
      'an SVG linking out',
      Buffer.from('<svg><a xlink:href="javascript:alert(1)"><rect/></a></svg>'),
      'x.svg',
      415,
      'external reference',
    ],
    [
      'an SVG with an entity',
      Buffer.from('<!DOCTYPE svg [<!ENTITY x "y">]><svg></svg>'),
      'x.svg',
      415,
      'not the image type',
    ],
    [
      // XML character references are decoded by the parser: '&#111;nload' is an onload.
      'an SVG animating a handler spelled with character references',
      Buffer.from('<svg><set attributeName="&#111;nload" to="alert(1)"/></svg>'),
      'x.svg',
      415,
      'an animation of a handler or reference',
    ],
    [
      'an SVG loading a stylesheet URL spelled with a character reference',
      Buffer.from('<svg><rect style="fill: u&#x72;l(https://evil.example/x)"/></svg>'),
      'x.svg',
      415,
      'an external reference (url())',
    ],
    [
      'an SVG loading a URL spelled with a CSS escape',
      Buffer.from('<svg><style>rect { fill: u\\72 l(https://evil.example/x) }</style><rect/></svg>'),
      'x.svg',
      415,
      'an external reference (url())',
    ],
    [
      'a 6 MB PNG',
      Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]),
      'big.png',
      413,
      'File size must be less than 5MB',
    ],
  ])('refuses %s, storing nothing', async (_what, bytes, name, status, message) => {
    const before = stored();
    const res = await upload(bytes, name);
    expect(res.status).toBe(status);
    expect(res.body.error).toContain(message);
    expect(stored()).toEqual(before);
  });

  it.each([
    ['a web page', Buffer.from('<!doctype html><html><body>Hi</body></html>')],
    ['a GIF', GIF],
    ['plain text', Buffer.from('hello')],
  ])(
    'refuses %s named logo.png with the image-type message first, the detail after it',
    async (_what, bytes) => {
      const res = await upload(bytes, 'logo.png');
      expect(res.status).toBe(415);
      expect(res.body.error).toBe(
        'Only image files are allowed (JPEG, PNG, GIF, SVG): the file’s contents are not the image type its name says',
      );
      expect(res.body.details).toEqual([{ path: 'logo', message: res.body.error }]);
    },
  );

  it('refuses an upload without the logo field (400) and VIEW_ONLY or FINANCE (403)', async () => {
    expect((await upload(PNG, 'logo.png', admin.token, 'file')).status).toBe(400);
    for (const role of ['VIEW_ONLY', 'FINANCE'] as const) {
      expect((await upload(PNG, 'logo.png', (await t.userWith(role)).token)).status).toBe(403);
    }
  });
});

describe('GET /public-dashboard/logos/:file', () => {
  it.each(['..%2F..%2Fpackage.json', '..%2f.jwt_secret', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', 'x.html'])(
    'answers 404 for %s: only names an upload made, inside the logo folder',
    async (file) => {
      const res = await fetch(`${t.url}/api/public-dashboard/logos/${file}`);
      expect(res.status).toBe(404);
    },
  );
});
