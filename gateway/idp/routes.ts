import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Kysely } from 'kysely';
import type { GatewayConfig } from '../config';
import type { Database } from '../db/schema';
import { html, page } from '../html/page';
import { audit } from '../services/audit';
import { isLimited, type RateLimit } from '../services/rate-limit';
import { verifyPassword } from '../services/passwords';
import { findPasswordHash } from '../services/users';
import { isDatabaseUnavailable } from '../http/errors';
import { loginPage } from './login-page';
import { unavailableAnswer } from './unavailable-page';

export const BAD_CREDENTIALS = 'Incorrect email or password.';
export const TOO_MANY_ATTEMPTS =
  'Too many failed sign-in attempts for this email. Try again in 15 minutes.';
export const TOO_MANY_FROM_ADDRESS =
  'Too many failed sign-in attempts from this network address. Try again in 15 minutes.';

/**
 * Online password guessing: after 10 failures for one email from one client address within
 * 15 minutes, that email is refused from that address (right password or not) until the
 * window has room again. Generous enough that a technician who mistypes is not locked out,
 * tight enough to make guessing useless; counted per address too, so someone elsewhere who
 * knows a technician's email cannot lock the technician out.
 */
const LOGIN_LIMIT: RateLimit = { action: 'idp-login-failed', max: 10, windowMs: 15 * 60_000 };
/** One address guessing at many emails: looser, since a workshop may share one address. */
export const ADDRESS_LIMIT: RateLimit = {
  action: 'idp-login-failed',
  max: 100,
  windowMs: 15 * 60_000,
};

export interface IdpRouteOptions {
  provider: Provider;
  config: GatewayConfig;
  db: Kysely<Database>;
}

function expiredPage(reply: FastifyReply, product: string) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      page(
        'Sign-in expired',
        product,
        html`<h1>This sign-in page has expired.</h1>
          <p>Start again from the app.</p>
          <a class="button" href="/login">Back to sign-in</a>`,
      ),
    );
}

/** The interaction (sign-in) pages: the provider hands the browser here, we hand it back. */
async function interactionRoutes(app: FastifyInstance, opts: IdpRouteOptions) {
  const { provider, config, db } = opts;
  // A small form body parser for this scope only: the sign-in form is all that posts here.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const details = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      return null; // no or expired interaction cookie: the sign-in must restart
    }
  };
  // These are pages: the database away is said on one; anything else goes to the app's handler.
  app.setErrorHandler((err, _request, reply) => {
    const unavailable = unavailableAnswer(err, config.productName);
    if (!unavailable) throw err;
    return reply
      .code(unavailable.status)
      .headers(unavailable.headers)
      .type('text/html; charset=utf-8')
      .send(unavailable.body);
  });
  const send = (reply: FastifyReply, body: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  app.get<{ Params: { uid: string } }>('/oidc/interaction/:uid', async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction || interaction.uid !== request.params.uid) {
      return expiredPage(reply, config.productName);
    }
    if (interaction.prompt.name !== 'login') {
      // Consent is granted by loadExistingGrant (first-party app); anything else resumes.
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        {},
        { mergeWithLastSubmission: true },
      );
      return reply.redirect(to, 303);
    }
    const hint =
      typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
    return send(
      reply,
      loginPage({
        productName: config.productName,
        action: `/oidc/interaction/${interaction.uid}/login`,
        email: hint,
        error: null,
      }),
    );
  });

  app.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
    '/oidc/interaction/:uid/login',
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction || interaction.uid !== request.params.uid) {
        return expiredPage(reply, config.productName);
      }
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const email = String(body.email ?? '')
        .trim()
        .slice(0, 320);
      const password = String(body.password ?? '').slice(0, 1024);
      // Counted per email as typed, case folded: the limit is on guesses at one account.
      const subject = email.toLowerCase() || null;
      const address = request.ip;
      const refuse = (error: string) =>
        send(
          reply.code(error === BAD_CREDENTIALS ? 200 : 429),
          loginPage({
            productName: config.productName,
            action: `/oidc/interaction/${interaction.uid}/login`,
            email,
            error,
          }),
        );
      const limited = (await isLimited(db, ADDRESS_LIMIT, null, { address }))
        ? TOO_MANY_FROM_ADDRESS
        : subject && (await isLimited(db, LOGIN_LIMIT, subject, { address }))
          ? TOO_MANY_ATTEMPTS
          : null;
      if (limited) {
        // Still counted: a guesser who keeps going keeps the window full.
        await audit(db, 'idp-login-failed', null, subject, { limited: true, address });
        return refuse(limited);
      }
      const found = email ? await findPasswordHash(db, email) : undefined;
      const ok = await verifyPassword(password, found?.passwordHash ?? null);
      if (!found || !ok) {
        await audit(db, 'idp-login-failed', found?.id ?? null, subject, { address });
        return refuse(BAD_CREDENTIALS);
      }
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: found.id } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    },
  );
}

/**
 * oidc-provider under /oidc. It is a Koa app that reads its own request bodies, so its routes
 * live in a scope whose only content-type parser leaves the body stream untouched, and each
 * request is handed over raw (reply.hijack) with the /oidc prefix stripped as a mount would.
 */
async function providerRoutes(app: FastifyInstance, opts: IdpRouteOptions) {
  const callback = opts.provider.callback();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, _payload, done) => done(null));
  app.all('/oidc/*', (request, reply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '/').slice('/oidc'.length) || '/';
    void callback(raw, reply.raw);
  });
}

export async function idpRoutes(app: FastifyInstance, opts: IdpRouteOptions) {
  await app.register(interactionRoutes, opts);
  await app.register(providerRoutes, opts);
}
