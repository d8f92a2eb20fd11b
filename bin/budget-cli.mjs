#!/usr/bin/env node
// The CLI is TypeScript sharing the server's services; tsx compiles it on the fly.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
register({ tsconfig: path.join(root, 'tsconfig.json') });
await import(path.join(root, 'cli/index.ts'));
