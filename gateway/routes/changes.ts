import type { FastifyInstance } from 'fastify';
import type { ChangesResponse } from '../../contract/changes';
import type { User } from '../../contract/user';
import { getChanges } from '../../contract/endpoints/changes';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { changesSince } from '../services/changes';
import { changeWatch, scopesOf } from '../services/change-watch';

/** contract/endpoints/changes.ts. Never cached: the answer is the state of the log now. */
export async function changeRoutes(app: FastifyInstance, { db }: AppContext) {
  const watch = changeWatch(db);
  // Before the server stops taking connections and waits for those open: a held ask answers
  // at once (the device asks again elsewhere) instead of holding the stop for its 25 s.
  app.addHook('preClose', async () => watch.close());

  // One change wakes every device of its user at once, all asking from the same cursor: they
  // share one reading of the log while it runs (never afterwards, so nothing goes stale).
  const reading = new Map<string, Promise<ChangesResponse>>();
  const read = (user: User, since: string | undefined) => {
    const key = `${user.id}|${since ?? ''}`;
    let answer = reading.get(key);
    if (!answer) {
      answer = changesSince(db, user, since).finally(() => reading.delete(key));
      reading.set(key, answer);
    }
    return answer;
  };

  route(app, getChanges, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = request.user!;
    const { since, wait } = request.query;
    const now = await read(user, since);
    const quiet =
      !now.reset &&
      now.cases.changed.length + now.cases.removed.length === 0 &&
      !now.messages &&
      !now.predictions;
    if (!quiet || !wait) return now;
    // A device that goes away (hidden, offline) stops waiting with its connection.
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    await watch.next(scopesOf(user), now.cursor, wait * 1000, gone.signal);
    return gone.signal.aborted ? now : read(user, since);
  });
}
