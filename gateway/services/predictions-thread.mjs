// The prediction engine's thread: the gateway runs TypeScript through tsx, and a worker thread
// starts without the parent's loader, so it registers tsx before loading the engine's side.
import { register } from 'tsx/esm/api';

register();
await import('./predictions-worker.ts');
