#!/usr/bin/env node
// budget-cli runs dist/cli.mjs, the CLI compiled once to JavaScript (scripts/build-server.mjs),
// after rebuilding it if it is missing or its sources changed (a few milliseconds to check).
import { ensureBuilt } from '../scripts/build-server.mjs';

await ensureBuilt({ quiet: !process.stderr.isTTY });
await import('../dist/cli.mjs');
