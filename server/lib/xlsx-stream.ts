import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';
import { MONEY_FORMAT, neutralise, type SheetSpec, type XCell } from '@shared/workbook';

/**
 * A streaming .xlsx writer for workbooks too large to build in memory (budget vs actual over a
 * ledger of any size): each sheet's rows are turned into SpreadsheetML and deflated into the zip as
 * they come, waiting for the output to drain, so memory holds a row and zlib's window, not the file.
 * The cells are those of shared/workbook.ts (the same formats; text that a spreadsheet would run
 * as a formula is neutralised the same way). exceljs's streaming writer buffered each sheet whole
 * and then held the event loop for seconds while zipping it.
 */

type SheetHead = Omit<SheetSpec, 'rows'>;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Style indexes of styles.xml below: money, percent, int, bold, and the title (bold, larger). */
const STYLE = { money: 1, percent: 2, int: 3, bold: 4, title: 5 } as const;

// Characters XML 1.0 cannot hold (control characters other than tab, newline and return).
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const escape = (text: string) =>
  text
    .replace(INVALID_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

function columnName(n: number): string {
  let name = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) {
    name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  }
  return name;
}

const textCell = (ref: string, text: string, s: number) =>
  `<c r="${ref}"${s ? ` s="${s}"` : ''} t="inlineStr"><is><t xml:space="preserve">${escape(neutralise(text))}</t></is></c>`;

function cellXml(ref: string, spec: XCell, title: boolean): string {
  if (spec === null) {
    return '';
  }
  const plain = typeof spec !== 'object';
  const fmt = plain ? undefined : spec.fmt;
  const s = title ? STYLE.title : fmt ? STYLE[fmt] : 0;
  const attr = s ? ` s="${s}"` : '';
  if (!plain && 'formula' in spec) {
    const r = spec.result;
    const type = typeof r === 'number' ? '' : typeof r === 'boolean' ? ' t="b"' : ' t="str"';
    const v = typeof r === 'boolean' ? (r ? '1' : '0') : escape(String(r));
    return `<c r="${ref}"${attr}${type}><f>${escape(spec.formula)}</f><v>${v}</v></c>`;
  }
  const value = plain ? spec : spec.value;
  if (value === null) {
    return '';
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? `<c r="${ref}"${attr}><v>${value}</v></c>` : '';
  }
  if (typeof value === 'boolean') {
    return `<c r="${ref}"${attr} t="b"><v>${value ? 1 : 0}</v></c>`;
  }
  return textCell(ref, value, s);
}

/** 1 January 1980, the earliest date a zip entry can carry (the files are generated, not edited). */
const DOS_DATE = 0x21;

/** One zip entry written so far: what the central directory records of it. */
interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** An xlsx being written to `out`: sheets one after the other, then finish(). */
export class XlsxStream {
  private entries: Entry[] = [];
  private offset = 0;
  private sheets: string[] = [];

  constructor(private out: Writable) {}

  private async raw(data: Buffer): Promise<void> {
    this.offset += data.length;
    if (!this.out.write(data)) {
      await new Promise<void>((resolve) => this.out.once('drain', resolve));
    }
  }

