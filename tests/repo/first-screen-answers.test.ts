// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';
import * as answers from '../../contract/first-screen-answers';
import * as auth from '../../contract/endpoints/auth';
import { getRemoteConfig } from '../../contract/endpoints/config';
import * as signIn from '../../contract/sign-in-answers';
import { answersModule, MODULES } from '../../scripts/first-screen-answers';
import { makeUser, remoteConfig } from '../components/render';

describe("the first screen's answer checks", () => {
  it.each(MODULES.map((m) => [m.file.replace(/^.*\/contract\//, 'contract/'), m] as const))(
    '%s is the one the declarations make (npm run contract:checks writes it)',
    async (_, module) => {
      expect(await readFile(module.file, 'utf8')).toBe(await answersModule(module));
    },
  );

  const session = { user: makeUser(), expiresAt: '2026-11-26T20:00:00.000Z' };
  const cases: [string, (data: unknown) => boolean, $ZodType, unknown][] = [
    [
      'sign-in settings',
      signIn.getAuthConfig.check,
      auth.getAuthConfig.responses[200],
      {
        clientId: 'torque-pwa',
        authority: 'https://idp.example',
        knownAuthorities: ['idp.example'],
        authorityMetadata: null,
        scopes: ['openid', 'profile'],
        redirectPath: '/auth/callback',
        postLogoutRedirectPath: '/login',
        endSessionUrl: null,
      },
    ],
    ['session', answers.getSession.check, auth.getSession.responses[200], session],
    [
      'new session',
      signIn.createSession.check,
      auth.createSession.responses[200],
      { ...session, token: 'abc' },
    ],
    ['user', signIn.getMe.check, auth.getMe.responses[200], makeUser()],
    [
      'remote configuration',
      answers.getRemoteConfig.check,
      getRemoteConfig.responses[200],
      remoteConfig(),
    ],
  ];

  /** The answer with the value at `path` replaced (`undefined` deletes it, as JSON can). */
  function changed(value: unknown, path: string[], to: unknown): unknown {
    if (path.length === 0) return to;
    const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
      string,
      unknown
    >;
    const [key, ...rest] = path as [string, ...string[]];
    const next = changed(copy[key], rest, to);
    if (next !== undefined) copy[key] = next;
    else if (Array.isArray(copy)) copy.splice(Number(key), 1);
    else delete copy[key];
    return copy;
  }

  function pathsOf(value: unknown, at: string[] = []): string[][] {
    if (value === null || typeof value !== 'object') return [at];
    return [at, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...at, k]))];
  }

  it.each(cases)(
    '%s: accepts and refuses exactly what zod does, field by field',
    (_, check, schema, valid) => {
      expect(check(valid)).toBe(true);
      let refused = 0;
      for (const path of pathsOf(valid)) {
        for (const to of [undefined, null, 42, 'text', true, [], {}]) {
          const answer = changed(valid, path, to);
          const zod = safeParse(schema, answer).success;
          expect(check(answer), `${path.join('.')} = ${JSON.stringify(to)}`).toBe(zod);
          if (!zod) refused++;
        }
      }
      expect(refused).toBeGreaterThan(0);
      // A newer gateway's extra field is read, as zod reads it (and drops it).
      expect(check({ ...(valid as object), addedLater: 1 })).toBe(true);
    },
  );
});
