import type { FastifyInstance } from 'fastify';
import { LINK_NAMES, linkEnvName, type LinkName } from '../config';
import type { AppContext } from '../context';
import { html, page } from '../html/page';

/**
 * What a real deployment links at each place (product §3 Remote configuration: the default
 * pages say so honestly).
 */
const LINKS: Record<LinkName, { title: string; what: string }> = {
  'privacy-policy': { title: 'Privacy policy', what: "the company's privacy policy" },
  'password-reset': {
    title: 'Reset your password',
    what: "the identity provider's password-reset page",
  },
  'password-article': {
    title: 'Resetting your password',
    what: 'the knowledge article with directions for resetting a password',
  },
  'training-certified-service-tech': {
    title: 'Certified service technician course',
    what: 'the certified service technician course of the training portal',
  },
  'training-service-courses': {
    title: 'Service courses catalog',
    what: "the training portal's catalog of service courses",
  },
  'training-certification-guide': {
    title: 'Technician certification guide',
    what: 'the technician certification guide (PDF)',
  },
  'product-delivery-inspection': {
    title: 'Product delivery inspection',
    what: "the machine provider's product delivery inspection page for this model and serial",
  },
  'crm-front-door': {
    title: 'CRM',
    what: "the CRM's front-door sign-in, which opens the CRM with the user's session",
  },
  community: { title: 'Dealer community', what: "the CRM's dealer community" },
  'quality-report': {
    title: 'Quality report',
    what: "the dealer community's quality report form",
  },
  'parts-pdf': {
    title: 'Parts prediction PDF',
    what: "the dealer community's printable parts page",
  },
};

export async function linkRoutes(app: FastifyInstance, { config }: AppContext) {
  app.get<{ Params: { name: string }; Querystring: Record<string, unknown> }>(
    '/links/:name',
    { config: { access: 'anonymous', scope: 'public' } },
    async (request, reply) => {
      const name = request.params.name as LinkName;
      const link = (LINK_NAMES as readonly string[]).includes(name) ? LINKS[name] : undefined;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (!link) {
        return reply
          .code(404)
          .send(page('Not found', config.productName, html`<h1>There is no such page.</h1>`));
      }
      const q = request.query;
      const detail =
        name === 'product-delivery-inspection' && (q.model || q.serial)
          ? html`<p>
              Model <code>${String(q.model ?? '')}</code>, serial
              <code>${String(q.serial ?? '')}</code>.
            </p>`
          : '';
      return page(
        link.title,
        config.productName,
        html`<h1>${link.title}</h1>
          <p>A deployment links ${link.what} here.</p>
          ${detail}
          <p class="note">
            This install has not configured it: set <code>${linkEnvName(name)}</code> on the
            gateway, or the <code>${name}</code> row of its remote configuration.
          </p>`,
      );
    },
  );
}
