import type { Knex } from 'knex';
import { openCopy, type CopyWriter } from '@server/lib/import/copy';
import { COPY_COLUMNS } from '@server/lib/import/transform';

/** COPY text staged before a part is moved into line_items (about 20,000 payroll rows). */
const PART_CHARS = 4 * 1024 * 1024;
/**
 * The first part is smaller (about 1,500 rows): PostgreSQL has nothing to move until it is read,
 * and after it PostgreSQL is the slower side, so a short first part starts it sooner.
 */
const FIRST_PART_CHARS = PART_CHARS / 16;

/**
 * A CopyWriter that stages an import's lines in parts: each part is COPYed into the staging table,
 * then `move` (the rule applied, one INSERT into line_items) runs on the connection while the
 * caller goes on reading and transforming the next part, which waits in memory meanwhile. Two cores
 * then share the work: the file's rows in JavaScript, the writes in PostgreSQL. At most one part
 * waits, so memory stays bounded; a failed move is thrown from the next write or from finish.
 */
export class StagedParts implements CopyWriter {
  private copy: CopyWriter | null = null;
  private copied = 0;
  private moves = 0;
  private moving: Promise<void> | null = null;
  private failure: Error | null = null;
  private held: string[] = [];
  private heldChars = 0;

  constructor(
    private readonly trx: Knex.Transaction,
    private readonly staged: string,
    private readonly move: () => Promise<void>,
  ) {}

  async write(lines: string): Promise<void> {
    this.check();
    if (!this.moving) {
      await this.send(lines);
      return;
    }
    this.held.push(lines);
    this.heldChars += lines.length;
    if (this.heldChars >= PART_CHARS) {
      await this.moving;
      this.check();
      await this.send('');
    }
  }

  async finish(): Promise<void> {
    await this.moving;
    this.check();
    await this.send('');
    await this.moving;
    this.check();
    if (this.copy) {
      await this.copy.finish();
      this.copy = null;
      await this.move();
    }
  }

  async abort(reason: Error): Promise<void> {
    await this.copy?.abort(reason);
    this.copy = null;
    // A move in flight ends (or fails) before the transaction rolls back.
    await this.moving?.catch(() => undefined);
  }

  private check(): void {
    if (this.failure) {
      throw this.failure;
    }
  }

  /** Sends the held lines and `lines`; starts a move once a part is copied. */
  private async send(lines: string): Promise<void> {
    const parts = this.held.length ? [...this.held, lines] : [lines];
    this.held = [];
    this.heldChars = 0;
    for (const text of parts) {
      if (!text) {
        continue;
      }
      this.copy ??= await openCopy(this.trx, this.staged, COPY_COLUMNS);
      await this.copy.write(text);
      this.copied += text.length;
    }
    if (this.copied >= (this.moves ? PART_CHARS : FIRST_PART_CHARS) && this.copy) {
      await this.copy.finish();
      this.copy = null;
      this.copied = 0;
      this.moves += 1;
      this.moving = this.move().then(
        () => {
          this.moving = null;
        },
        (err: Error) => {
          this.failure = err;
          this.moving = null;
        },
      );
    }
  }
}
