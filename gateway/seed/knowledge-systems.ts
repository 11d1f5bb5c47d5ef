import { DRIVE_SYSTEMS } from './knowledge-topics-drive';
import { EXHAUST_SYSTEMS } from './knowledge-topics-exhaust';
import { FLUID_SYSTEMS } from './knowledge-topics-fluid';
import type { SystemTopic } from './knowledge-topics';

/** Every system (category level 3) of the demo articles. */
export const SYSTEMS: readonly SystemTopic[] = [
  ...FLUID_SYSTEMS,
  ...EXHAUST_SYSTEMS,
  ...DRIVE_SYSTEMS,
];
