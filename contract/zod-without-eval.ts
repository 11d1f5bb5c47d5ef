import { config } from 'zod/mini';

/*
 * Imported for its effect by the PWA and the service worker, whose policy refuses eval: left
 * alone, Zod's first parse probes `new Function('')` to decide whether to compile its parsers,
 * and the browser reports the refused probe as a policy violation. Without the probe Zod parses
 * as it does after a refused one.
 */
config({ jitless: true });
