import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse as parseSync } from 'csv-parse/sync';
import { badRequest } from '@server/errors';
import type { SourceRow } from './cells';
import { LegacyRows, LineDecoder, type DecodedPiece } from './csv-decode';
import { CsvSplitter } from './csv-splitter';

type TextEncoding = 'utf8' | 'utf16le' | 'latin1';

const DELIMITERS = [',', ';', '\t', '|'] as const;
const SAMPLE_BYTES = 64 * 1024;
const DELIMITER_SAMPLE = 16 * 1024;

/** UTF-16 (Excel's "Unicode Text"), UTF-8 (with or without BOM), else Windows-1252 read as Latin-1. */
export function detectEncoding(head: Buffer, truncated = false): TextEncoding {
  if (head[0] === 0xff && head[1] === 0xfe) {
    return 'utf16le';
  }
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    return 'utf8';
  }
  // A sample cut from a longer file may end inside a multi-byte character: then up to 3 trailing
  // bytes may be dropped before checking.
  for (let cut = 0; cut <= (truncated ? 3 : 0) && cut < head.length; cut += 1) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut));
      return 'utf8';
    } catch {
      // try a shorter sample
    }
  }
  return 'latin1';
}

function decode(head: Buffer, encoding: TextEncoding): string {
  return head.toString(encoding).replace(/^\ufeff/, '');
}

/**
 * The delimiter that splits the sample's lines into the most columns most consistently. A CSV from
 * Europe-set Excel uses ';', a "text" export tabs; a comma inside quotes does not count.
 */
export function detectDelimiter(sample: string): string {
  const lines = sample.split(/\r\n|\n|\r/).slice(0, 50);
  // The last line of a sample may be cut short; leave it out when there are others.
  const text = (lines.length > 2 ? lines.slice(0, -1) : lines).join('\n');
  let best: { delimiter: string; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    let rows: string[][];
    try {
      rows = parseSync(text, {
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
      });
    } catch {
      continue;
    }
    const widths = rows.map((r) => r.length).filter((w) => w > 1);
    if (!widths.length) {
      continue;
    }
    const counts = new Map<number, number>();
    widths.forEach((w) => counts.set(w, (counts.get(w) ?? 0) + 1));
    const [modeWidth, modeCount] = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
    const score = (modeCount / rows.length) * Math.log2(modeWidth + 1) * widths.length;
    if (score > best.score) {
      best = { delimiter, score };
    }
  }
  return best.delimiter;
}

export interface CsvSource {
  encoding: TextEncoding;
  delimiter: string;
  /** Which rows the last read took as Windows-1252 because they are not UTF-8 (null: none). */
  legacyNotice(): string | null;
  batches(onBytes?: (bytes: number) => void): AsyncGenerator<SourceRow[]>;
}

/**
 * Opens a delimited text file: the encoding and delimiter come from its first 64 KB, then records
 * stream through CsvSplitter (quotes, embedded newlines, BOM, CRLF) in batches, never holding the
 * whole file. Row numbers count records from 1, as a spreadsheet shows the file. A line that is
 * not UTF-8 is read as Windows-1252 wherever it is (legacyNotice names its row).
 */
export async function openCsv(filePath: string): Promise<CsvSource> {
  const handle = await open(filePath, 'r');
  let head: Buffer;
  try {
    const buf = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SAMPLE_BYTES, 0);
    head = buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const encoding = detectEncoding(head, head.length === SAMPLE_BYTES);
  // The first lines are enough to tell the delimiter (16 KB: a hundred rows of a payroll export);
  // detectDelimiter parses its sample once per candidate, 300 ms for 64 KB of a single wide line.
  const delimiter = detectDelimiter(decode(head, encoding).slice(0, DELIMITER_SAMPLE));
  let legacy = new LegacyRows();
  return {
    encoding,
    delimiter,
    legacyNotice: () => legacy.notice(),
    async *batches(onBytes) {
      const input = createReadStream(filePath, { highWaterMark: 512 * 1024 });
      // UTF-16 as a whole; UTF-8 and Windows-1252 line by line (LineDecoder), naming the rows
      // that were not UTF-8.
      const utf16 = encoding === 'utf16le' ? new TextDecoder('utf-16le') : null;
      const lines = new LineDecoder();
      legacy = new LegacyRows();
      const splitter = new CsvSplitter(delimiter);
      const split = (pieces: DecodedPiece[]): string[][] =>
        pieces.flatMap((piece) => {
          if (piece.legacy) {
            legacy.add(splitter.count + 1, piece.text);
          }
          return splitter.push(piece.text);
        });
      let n = 0;
      const number = (records: string[][]): SourceRow[] => records.map((cells) => ({ n: ++n, cells }));
      try {
        for await (const chunk of input as AsyncIterable<Buffer>) {
          onBytes?.(chunk.length);
          const records = utf16
            ? splitter.push(utf16.decode(chunk, { stream: true }))
            : split(lines.push(chunk));
          if (records.length) {
            yield number(records);
          }
        }
        const rest = [
          ...(utf16 ? splitter.push(utf16.decode()) : split(lines.finish())),
          ...splitter.finish(),
        ];
        if (rest.length) {
          yield number(rest);
        }
      } catch (err) {
        if ((err as { status?: number }).status) {
          throw err;
        }
        throw badRequest(`The CSV file could not be read: ${String((err as Error).message).split('\n')[0]}`);
      } finally {
        input.destroy();
      }
    },
  };
}
