/* eslint-disable */
// @ts-nocheck: the checks are generated JavaScript; what this module exports is typed.
/*
 * Made by `npm run contract:checks` (scripts/first-screen-answers.ts) from the declarations in
 * contract/endpoints/: do not edit. These answers are checked without loading zod.
 */
import type { output } from 'zod/v4/core';
import type { CheckedEndpoint, EndpointPath } from './endpoint';
import type * as auth from './endpoints/auth';
import type * as cases from './endpoints/cases';
import type * as config from './endpoints/config';

const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);

export const getSession: CheckedEndpoint<output<(typeof auth.getSession.responses)[200]>> = {
  method: 'GET',
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
      return true;
    };
    return ref0;
  })(),
};
export const endSession: EndpointPath = {
  method: 'POST',
  path: '/api/v1/auth/logout',
};
export const getRemoteConfig: CheckedEndpoint<
  output<(typeof config.getRemoteConfig.responses)[200]>
> = {
  method: 'GET',
  path: '/api/v1/config',
  check: (function () {
    const ref0 = function validate(data) {
      if (!(typeof data === 'object' && data && !Array.isArray(data))) return false;
      if (!(data.productName !== undefined && hasOwn(data, 'productName'))) return false;
      if (!(data.version !== undefined && hasOwn(data, 'version'))) return false;
      if (!(data.callTscNumber !== undefined && hasOwn(data, 'callTscNumber'))) return false;
      if (!(data.privacyPolicyUrl !== undefined && hasOwn(data, 'privacyPolicyUrl'))) return false;
      if (!(data.passwordResetUrl !== undefined && hasOwn(data, 'passwordResetUrl'))) return false;
      if (!(data.passwordArticleUrl !== undefined && hasOwn(data, 'passwordArticleUrl')))
        return false;
      if (!(data.training !== undefined && hasOwn(data, 'training'))) return false;
      if (!(
        data.productDeliveryInspectionUrl !== undefined &&
        hasOwn(data, 'productDeliveryInspectionUrl')
      ))
        return false;
      if (!(data.crmFrontDoorUrl !== undefined && hasOwn(data, 'crmFrontDoorUrl'))) return false;
      if (!(data.communityUrl !== undefined && hasOwn(data, 'communityUrl'))) return false;
      if (!(data.qualityReportUrl !== undefined && hasOwn(data, 'qualityReportUrl'))) return false;
      if (!(data.partsPdfUrl !== undefined && hasOwn(data, 'partsPdfUrl'))) return false;
      if (!(typeof data.productName === 'string')) return false;
      if (!(typeof data.version === 'string')) return false;
      if (!(typeof data.callTscNumber === 'string')) return false;
      if (!(typeof data.privacyPolicyUrl === 'string')) return false;
      if (!(typeof data.passwordResetUrl === 'string')) return false;
      if (!(typeof data.passwordArticleUrl === 'string')) return false;
      if (!(typeof data.training === 'object' && data.training && !Array.isArray(data.training)))
        return false;
      if (!(
        data.training.certifiedServiceTechCourse !== undefined &&
        hasOwn(data.training, 'certifiedServiceTechCourse')
      ))
        return false;
      if (!(
        data.training.serviceCoursesCatalog !== undefined &&
        hasOwn(data.training, 'serviceCoursesCatalog')
      ))
        return false;
      if (!(
        data.training.technicianCertificationGuide !== undefined &&
        hasOwn(data.training, 'technicianCertificationGuide')
      ))
        return false;
      if (!(typeof data.training.certifiedServiceTechCourse === 'string')) return false;
      if (!(typeof data.training.serviceCoursesCatalog === 'string')) return false;
      if (!(typeof data.training.technicianCertificationGuide === 'string')) return false;
      if (!(typeof data.productDeliveryInspectionUrl === 'string')) return false;
      if (!(typeof data.crmFrontDoorUrl === 'string')) return false;
      if (!(typeof data.communityUrl === 'string')) return false;
      if (!(typeof data.qualityReportUrl === 'string')) return false;
      if (!(typeof data.partsPdfUrl === 'string')) return false;
      if (
        data.installationGuidesArticleId !== undefined &&
        hasOwn(data, 'installationGuidesArticleId')
      ) {
        if (!(typeof data.installationGuidesArticleId === 'string')) return false;
      }
      if (data.knowledge !== undefined && hasOwn(data, 'knowledge')) {
        if (!(
          typeof data.knowledge === 'object' &&
          data.knowledge &&
          !Array.isArray(data.knowledge)
        ))
          return false;
        if (!(data.knowledge.tabs !== undefined && hasOwn(data.knowledge, 'tabs'))) return false;
        if (!(
          data.knowledge.attachmentBaseUrl !== undefined &&
          hasOwn(data.knowledge, 'attachmentBaseUrl')
        ))
          return false;
        if (!(
          data.knowledge.productFacets !== undefined && hasOwn(data.knowledge, 'productFacets')
        ))
          return false;
        if (!(
          data.knowledge.searchTemplate !== undefined && hasOwn(data.knowledge, 'searchTemplate')
        ))
          return false;
        if (!(
          data.knowledge.manualsTemplate !== undefined && hasOwn(data.knowledge, 'manualsTemplate')
        ))
          return false;
        if (!(
          data.knowledge.campaignsTemplate !== undefined &&
          hasOwn(data.knowledge, 'campaignsTemplate')
        ))
          return false;
        if (!Array.isArray(data.knowledge.tabs)) return false;
        for (let i = 0; i < data.knowledge.tabs.length; i++) {
          if (data.knowledge.tabs[i] !== undefined && hasOwn(data.knowledge.tabs, i)) {
            if (!(
              typeof data.knowledge.tabs[i] === 'object' &&
              data.knowledge.tabs[i] &&
              !Array.isArray(data.knowledge.tabs[i])
            ))
              return false;
            if (!(data.knowledge.tabs[i].id !== undefined && hasOwn(data.knowledge.tabs[i], 'id')))
              return false;
            if (!(
              data.knowledge.tabs[i].label !== undefined && hasOwn(data.knowledge.tabs[i], 'label')
            ))
              return false;
            if (!(
              data.knowledge.tabs[i].documentTypes !== undefined &&
              hasOwn(data.knowledge.tabs[i], 'documentTypes')
            ))
              return false;
            if (!(
              data.knowledge.tabs[i].facets !== undefined &&
              hasOwn(data.knowledge.tabs[i], 'facets')
            ))
              return false;
            if (!(typeof data.knowledge.tabs[i].id === 'string')) return false;
            if (!(typeof data.knowledge.tabs[i].label === 'string')) return false;
            if (!Array.isArray(data.knowledge.tabs[i].documentTypes)) return false;
            for (let j = 0; j < data.knowledge.tabs[i].documentTypes.length; j++) {
              if (
                data.knowledge.tabs[i].documentTypes[j] !== undefined &&
                hasOwn(data.knowledge.tabs[i].documentTypes, j)
              ) {
                if (!(typeof data.knowledge.tabs[i].documentTypes[j] === 'string')) return false;
                if (!(
                  data.knowledge.tabs[i].documentTypes[j] === 'Article' ||
                  data.knowledge.tabs[i].documentTypes[j] === 'Manual' ||
                  data.knowledge.tabs[i].documentTypes[j] === 'Campaign Bulletin' ||
                  data.knowledge.tabs[i].documentTypes[j] === 'Service Bulletin'
                ))
                  return false;
              }
            }
            if (!Array.isArray(data.knowledge.tabs[i].facets)) return false;
            for (let k = 0; k < data.knowledge.tabs[i].facets.length; k++) {
              if (
                data.knowledge.tabs[i].facets[k] !== undefined &&
                hasOwn(data.knowledge.tabs[i].facets, k)
              ) {
                if (!(typeof data.knowledge.tabs[i].facets[k] === 'string')) return false;
              }
            }
          }
        }
        if (!(typeof data.knowledge.attachmentBaseUrl === 'string')) return false;
        if (!Array.isArray(data.knowledge.productFacets)) return false;
        for (let l = 0; l < data.knowledge.productFacets.length; l++) {
          if (
            data.knowledge.productFacets[l] !== undefined &&
            hasOwn(data.knowledge.productFacets, l)
          ) {
            if (!(
              typeof data.knowledge.productFacets[l] === 'object' &&
              data.knowledge.productFacets[l] &&
              !Array.isArray(data.knowledge.productFacets[l])
            ))
              return false;
            if (!(
              data.knowledge.productFacets[l].value !== undefined &&
              hasOwn(data.knowledge.productFacets[l], 'value')
            ))
              return false;
            if (!(
              data.knowledge.productFacets[l].label !== undefined &&
              hasOwn(data.knowledge.productFacets[l], 'label')
            ))
              return false;
            if (!(typeof data.knowledge.productFacets[l].value === 'string')) return false;
            if (!(typeof data.knowledge.productFacets[l].label === 'string')) return false;
          }
        }
        if (!(
          typeof data.knowledge.searchTemplate === 'object' &&
          data.knowledge.searchTemplate &&
          !Array.isArray(data.knowledge.searchTemplate)
        ))
          return false;
        if (!(
          data.knowledge.searchTemplate.documentTypes !== undefined &&
          hasOwn(data.knowledge.searchTemplate, 'documentTypes')
        ))
          return false;
        if (!Array.isArray(data.knowledge.searchTemplate.documentTypes)) return false;
        for (let m = 0; m < data.knowledge.searchTemplate.documentTypes.length; m++) {
          if (
            data.knowledge.searchTemplate.documentTypes[m] !== undefined &&
            hasOwn(data.knowledge.searchTemplate.documentTypes, m)
          ) {
            if (!(typeof data.knowledge.searchTemplate.documentTypes[m] === 'string')) return false;
            if (!(
              data.knowledge.searchTemplate.documentTypes[m] === 'Article' ||
              data.knowledge.searchTemplate.documentTypes[m] === 'Manual' ||
              data.knowledge.searchTemplate.documentTypes[m] === 'Campaign Bulletin' ||
              data.knowledge.searchTemplate.documentTypes[m] === 'Service Bulletin'
            ))
              return false;
          }
        }
        if (!(
          typeof data.knowledge.manualsTemplate === 'object' &&
          data.knowledge.manualsTemplate &&
          !Array.isArray(data.knowledge.manualsTemplate)
        ))
          return false;
        if (!(
          data.knowledge.manualsTemplate.documentTypes !== undefined &&
          hasOwn(data.knowledge.manualsTemplate, 'documentTypes')
        ))
          return false;
        if (!Array.isArray(data.knowledge.manualsTemplate.documentTypes)) return false;
        for (let n = 0; n < data.knowledge.manualsTemplate.documentTypes.length; n++) {
          if (
            data.knowledge.manualsTemplate.documentTypes[n] !== undefined &&
            hasOwn(data.knowledge.manualsTemplate.documentTypes, n)
          ) {
            if (!(typeof data.knowledge.manualsTemplate.documentTypes[n] === 'string'))
              return false;
            if (!(
              data.knowledge.manualsTemplate.documentTypes[n] === 'Article' ||
              data.knowledge.manualsTemplate.documentTypes[n] === 'Manual' ||
              data.knowledge.manualsTemplate.documentTypes[n] === 'Campaign Bulletin' ||
              data.knowledge.manualsTemplate.documentTypes[n] === 'Service Bulletin'
            ))
              return false;
          }
        }
        if (!(
          typeof data.knowledge.campaignsTemplate === 'object' &&
          data.knowledge.campaignsTemplate &&
          !Array.isArray(data.knowledge.campaignsTemplate)
        ))
          return false;
        if (!(
          data.knowledge.campaignsTemplate.documentTypes !== undefined &&
          hasOwn(data.knowledge.campaignsTemplate, 'documentTypes')
        ))
          return false;
        if (!Array.isArray(data.knowledge.campaignsTemplate.documentTypes)) return false;
        for (let o = 0; o < data.knowledge.campaignsTemplate.documentTypes.length; o++) {
          if (
            data.knowledge.campaignsTemplate.documentTypes[o] !== undefined &&
            hasOwn(data.knowledge.campaignsTemplate.documentTypes, o)
          ) {
            if (!(typeof data.knowledge.campaignsTemplate.documentTypes[o] === 'string'))
              return false;
            if (!(
              data.knowledge.campaignsTemplate.documentTypes[o] === 'Article' ||
              data.knowledge.campaignsTemplate.documentTypes[o] === 'Manual' ||
              data.knowledge.campaignsTemplate.documentTypes[o] === 'Campaign Bulletin' ||
              data.knowledge.campaignsTemplate.documentTypes[o] === 'Service Bulletin'
            ))
              return false;
          }
        }
      }
      return true;
    };
    return ref0;
  })(),
};
export const listUnreadCases: CheckedEndpoint<
  output<(typeof cases.listUnreadCases.responses)[200]>
