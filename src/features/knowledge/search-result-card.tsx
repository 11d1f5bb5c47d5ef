import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { highlightParts } from '../../domain/knowledge-tabs';
import type { ShownResult } from './use-knowledge-search';

/**
 * One result: title (link to the article view), the excerpt with its matched ranges marked
 * as text (the excerpt is never parsed as HTML) and the fourth category level.
 */
export function SearchResultCard({ result }: { result: ShownResult }) {
  const parts = highlightParts(result.excerpt, result.highlights);
  return (
    <article className="knowledge-result" data-testid="knowledge-result">
      <Anchor component={Link} to={result.clickUri} fw={600}>
        {result.title}
      </Anchor>
      <Text size="sm" mt={4} data-testid="knowledge-excerpt">
        {parts.map((p, i) => (p.marked ? <mark key={i}>{p.text}</mark> : p.text))}
      </Text>
      {result.category && (
        <Text size="xs" c="dimmed" mt={4} data-testid="knowledge-category">
          {result.category}
        </Text>
      )}
    </article>
  );
}
