import { DRIVE_SYSTEMS } from './knowledge-topics-drive';
import { FLUID_SYSTEMS } from './knowledge-topics-fluid';
import type { SystemTopic } from './knowledge-topics';

/** Every system (category level 3) of the demo articles. */
export const SYSTEMS: readonly SystemTopic[] = [...FLUID_SYSTEMS, ...DRIVE_SYSTEMS];
