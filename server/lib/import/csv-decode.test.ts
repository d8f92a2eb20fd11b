import { describe, expect, it } from 'vitest';
import { LegacyRows, LineDecoder } from './csv-decode';

/** Decodes `bytes` fed in pieces of `size` bytes. */
function decodeInPieces(bytes: Buffer, size: number) {
  const decoder = new LineDecoder();
  const pieces = [];
  for (let i = 0; i < bytes.length; i += size) {
    pieces.push(...decoder.push(bytes.subarray(i, i + size)));
  }
  pieces.push(...decoder.finish());
  return {
    text: pieces.map((p) => p.text).join(''),
    legacy: pieces.filter((p) => p.legacy).map((p) => p.text),
  };
}

describe('LineDecoder', () => {
  const utf8 = Buffer.from('Account,Description\r\n1,Crème brûlée\r\n2,Fête €5\r\n');
  const cp1252 = Buffer.from('3,Caf\xe9 \x80 \x93dash\x94\r\n', 'latin1');

  it('reads UTF-8 whatever the chunk boundaries, inside a character included', () => {
    for (const size of [1, 2, 3, 7, 1024]) {
      expect(decodeInPieces(utf8, size)).toEqual({ text: utf8.toString('utf8'), legacy: [] });
    }
  });

  it('reads a line that is not UTF-8 as Windows-1252, C1 characters included, and says which', () => {
    const { text, legacy } = decodeInPieces(Buffer.concat([utf8, cp1252, Buffer.from('4,Niño\n')]), 5);
    expect(text).toBe('Account,Description\r\n1,Crème brûlée\r\n2,Fête €5\r\n3,Café € “dash”\r\n4,Niño\n');
    expect(legacy.map((t) => t.trim())).toEqual(['3,Café € “dash”']);
  });

  it('cuts a line that never ends at an ASCII byte instead of holding it whole', () => {
    const long = Buffer.from(`${'é'.repeat(300_000)}x${'é'.repeat(300_000)}`);
    const decoder = new LineDecoder();
    const pieces = [...decoder.push(long), ...decoder.finish()];
    expect(pieces.length).toBe(2);
    expect(pieces.map((p) => p.text).join('')).toBe(long.toString('utf8'));
  });
});

describe('LegacyRows', () => {
  it('names 20 rows, counts the rest and shows the first one around its accent', () => {
    const rows = new LegacyRows();
    expect(rows.notice()).toBeNull();
    for (let n = 2; n < 30; n += 1) {
      rows.add(n, `0100-3-300-2305-01-1-74-2-500${n},Café ${n},1.00\r\n`);
    }
    expect(rows.notice()).toBe(
      "Rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21 and 8 more are not UTF-8 text: read as Windows-1252 (what Excel on Windows saves as 'CSV'), e.g. row 2: '…-3-300-2305-01-1-74-2-5002,Café 2,1.00'. Check that the accents look right; saving the file as 'CSV UTF-8' avoids this.",
    );
  });
});
