import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Attachment, SearchResult } from '../../../contract/knowledge';
import { formatFileSize } from '../../domain/file-size';

function AttachmentLink({ attachment }: { attachment: Attachment }) {
  return (
    <Group gap={6}>
      {/* A plain link: the gateway streams the file with the session cookie. */}
      <Anchor href={attachment.url} download={attachment.title} size="sm" title={attachment.title}>
        Download {attachment.fileType.toUpperCase()}
      </Anchor>
      <Text size="xs" c="dimmed">
        {formatFileSize(attachment.size)}
      </Text>
    </Group>
  );
}

/** Documents of a campaign or a manual section: title to the article view, excerpt, file. */
export function DocumentList({ results }: { results: SearchResult[] }) {
  return (
    <Stack gap="sm">
      {results.map((r) => (
        <Stack key={r.uniqueId} gap={2} data-testid="document-result">
          <Anchor component={Link} to={r.clickUri} fw={600}>
            {r.title}
          </Anchor>
          {r.excerpt && (
            <Text size="sm" c="dimmed" lineClamp={3}>
              {r.excerpt}
            </Text>
          )}
          {r.parentResult && <AttachmentLink attachment={r.parentResult} />}
        </Stack>
      ))}
    </Stack>
  );
}
