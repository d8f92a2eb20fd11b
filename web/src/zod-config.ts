import { z } from 'zod';

// zod compiles fast parsers with new Function() unless told not to; the server's
// Content-Security-Policy refuses eval, and the probe alone reports a violation. zod probes when
// an object schema is built, so this module is the entry's first import: every schema module
// evaluated after it (the preloaded screens' included) is built with the probe switched off.
z.config({ jitless: true });
