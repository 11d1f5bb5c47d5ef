import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as knowledge from '../../contract/endpoints/knowledge';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { route } from '../http/route';
import { sendStoredFile } from '../http/stored-file';
import { articleById } from '../services/knowledge-article';
import { fileById, safeFilename } from '../services/knowledge-files';
import { bulletinsOf, manualsOf } from '../services/knowledge-machine';
import { searchKnowledge } from '../services/knowledge-search';
import { EXPENSIVE } from '../http/fair-use';

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

/** contract/endpoints/knowledge.ts: answers serialised from the declared schemas. */
export async function knowledgeRoutes(app: FastifyInstance, { db }: AppContext) {
  const refuse = { preValidation: refuseBadCharacters };

  route(app, knowledge.searchKnowledge, async (request) => searchKnowledge(db, request.query), {
    ...refuse,
    config: EXPENSIVE,
  });

  route(
    app,
    knowledge.getArticle,
    async (request) => articleById(db, request.params.uniqueId),
    refuse,
  );

  route(app, knowledge.getManuals, async (request) => manualsOf(db, request.query.model), refuse);

  route(
    app,
    knowledge.getBulletins,
    async (request) => {
      const { campaign, model, family } = request.query;
      return bulletinsOf(db, campaign, { model, family });
    },
    refuse,
  );

  route(
    app,
    knowledge.getFile,
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
    refuse,
  );
}
