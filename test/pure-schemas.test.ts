import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rolldown, type Plugin } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { pureSchemas } from '../web/pure-schemas';

const root = path.resolve(import.meta.dirname, '..');
const schemas = path.join(root, 'shared/schemas');

/** The bundle of a module that imports `names` from a shared schema module and logs them. */
async function bundle(module: string, names: string[], plugins: Plugin[]): Promise<string> {
  const entry = `\0entry`;
  const build = await rolldown({
    input: entry,
    external: ['zod'],
    plugins: [
      {
        name: 'entry',
        resolveId: (id) => (id === entry ? id : null),
        load: (id) =>
          id === entry
            ? `import { ${names.join(', ')} } from ${JSON.stringify(path.join(schemas, module))};\nconsole.log(${names.join(', ')});`
            : null,
      },
      ...plugins,
    ],
  });
  const { output } = await build.generate({ format: 'esm' });
  await build.close();
  return output[0].code;
}

const plugin = () => pureSchemas() as unknown as Plugin;

describe('the web build leaves out the shared schemas nothing uses (web/pure-schemas.ts)', () => {
  it('a screen that takes one constant from a schema module does not get its schemas', async () => {
    const without = await bundle('positions.ts', ['POSITION_STATUSES'], []);
    const withPlugin = await bundle('positions.ts', ['POSITION_STATUSES'], [plugin()]);
    // The position DTO's fields: built at load without the plugin, gone with it.
    expect(without).toContain('employeeTotalShare');
    expect(withPlugin).not.toContain('employeeTotalShare');
    expect(withPlugin).toContain('"vacant"');
    expect(withPlugin.length).toBeLessThan(without.length / 3);
  });

  it('a schema that is used keeps everything it runs, its refinements included', async () => {
    const code = await bundle('setup.ts', ['createBudgetYearBody'], [plugin()]);
    expect(code).toContain('superRefine');
    expect(code).toContain('addIssue');
    expect(code).toContain("leaves out the budget year's own");
    // Its module's other schemas are left out.
    expect(code).not.toContain('seedCategoriesResponse');
    expect(code).not.toContain('alreadyThere');
  });

  // The plugin marks top-level constants' calls as pure: a schema module that ran code for its
  // effects (a registry filled, a setting changed) would lose it when nothing read the result.
  it('every shared schema module only declares: imports, exports, constants, functions and types', () => {
    const declarations = new Set([
      'ImportDeclaration',
      'ExportAllDeclaration',
      'VariableDeclaration',
      'FunctionDeclaration',
      'TSTypeAliasDeclaration',
      'TSInterfaceDeclaration',
    ]);
    const files = readdirSync(schemas).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(50);
    const others: string[] = [];
    for (const file of files) {
      const program = parseAst(readFileSync(path.join(schemas, file), 'utf8'), { lang: 'ts' }, file);
      for (const statement of program.body) {
        const node =
          statement.type === 'ExportNamedDeclaration' && statement.declaration
            ? statement.declaration
            : statement;
        const plainExport = statement.type === 'ExportNamedDeclaration' && !statement.declaration;
        if (!plainExport && !declarations.has(node.type)) {
          others.push(`${file}: ${node.type}`);
        }
      }
    }
    expect(others).toEqual([]);
  });
});
