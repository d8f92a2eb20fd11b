import { config } from 'zod';

// zod compiles fast parsers with new Function() unless told not to; the server's
// Content-Security-Policy refuses eval, and the probe alone reports a violation. zod probes when
// an object schema is built, so this module is the entry's first import: every schema module
// evaluated after it (the preloaded screens' included) is built with the probe switched off.
// Called as `config`, not `z.config`: the web build takes every `z.` call for pure
// (web/vite.config.ts) and would drop this one, whose result nothing reads.
config({ jitless: true });
