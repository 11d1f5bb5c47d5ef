import { inject } from 'vitest';
import { startGateway, type RunningGateway } from './gateway';

/**
 * A gateway of a test's own (to stop it, or to give it other settings) on a copy of the lane's
 * seeded database, which e2e/global-setup.ts made once.
 */
export function startSeededGateway(
  port: number,
  env: Record<string, string> = {},
): Promise<RunningGateway> {
  return startGateway(port, env, 'build', inject('dataTemplate'));
}
