import { afterEach, beforeEach, vi } from 'vitest';
import type { User } from '../../contract';
import { stubGateway, type GatewayStub } from './gateway-stub';
import { resetDb, signInLocally } from './render';

export interface Testbed {
  /** The gateway stubbed at fetch, new for each test. */
  gateway: GatewayStub;
  /** navigator.onLine; true at the start of each test. */
  online: boolean;
}

/** Each test starts signed in as `user` on an empty device, online, with a fresh gateway stub. */
export function signedInTestbed(user: User): Testbed {
  const bed = { online: true } as Testbed;
  beforeEach(async () => {
    await resetDb();
    await signInLocally(user, { sessionFor: 3_600_000 });
    bed.online = true;
    Object.defineProperty(window.navigator, 'onLine', {
      configurable: true,
      get: () => bed.online,
    });
    bed.gateway = stubGateway();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return bed;
}
