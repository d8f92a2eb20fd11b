import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The layering of web, server and CLI is held by eslint.config.js; each boundary refuses a crossing. */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'domains/through-index')
    .map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['shared/schemas/probe.ts', "import { openDb } from '@server/db/index';", 'Schemas import only zod'],
    ['shared/schemas/probe.ts', "import { createLogger } from '@server/lib/log';", 'Schemas import only zod'],
    [
      'server/routes/probe.ts',
      "import { findUserByEmail } from '@server/domains/admin/queries/users';",
      'never queries',
    ],
    [
      'server/domains/admin/queries/probe.ts',
      "import { listUsers } from '../users';",
      'nothing from services',
    ],
    [
      'cli/commands/probe.ts',
      "import { findUserByEmail } from '@server/domains/admin/queries/users';",
      'only through services',
    ],
    ['cli/commands/probe.ts', "import knex from 'knex';", 'only through services'],
    [
      'web/src/screens/admin/probe.ts',
      "import { GapCard } from '@web/screens/dashboard/gap-card';",
      'other screens',
    ],
    // The paths an alias-only rule let through.
    ['web/src/screens/admin/probe.ts', "import { GapCard } from '../dashboard/gap-card';", 'other screens'],
    [
      'web/src/screens/admin/import/probe.ts',
      "import { GapCard } from '../../dashboard/gap-card';",
      'other screens',
    ],
    [
      'server/routes/sub/probe.ts',
      "import { findUserByEmail } from '../../domains/admin/queries/users';",
      'never queries',
    ],
    [
      'server/routes/probe.ts',
      "import { findUserByEmail } from '@server/domains/admin/queries';",
      'never queries',
    ],
    ['server/domains/admin/queries/probe.ts', "import { listUsers } from '..';", 'nothing from services'],
    // A domain is entered through its index.ts only, by alias or by a relative path.
    ['server/routes/probe.ts', "import { listUsers } from '@server/domains/admin/users';", 'the one door'],
    ['server/domains/planning/probe.ts', "import { listUsers } from '../admin/users';", 'the one door'],
    ['server/domains/planning/probe.ts', "import { users } from '../admin/index';", 'the one door'],
    [
      'cli/commands/probe.ts',
      "import { listUsers } from '../../server/domains/admin/users';",
      'the one door',
    ],
    ['seeds/probe.ts', "import { listUsers } from '@server/domains/admin/users';", 'the one door'],
    [
      'cli/commands/probe.ts',
      "import { findUserByEmail } from '../../server/domains/admin/queries/users';",
      'only through services',
    ],
    ['cli/commands/probe.ts', "import { PGlite } from '@electric-sql/pglite';", 'only through services'],
    ['cli/commands/probe.ts', "import { PGliteDialect } from 'knex-pglite';", 'only through services'],
    // The shared folder runs in the browser and on the server: it imports neither.
    ['shared/probe.ts', "import { createLogger } from '@server/lib/log';", 'shared/ imports nothing'],
    ['shared/probe.ts', "import { formatMoney } from '@web/lib/format';", 'shared/ imports nothing'],
    ['shared/probe.ts', "import { createLogger } from '../server/lib/log';", 'shared/ imports nothing'],
    // The web app reaches outside web/ only through @shared/.
    ['web/src/lib/probe.ts', "import { createLogger } from '@server/lib/log';", 'only through @shared/'],
    ['web/src/lib/probe.ts', "import { money } from '../../../shared/money';", 'only through @shared/'],
    [
      'web/src/screens/admin/probe.ts',
      "import { authorize } from '@server/policies/index';",
      'only through @shared/',
    ],
  ])('%s refuses %s', async (file, line, message) => {
    const messages = await restricted(
      file,
      `${line}\nexport const used = [${line
        .match(/\{ (\w+) \}|import (\w+)/)!
        .slice(1)
        .find(Boolean)}];\n`,
    );
    expect(messages.join('\n')).toContain(message);
  });

  it.each([
    ['shared/schemas/probe.ts', "import { z } from 'zod';\nimport { moneyInput } from './common';"],
    // The budget arithmetic imports nothing: the schemas' labels and thresholds come from it.
    ['shared/schemas/probe.ts', "import { fiscalYearLabel } from '@shared/budget-math';"],
    ['server/routes/probe.ts', "import { users } from '@server/domains/admin';"],
    ['server/domains/admin/probe.ts', "import { listUsers } from './users';"],
    ['server/domains/admin/queries/probe.ts', "import { auditEntry } from '@server/db/audit';"],
    ['cli/context.ts', "import { openDb } from '@server/db/index';"],
    [
      'web/src/screens/admin/probe.ts',
      "import { ImportWizard } from '@web/screens/admin/import/import-wizard';",
    ],
    ['web/src/screens/admin/import/probe.ts', "import { AdminScreen } from '../index';"],
    ['web/src/screens/admin/probe.ts', "import { can } from '@shared/policy';"],
    ['shared/probe.ts', "import { z } from 'zod';\nimport { money } from './money';"],
    ['cli/commands/probe.ts', "import { users } from '@server/domains/admin';"],
    [
      'cli/commands/probe.ts',
      "import { Command } from 'commander';\nimport { pgFormat } from 'pg-format-probe';",
    ],
  ])('%s may import within its layer', async (file, lines) => {
    expect(await restricted(file, `${lines}\n`)).toEqual([]);
  });
});
