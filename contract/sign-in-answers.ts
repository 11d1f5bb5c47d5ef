/* eslint-disable */
// @ts-nocheck: the checks are generated JavaScript; what this module exports is typed.
/*
 * Made by `npm run contract:checks` (scripts/first-screen-answers.ts) from the declarations in
 * contract/endpoints/: do not edit. These answers are checked without loading zod.
 */
import type { output } from 'zod/v4/core';
import type { CheckedEndpoint } from './endpoint';
import type * as auth from './endpoints/auth';

const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);

export const getAuthConfig: CheckedEndpoint<output<(typeof auth.getAuthConfig.responses)[200]>> = {
  method: 'GET',
  path: '/api/v1/auth/config',
  check: (function () {
    const ref0 = function validate(data) {
      if (!(typeof data === 'object' && data && !Array.isArray(data))) return false;
      if (!(data.clientId !== undefined && hasOwn(data, 'clientId'))) return false;
      if (!(data.authority !== undefined && hasOwn(data, 'authority'))) return false;
      if (!(data.knownAuthorities !== undefined && hasOwn(data, 'knownAuthorities'))) return false;
      if (!(data.authorityMetadata !== undefined && hasOwn(data, 'authorityMetadata')))
        return false;
      if (!(data.scopes !== undefined && hasOwn(data, 'scopes'))) return false;
      if (!(data.redirectPath !== undefined && hasOwn(data, 'redirectPath'))) return false;
      if (!(data.postLogoutRedirectPath !== undefined && hasOwn(data, 'postLogoutRedirectPath')))
        return false;
      if (!(data.endSessionUrl !== undefined && hasOwn(data, 'endSessionUrl'))) return false;
      if (!(typeof data.clientId === 'string')) return false;
      if (!(typeof data.authority === 'string')) return false;
      if (!Array.isArray(data.knownAuthorities)) return false;
      for (let i = 0; i < data.knownAuthorities.length; i++) {
        if (data.knownAuthorities[i] !== undefined && hasOwn(data.knownAuthorities, i)) {
          if (!(typeof data.knownAuthorities[i] === 'string')) return false;
        }
      }
      if (!(typeof data.authorityMetadata === 'string' || data.authorityMetadata === null))
        return false;
      if (!Array.isArray(data.scopes)) return false;
      for (let j = 0; j < data.scopes.length; j++) {
        if (data.scopes[j] !== undefined && hasOwn(data.scopes, j)) {
          if (!(typeof data.scopes[j] === 'string')) return false;
        }
      }
      if (!(typeof data.redirectPath === 'string')) return false;
      if (!(typeof data.postLogoutRedirectPath === 'string')) return false;
      if (!(typeof data.endSessionUrl === 'string' || data.endSessionUrl === null)) return false;
      return true;
    };
    return ref0;
  })(),
};
export const createSession: CheckedEndpoint<output<(typeof auth.createSession.responses)[200]>> = {
  method: 'POST',
  path: '/api/v1/auth/session',
  check: (function () {
    const ref0 = function validate(data) {
      if (!(typeof data === 'object' && data && !Array.isArray(data))) return false;
      if (!(data.user !== undefined && hasOwn(data, 'user'))) return false;
      if (!(data.expiresAt !== undefined && hasOwn(data, 'expiresAt'))) return false;
      if (!(typeof data.user === 'object' && data.user && !Array.isArray(data.user))) return false;
      if (!(data.user.id !== undefined && hasOwn(data.user, 'id'))) return false;
      if (!(data.user.username !== undefined && hasOwn(data.user, 'username'))) return false;
      if (!(data.user.firstName !== undefined && hasOwn(data.user, 'firstName'))) return false;
      if (!(data.user.lastName !== undefined && hasOwn(data.user, 'lastName'))) return false;
      if (!(data.user.userType !== undefined && hasOwn(data.user, 'userType'))) return false;
      if (!(data.user.accountId !== undefined && hasOwn(data.user, 'accountId'))) return false;
      if (!(data.user.accountNumber !== undefined && hasOwn(data.user, 'accountNumber')))
        return false;
      if (!(data.user.accountName !== undefined && hasOwn(data.user, 'accountName'))) return false;
      if (!(data.user.accountRecordType !== undefined && hasOwn(data.user, 'accountRecordType')))
        return false;
      if (!(data.user.contactId !== undefined && hasOwn(data.user, 'contactId'))) return false;
      if (!(data.user.contactName !== undefined && hasOwn(data.user, 'contactName'))) return false;
      if (!(data.user.contactEmail !== undefined && hasOwn(data.user, 'contactEmail')))
        return false;
      if (!(data.user.contactPhone !== undefined && hasOwn(data.user, 'contactPhone')))
        return false;
      if (!(data.user.isAdmin !== undefined && hasOwn(data.user, 'isAdmin'))) return false;
      if (!(data.user.passwordExpiresAt !== undefined && hasOwn(data.user, 'passwordExpiresAt')))
        return false;
      if (!(data.user.kind !== undefined && hasOwn(data.user, 'kind'))) return false;
      if (!(typeof data.user.id === 'string')) return false;
      if (!(typeof data.user.username === 'string')) return false;
      if (!(typeof data.user.firstName === 'string')) return false;
      if (!(typeof data.user.lastName === 'string')) return false;
      if (!(typeof data.user.userType === 'string' || data.user.userType === null)) return false;
      if (!(typeof data.user.accountId === 'string' || data.user.accountId === null)) return false;
      if (!(typeof data.user.accountNumber === 'string' || data.user.accountNumber === null))
        return false;
      if (!(typeof data.user.accountName === 'string' || data.user.accountName === null))
        return false;
      if (!(
        typeof data.user.accountRecordType === 'string' || data.user.accountRecordType === null
      ))
        return false;
      if (!(typeof data.user.contactId === 'string' || data.user.contactId === null)) return false;
      if (!(typeof data.user.contactName === 'string' || data.user.contactName === null))
        return false;
      if (!(typeof data.user.contactEmail === 'string' || data.user.contactEmail === null))
        return false;
      if (!(typeof data.user.contactPhone === 'string' || data.user.contactPhone === null))
        return false;
      if (!(typeof data.user.isAdmin === 'boolean')) return false;
      if (!(
        typeof data.user.passwordExpiresAt === 'string' || data.user.passwordExpiresAt === null
      ))
        return false;
      if (!(typeof data.user.kind === 'string')) return false;
      if (!(data.user.kind === 'internal' || data.user.kind === 'external')) return false;
      if (!(typeof data.expiresAt === 'string')) return false;
      if (data.token !== undefined && hasOwn(data, 'token')) {
        if (!(typeof data.token === 'string')) return false;
      }
      return true;
    };
    return ref0;
  })(),
};
export const getMe: CheckedEndpoint<output<(typeof auth.getMe.responses)[200]>> = {
  method: 'GET',
  path: '/api/v1/me',
  check: (function () {
    const ref0 = function validate(data) {
      if (!(typeof data === 'object' && data && !Array.isArray(data))) return false;
      if (!(data.id !== undefined && hasOwn(data, 'id'))) return false;
      if (!(data.username !== undefined && hasOwn(data, 'username'))) return false;
      if (!(data.firstName !== undefined && hasOwn(data, 'firstName'))) return false;
      if (!(data.lastName !== undefined && hasOwn(data, 'lastName'))) return false;
      if (!(data.userType !== undefined && hasOwn(data, 'userType'))) return false;
      if (!(data.accountId !== undefined && hasOwn(data, 'accountId'))) return false;
      if (!(data.accountNumber !== undefined && hasOwn(data, 'accountNumber'))) return false;
      if (!(data.accountName !== undefined && hasOwn(data, 'accountName'))) return false;
      if (!(data.accountRecordType !== undefined && hasOwn(data, 'accountRecordType')))
        return false;
      if (!(data.contactId !== undefined && hasOwn(data, 'contactId'))) return false;
      if (!(data.contactName !== undefined && hasOwn(data, 'contactName'))) return false;
      if (!(data.contactEmail !== undefined && hasOwn(data, 'contactEmail'))) return false;
      if (!(data.contactPhone !== undefined && hasOwn(data, 'contactPhone'))) return false;
      if (!(data.isAdmin !== undefined && hasOwn(data, 'isAdmin'))) return false;
      if (!(data.passwordExpiresAt !== undefined && hasOwn(data, 'passwordExpiresAt')))
        return false;
      if (!(data.kind !== undefined && hasOwn(data, 'kind'))) return false;
      if (!(typeof data.id === 'string')) return false;
      if (!(typeof data.username === 'string')) return false;
      if (!(typeof data.firstName === 'string')) return false;
      if (!(typeof data.lastName === 'string')) return false;
      if (!(typeof data.userType === 'string' || data.userType === null)) return false;
      if (!(typeof data.accountId === 'string' || data.accountId === null)) return false;
      if (!(typeof data.accountNumber === 'string' || data.accountNumber === null)) return false;
      if (!(typeof data.accountName === 'string' || data.accountName === null)) return false;
      if (!(typeof data.accountRecordType === 'string' || data.accountRecordType === null))
        return false;
      if (!(typeof data.contactId === 'string' || data.contactId === null)) return false;
      if (!(typeof data.contactName === 'string' || data.contactName === null)) return false;
      if (!(typeof data.contactEmail === 'string' || data.contactEmail === null)) return false;
      if (!(typeof data.contactPhone === 'string' || data.contactPhone === null)) return false;
      if (!(typeof data.isAdmin === 'boolean')) return false;
      if (!(typeof data.passwordExpiresAt === 'string' || data.passwordExpiresAt === null))
        return false;
      if (!(typeof data.kind === 'string')) return false;
      if (!(data.kind === 'internal' || data.kind === 'external')) return false;
      return true;
    };
    return ref0;
  })(),
};
