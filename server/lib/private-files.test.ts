import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { makeDataDirPrivate } from './private-files';

/**
 * The first start with a new DATA_DIR once warned that the folder it had just created 'was readable
 * by other users'. The start-up order is server/index.ts's: loadConfig (which creates the folder
 * for its generated secrets), then makeDataDirPrivate.
 */
describe('DATA_DIR on first start', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'private-files-test-'));
  const umask = process.umask();
  afterEach(() => {
    process.umask(umask);
  });

  it('creates a new folder owner-only and does not warn about it', () => {
    process.umask(0o022); // a fresh process: the server sets 077 only in makeDataDirPrivate
    const dataDir = path.join(parent, 'new', 'data');
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(config.dataDir).toBe(dataDir);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const warnings: string[] = [];
    makeDataDirPrivate(config.dataDir, (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('still warns about, and tightens, a folder that was readable by others before', () => {
    process.umask(0o022);
    const dataDir = path.join(parent, 'old');
    mkdirSync(dataDir, { mode: 0o755 });
    const warnings: string[] = [];
    makeDataDirPrivate(dataDir, (m) => warnings.push(m));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('was readable by other users of this machine (mode 755)');
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    rmSync(parent, { recursive: true, force: true });
  });
});
