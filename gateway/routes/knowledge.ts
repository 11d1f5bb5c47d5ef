import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  articleSchema,
  bulletinsQuerySchema,
  bulletinsResponseSchema,
  knowledgeSearchQuerySchema,
  knowledgeSearchResponseSchema,
  manualsQuerySchema,
  manualsResponseSchema,
} from '../../contract/knowledge';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { sendStoredFile } from '../http/stored-file';
import { articleById } from '../services/knowledge-article';
import { fileById, safeFilename } from '../services/knowledge-files';
import { bulletinsOf, manualsOf } from '../services/knowledge-machine';
import { searchKnowledge } from '../services/knowledge-search';

const articleParamsSchema = z.object({ uniqueId: z.string().trim().min(1).max(80) });
const fileParamsSchema = z.object({ id: z.string().trim().min(1).max(120) });

/**
 * No field of these requests has control characters; a NUL would otherwise reach the
 * database and fail there. Runs after the session check, so 401 still comes first.
 * A repeated parameter (?q=a&q=b) arrives as an array: refused rather than guessed.
 */
async function refuseBadCharacters(request: FastifyRequest): Promise<void> {
  const fields = [
    ...Object.values((request.query ?? {}) as Record<string, unknown>),
    ...Object.values((request.params ?? {}) as Record<string, unknown>),
  ];
  for (const v of fields) {
    if (Array.isArray(v)) throw new HttpError(400, 'A search parameter was given more than once');
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    if (typeof v === 'string' && /[\u0000-\u001f\u007f]/.test(v)) {
      throw new HttpError(400, 'Control characters are not allowed in a search');
    }
  }
}

/**
 * SPEC §2/§7 knowledge search, article view, machine Manuals and Bulletins tabs, and the
 * files they link. Any signed-in user, internal or external alike (SPEC §6 "everything
 * else"). Inputs and answers are parsed with contract/knowledge.ts.
 */
export async function knowledgeRoutes(app: FastifyInstance, { db, guards }: AppContext) {
  const user = { preHandler: [guards.requireUser, refuseBadCharacters] };

  app.get('/api/v1/knowledge/search', user, async (request) => {
    const query = knowledgeSearchQuerySchema.parse(request.query ?? {});
    return knowledgeSearchResponseSchema.parse(await searchKnowledge(db, query));
  });

  app.get('/api/v1/knowledge/articles/:uniqueId', user, async (request) => {
    const { uniqueId } = articleParamsSchema.parse(request.params);
    return articleSchema.parse(await articleById(db, uniqueId));
  });

  app.get('/api/v1/knowledge/manuals', user, async (request) => {
    const { model } = manualsQuerySchema.parse(request.query ?? {});
    return manualsResponseSchema.parse(await manualsOf(db, model));
  });

  app.get('/api/v1/knowledge/bulletins', user, async (request) => {
    const { campaign } = bulletinsQuerySchema.parse(request.query ?? {});
    return bulletinsResponseSchema.parse(await bulletinsOf(db, campaign));
  });

  app.get('/api/v1/files/:id', user, async (request, reply) => {
    const { id } = fileParamsSchema.parse(request.params);
    const file = await fileById(db, id);
    return sendStoredFile(request, reply, {
      bytes: file.bytes,
      contentType: file.contentType,
      etag: file.etag,
      filename: safeFilename(file.title, file.fileType),
      inline: false,
    });
  });
}