> = {
  method: 'GET',
  path: '/api/v1/cases/unread',
  check: (function () {
    const ref0 = function validate(data) {
      if (!(typeof data === 'object' && data && !Array.isArray(data))) return false;
      if (!(data.count !== undefined && hasOwn(data, 'count'))) return false;
      if (!(data.cases !== undefined && hasOwn(data, 'cases'))) return false;
      if (!Number.isInteger(data.count)) return false;
      if (!(-9007199254740991 <= data.count)) return false;
      if (!(9007199254740991 >= data.count)) return false;
      if (!Array.isArray(data.cases)) return false;
      for (let i = 0; i < data.cases.length; i++) {
        if (data.cases[i] !== undefined && hasOwn(data.cases, i)) {
          if (!(
            typeof data.cases[i] === 'object' &&
            data.cases[i] &&
            !Array.isArray(data.cases[i])
          ))
            return false;
          if (!(data.cases[i].id !== undefined && hasOwn(data.cases[i], 'id'))) return false;
          if (!(
            data.cases[i].latestReplyAt !== undefined && hasOwn(data.cases[i], 'latestReplyAt')
          ))
            return false;
          if (!(typeof data.cases[i].id === 'string')) return false;
          if (!(typeof data.cases[i].latestReplyAt === 'string')) return false;
        }
      }
      return true;
    };
    return ref0;
  })(),
};
