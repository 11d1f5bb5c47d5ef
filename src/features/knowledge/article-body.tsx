import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * The article's HTML. The gateway sanitised it already; it is sanitised again here
 * (product §2 Article view: fetched HTML is sanitised before it is rendered), so a stored copy from
 * an older gateway or a tampered cache still cannot run script.
 */
export function ArticleBody({ html }: { html: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
      }),
    [html],
  );
  return (
    <div
      className="article-body"
      data-testid="article-body"
      // Sanitised just above by DOMPurify.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
