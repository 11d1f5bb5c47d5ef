import sanitizeHtml from 'sanitize-html';
import type { KnowledgeConfig } from '../../contract/knowledge';

/** Images may only come from the gateway's own files (no tracking pixels, no other hosts). */
const OWN_FILE = /^\/api\/v1\/files\/[A-Za-z0-9._-]+$/;

/**
 * product §2 Article view (HTML is sanitised before it is rendered): an allow-list of the
 * structure articles need. No script, style, iframe, form or SVG; no on* or style attributes;
 * links only to http(s), mailto or relative URLs (javascript: in any spelling is dropped by
 * sanitize-html's scheme check); images only from /api/v1/files, prefixed with the
 * configured attachment base.
 */
export function sanitizeArticleHtml(html: string, config: KnowledgeConfig): string {
  const base = config.attachmentBaseUrl.replace(/\/+$/, '');
  return sanitizeHtml(html, {
    allowedTags: [
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'p',
      'br',
      'hr',
      'blockquote',
      'pre',
      'code',
      'ul',
      'ol',
      'li',
      'dl',
      'dt',
      'dd',
      'table',
      'caption',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'th',
      'td',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'sub',
      'sup',
      'span',
      'div',
      'a',
      'img',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    // The img transform below already kept only our own files (relative, or under the base).
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    // Their text is code, not content: dropped with the tag.
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'iframe',
      'object',
      'template',
      'svg',
    ],
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
      img: (tagName, attribs) => {
        const src = attribs.src?.trim() ?? '';
        return OWN_FILE.test(src)
          ? { tagName, attribs: { ...attribs, src: `${base}${src}` } }
          : { tagName, attribs: {} };
      },
    },
    // An image whose source was refused goes entirely (no broken image icon).
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}
