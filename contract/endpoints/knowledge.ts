import { z } from 'zod/mini';
import { endpoint } from '../endpoint';
import {
  articleSchema,
  bulletinsQuerySchema,
  bulletinsResponseSchema,
  knowledgeSearchQuerySchema,
  knowledgeSearchResponseSchema,
  manualsQuerySchema,
  manualsResponseSchema,
} from '../knowledge';

/*
 * product §2/§7 knowledge search, article view, machine Manuals and Bulletins tabs, and the
 * files they link. Any signed-in user, internal or external alike (product §6 "everything
 * else"): the same answer for every caller.
 */

export const searchKnowledge = endpoint({
  method: 'GET',
  path: '/api/v1/knowledge/search',
  summary: 'One page of ranked results of a category tab',
  access: 'user',
  scope: 'public',
  query: knowledgeSearchQuerySchema,
  responses: { 200: knowledgeSearchResponseSchema },
});

export const getArticle = endpoint({
  method: 'GET',
  path: '/api/v1/knowledge/articles/:uniqueId',
  summary: 'One article: its sanitised HTML and attachments',
  access: 'user',
  scope: 'public',
  params: z.object({
    uniqueId: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  }),
  responses: { 200: articleSchema },
});

export const getManuals = endpoint({
  method: 'GET',
  path: '/api/v1/knowledge/manuals',
  summary: "A model family's manuals by section",
  access: 'user',
  scope: 'public',
  query: manualsQuerySchema,
  responses: { 200: manualsResponseSchema },
});

export const getBulletins = endpoint({
  method: 'GET',
  path: '/api/v1/knowledge/bulletins',
  summary: 'The documents related to one campaign, model first, then family',
  access: 'user',
  scope: 'public',
  query: bulletinsQuerySchema,
  responses: { 200: bulletinsResponseSchema },
});

export const getFile = endpoint({
  method: 'GET',
  path: '/api/v1/files/:id',
  summary: "A knowledge file's bytes (attachments, manuals; immutable by id)",
  access: 'user',
  scope: 'public',
  params: z.object({ id: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)) }),
  responses: { 200: null, 206: null },
  content: 'application/octet-stream',
});
