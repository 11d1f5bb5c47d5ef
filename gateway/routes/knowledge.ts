import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { EXPENSIVE } from '../http/fair-use';

const articleParamsSchema = z.object({ uniqueId: z.string().trim().min(1).max(80) });
const fileParamsSchema = z.object({ id: z.string().trim().min(1).max(120) });

/**
 * No field of these requests has control characters; a NUL would otherwise reach the
 * database and fail there. Runs after the session check (401 first) and before the schemas.
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
 * product §2/§7 knowledge search, article view, machine Manuals and Bulletins tabs, and the
 * files they link. Any signed-in user, internal or external alike (product §6 "everything
 * else"). Inputs and answers are parsed with contract/knowledge.ts.
 */
export async function knowledgeRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { access: 'user', scope: 'public' } as const;
  const refuse = { preValidation: refuseBadCharacters };

  api.get(
    '/api/v1/knowledge/search',
    {
      config: { ...user, ...EXPENSIVE },
      ...refuse,
      schema: { querystring: knowledgeSearchQuerySchema },
    },
    async (request) =>
      knowledgeSearchResponseSchema.parse(await searchKnowledge(db, request.query)),
  );

  api.get(
    '/api/v1/knowledge/articles/:uniqueId',
    { config: user, ...refuse, schema: { params: articleParamsSchema } },
    async (request) => articleSchema.parse(await articleById(db, request.params.uniqueId)),
  );

  api.get(
    '/api/v1/knowledge/manuals',
    { config: user, ...refuse, schema: { querystring: manualsQuerySchema } },
    async (request) => manualsResponseSchema.parse(await manualsOf(db, request.query.model)),
  );

  api.get(
    '/api/v1/knowledge/bulletins',
    { config: user, ...refuse, schema: { querystring: bulletinsQuerySchema } },
    async (request) => {
      const { campaign, model, family } = request.query;
      return bulletinsResponseSchema.parse(await bulletinsOf(db, campaign, { model, family }));
    },
  );

  api.get(
    '/api/v1/files/:id',
    { config: user, ...refuse, schema: { params: fileParamsSchema } },
    async (request, reply) => {
      const file = await fileById(db, request.params.id);
      return sendStoredFile(reply, {
        bytes: file.bytes,
        contentType: file.contentType,
        etag: file.etag,
        filename: safeFilename(file.title, file.fileType),
        inline: false,
      });
    },
  );
}