  /** A deflated zip entry whose content is produced by `fill` through `put`. */
  private async entry(name: string, fill: (put: (text: string) => Promise<void>) => Promise<void>) {
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0808, 6); // sizes in a descriptor after the data; UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt16LE(nameBytes.length, 26);
    const entry: Entry = { name: nameBytes, crc: 0, compressed: 0, size: 0, offset: this.offset };
    await this.raw(Buffer.concat([header, nameBytes]));
    const deflate = createDeflateRaw();
    const pending: Promise<void>[] = [];
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      pending.push(this.raw(chunk));
      if (pending.length > 8) {
        deflate.pause();
        void Promise.all(pending.splice(0)).then(() => deflate.resume());
      }
    });
    const ended = new Promise<void>((resolve, reject) => {
      deflate.once('end', resolve);
      deflate.once('error', reject);
    });
    await fill(async (text) => {
      const data = Buffer.from(text, 'utf8');
      entry.crc = crc32(data, entry.crc);
      entry.size += data.length;
      if (!deflate.write(data)) {
        await new Promise<void>((resolve) => deflate.once('drain', resolve));
      }
    });
    deflate.end();
    await ended;
    await Promise.all(pending);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.raw(descriptor);
    this.entries.push(entry);
  }

  /** Writes a sheet: its rows come from `rows`, any number, a chunk at a time. */
  async sheet(head: SheetHead, rows: AsyncIterable<readonly XCell[][]>): Promise<void> {
    this.sheets.push(head.name.slice(0, 31));
    const frozen = head.headRows
      ? `<pane ySplit="${head.headRows}" topLeftCell="A${head.headRows + 1}" activePane="bottomLeft" state="frozen"/>`
      : '';
    const cols = head.widths
      .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`)
      .join('');
    await this.entry(`xl/worksheets/sheet${this.sheets.length}.xml`, async (put) => {
      await put(
        `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0">${frozen}</sheetView></sheetViews><cols>${cols}</cols><sheetData>`,
      );
      let n = 0;
      for await (const chunk of rows) {
        let xml = '';
        for (const row of chunk) {
          n += 1;
          const cells = row.map((c, i) => cellXml(`${columnName(i + 1)}${n}`, c, n === 1)).join('');
          xml += `<row r="${n}">${cells}</row>`;
        }
        await put(xml);
      }
      await put('</sheetData></worksheet>');
    });
  }

  /** The workbook's parts and the zip's directory; `out` is ended. */
  async finish(): Promise<void> {
    const n = this.sheets.length;
    const sheetIds = Array.from({ length: n }, (_, i) => i + 1);
    const parts: [string, string][] = [
      [
        '[Content_Types].xml',
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheetIds.map((i) => `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`,
      ],
      [
        '_rels/.rels',
        `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
      [
        'xl/workbook.xml',
        // Excel recalculates every formula when the file opens, whatever results it caches.
        `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews><sheets>${this.sheets.map((name, i) => `<sheet name="${escape(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets><calcPr calcId="191029" fullCalcOnLoad="1"/></workbook>`,
      ],
      [
        'xl/_rels/workbook.xml.rels',
        `<Relationships xmlns="${PKG_REL}">${sheetIds.map((i) => `<Relationship Id="rId${i}" Type="${REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`).join('')}<Relationship Id="rId${n + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
      ],
      [
        'xl/styles.xml',
        `<styleSheet xmlns="${MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="${escape(MONEY_FORMAT)}"/><numFmt numFmtId="165" formatCode="0.00##"/></numFmts><fonts count="3"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="13"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="6"><xf/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="165" applyNumberFormat="1"/><xf numFmtId="3" applyNumberFormat="1"/><xf fontId="1" applyFont="1"/><xf fontId="2" applyFont="1"/></cellXfs></styleSheet>`,
      ],
    ];
    for (const [name, xml] of parts) {
      await this.entry(name, (put) => put(XML_HEAD + xml));
    }
    const start = this.offset;
    for (const e of this.entries) {
      const d = Buffer.alloc(46);
      d.writeUInt32LE(0x02014b50, 0);
      d.writeUInt16LE(20, 4);
      d.writeUInt16LE(20, 6);
      d.writeUInt16LE(0x0808, 8);
      d.writeUInt16LE(8, 10);
      d.writeUInt16LE(DOS_DATE, 14);
      d.writeUInt32LE(e.crc >>> 0, 16);
      d.writeUInt32LE(e.compressed, 20);
      d.writeUInt32LE(e.size, 24);
      d.writeUInt16LE(e.name.length, 28);
      d.writeUInt32LE(e.offset, 42);
      await this.raw(Buffer.concat([d, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.raw(end);
    await new Promise<void>((resolve, reject) =>
      this.out.end((err?: Error | null) => (err ? reject(err) : resolve())),
    );
  }
}
