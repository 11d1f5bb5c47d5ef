import type { ModelFamily } from '../reference/models';

/**
 * What the demo service articles are about: systems (category level 3) and components (level
 * 4) with their symptoms, causes, repair steps, torque values and J1939 codes. Plain data;
 * knowledge-articles.ts combines it with the machine catalogue's models.
 */

export interface ComponentTopic {
  /** Category level 4. */
  name: string;
  /** Families the component exists on; undefined = every family of its system. */
  families?: readonly ModelFamily[];
  symptoms: readonly string[];
  causes: readonly string[];
  steps: readonly string[];
  /** Fastener and torque in N·m. */
  torques: readonly [string, number][];
  /** [SPN, FMI, description]. */
  dtcs: readonly [number, number, string][];
}

export interface SystemTopic {
  /** Category level 3. */
  name: string;
  /** Families the system exists on; undefined = all. */
  families?: readonly ModelFamily[];
  components: readonly ComponentTopic[];
}

export const SAFETY_NOTES = [
  'Lower all implements to the ground, stop the engine and remove the key before starting work.',
  'Relieve hydraulic pressure by cycling the controls with the engine off; escaping oil under pressure can penetrate skin.',
  'Allow the engine and exhaust aftertreatment to cool: DPF surfaces exceed 600 °C during regeneration.',
  'Disconnect the battery negative cable before working on the electrical system.',
  'Block the wheels or tracks and engage the parking brake before raising the machine.',
  'Wear safety glasses and chemical-resistant gloves when handling DEF, coolant or hydraulic oil.',
] as const;
