import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { RemoteConfig, User } from '../../contract';
import { db } from '../../src/db/db';

/** Renders inside Mantine (test env: no transitions, no portals) and a memory router. */
export function renderScreen(ui: ReactElement, path = '/') {
  return render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}

const DAY = 24 * 60 * 60 * 1000;

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u-dana',
    username: 'dana.tech@northfield.example',
    firstName: 'Dana',
    lastName: 'Tech',
    userType: 'PowerPartner',
    accountId: 'a-1',
    accountNumber: '1001',
    accountName: 'Northfield Equipment',
    accountRecordType: 'Dealer',
    contactId: 'c-1',
    contactName: 'Dana Tech',
    contactEmail: 'dana.tech@northfield.example',
    contactPhone: '(515) 555-0147',
    isAdmin: false,
    passwordExpiresAt: new Date(Date.now() + 300 * DAY).toISOString(),
    kind: 'external',
    ...overrides,
  };
}

export const days = (n: number) => new Date(Date.now() + n * DAY).toISOString();

/** Empties every table of the real (fake-indexeddb) database between tests. */
export async function resetDb() {
  await Promise.all(db.tables.map((t) => t.clear()));
}

/**
 * `user` is the device's profile; with `sessionFor` (ms) a session of theirs is running too, as
 * after signing in online.
 */
export async function signInLocally(user: User, { sessionFor }: { sessionFor?: number } = {}) {
  await db.profile.put({ key: 'me', user, syncedAt: Date.now() });
  if (sessionFor !== undefined) {
    await db.session.put({ key: 'current', userId: user.id, expiresAt: Date.now() + sessionFor });
  }
}

/** A remote configuration as the gateway serves it, with the links of the default set-up. */
export function remoteConfig(overrides: Partial<RemoteConfig> = {}): RemoteConfig {
  return {
    productName: 'Torque',
    version: '1.0',
    callTscNumber: '+1-800-555-0100',
    privacyPolicyUrl: '/links/privacy',
    passwordResetUrl: '/links/password-reset',
    passwordArticleUrl: '/links/password-article',
    training: {
      certifiedServiceTechCourse: '/links/a',
      serviceCoursesCatalog: '/links/b',
      technicianCertificationGuide: '/links/c',
    },
    productDeliveryInspectionUrl: '/links/pdi',
    crmFrontDoorUrl: '/links/crm',
    communityUrl: '/links/community',
    qualityReportUrl: '/links/quality',
    partsPdfUrl: '/links/parts',
    ...overrides,
  };
}
