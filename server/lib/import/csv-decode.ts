import { isUtf8 } from 'node:buffer';

const LF = 10;
const CR = 13;
/** A line longer than this without a line end is decoded in pieces cut at an ASCII byte. */
const MAX_CARRY = 1024 * 1024;
/** Row numbers a notice names; the rest are counted. */
const NAMED_ROWS = 20;

/** A piece of decoded text, and whether it was read as Windows-1252 because it is not UTF-8. */
export interface DecodedPiece {
  text: string;
  legacy: boolean;
}

/**
 * Decodes UTF-8 or Windows-1252 text line by line. An export is normally one or the other, but a
 * file whose first rows are plain ASCII (so they pass as UTF-8) may carry Windows-1252 accents
 * further down ('Café' typed on a Windows PC), or two exports may have been pasted together.
 * Decoding the whole file as UTF-8 turned those bytes into '�' without a word. Each line that is
 * valid UTF-8 is read as UTF-8, each other line as Windows-1252 (what Excel on Windows writes),
 * and the caller is told which pieces were, to name their rows. Both encodings keep ASCII bytes
 * as they are, so cutting at a line end never splits a character.
 */
export class LineDecoder {
  private carry: Buffer = Buffer.alloc(0);
  private readonly utf8 = new TextDecoder('utf-8');
  private readonly legacy = { decode: windows1252 };

  /** Feeds bytes; returns the text of the complete lines among them. */
  push(chunk: Buffer): DecodedPiece[] {
    const bytes = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    let end = lastLineEnd(bytes);
    if (end < 0 && bytes.length > MAX_CARRY) {
      end = lastAsciiByte(bytes);
    }
    if (end < 0) {
      this.carry = bytes;
      return [];
    }
    this.carry = Buffer.from(bytes.subarray(end + 1));
    return this.decode(bytes.subarray(0, end + 1));
  }

  /** The rest of the input, once it has all been pushed. */
  finish(): DecodedPiece[] {
    const rest = this.carry;
    this.carry = Buffer.alloc(0);
    return rest.length ? this.decode(rest) : [];
  }

  private decode(bytes: Buffer): DecodedPiece[] {
    if (isUtf8(bytes)) {
      return [{ text: this.utf8.decode(bytes), legacy: false }];
    }
    // Only a block holding a non-UTF-8 line is taken apart, one line at a time.
    const out: DecodedPiece[] = [];
    let start = 0;
    while (start < bytes.length) {
      let end = start;
      while (end < bytes.length && bytes[end] !== LF && bytes[end] !== CR) {
        end += 1;
      }
      while (end < bytes.length && (bytes[end] === LF || bytes[end] === CR)) {
        end += 1;
      }
      const line = bytes.subarray(start, end);
      const legacy = !isUtf8(line);
      out.push({ text: (legacy ? this.legacy : this.utf8).decode(line), legacy });
      start = end;
    }
    return out;
  }
}

// Bytes 0x80-0x9F in Windows-1252 (the rest is Latin-1). Node 20's TextDecoder('windows-1252')
// decodes them as Latin-1's invisible control characters, which would lose ’ “ ” – — and €.
const C1 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function windows1252(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => C1[c.charCodeAt(0) - 0x80]);
}

function lastLineEnd(bytes: Buffer): number {
  return Math.max(bytes.lastIndexOf(LF), bytes.lastIndexOf(CR));
}

function lastAsciiByte(bytes: Buffer): number {
  for (let i = bytes.length - 1; i >= 0; i -= 1) {
    if (bytes[i] < 0x80) {
      return i;
    }
  }
  return -1;
}

/** The text around a line's first non-ASCII character, to show what its accents became. */
function around(line: string): string {
  const at = Math.max(0, line.search(/[^\x00-\x7f]/));
  const start = Math.max(0, at - 30);
  const end = Math.min(line.length, at + 30);
  return `${start > 0 ? '…' : ''}${line.slice(start, end).trim()}${end < line.trimEnd().length ? '…' : ''}`;
}

/** The rows read as Windows-1252, for the notice an import shows. */
export class LegacyRows {
  count = 0;
  readonly rows: number[] = [];
  example: { row: number; text: string } | null = null;

  add(row: number, text: string): void {
    if (this.rows.at(-1) === row) {
      return;
    }
    this.count += 1;
    if (this.rows.length < NAMED_ROWS) {
      this.rows.push(row);
    }
    this.example ??= { row, text: around(text) };
  }

  /** What to tell the person importing, or null when every row was UTF-8. */
  notice(): string | null {
    if (!this.count) {
      return null;
    }
    const more = this.count - this.rows.length;
    const rows = `${this.count === 1 ? 'Row' : 'Rows'} ${this.rows.map((n) => n.toLocaleString('en-US')).join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
    return `${rows} ${this.count === 1 ? 'is' : 'are'} not UTF-8 text: read as Windows-1252 (what Excel on Windows saves as 'CSV'), e.g. row ${this.example!.row.toLocaleString('en-US')}: '${this.example!.text}'. Check that the accents look right; saving the file as 'CSV UTF-8' avoids this.`;
  }
}
