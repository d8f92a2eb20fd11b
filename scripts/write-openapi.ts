// Writes the generated OpenAPI document to a file, for the linter in CI.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApi } from '@server/openapi';
import { allRoutes } from '@server/routes/index';

const out = path.resolve(process.argv[2] ?? 'data/openapi.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(buildOpenApi(allRoutes), null, 2)}\n`);
console.log(`Wrote ${out}`);
