import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { Attachment } from '../../../contract/knowledge';
import { useObjectUrls } from '../../components/use-object-urls';
import type { FileRow } from '../../db/schema';

export interface LinkedAttachment {
  id: string;
  title: string;
  url: string;
  fileType: string;
}

/**
 * The attachment the route names (`attachmentURL`) is only trusted as a same-origin path: it
 * comes from a link anyone can write, so a `javascript:` or foreign URL is never rendered.
 */
export function routeAttachment(params: URLSearchParams): LinkedAttachment | null {
  const url = params.get('attachmentURL');
  if (!url || !url.startsWith('/') || url.startsWith('//')) return null;
  return {
    id: url,
    title: params.get('attachmentTitle') || 'Attachment',
    url,
    fileType: params.get('attachmentType') ?? '',
  };
}

/** product §2 Article view: the Attachments side panel with the download link(s). */
export function AttachmentsPanel({
  attachments,
  fromRoute,
  files,
}: {
  attachments: readonly Attachment[];
  fromRoute: LinkedAttachment | null;
  files: readonly FileRow[];
}) {
  const urls = useObjectUrls(useMemo(() => new Map(files.map((f) => [f.id, f.blob])), [files]));
  const list = useMemo(() => {
    const all: LinkedAttachment[] = attachments.map((a) => ({
      id: a.id,
      title: a.title,
      url: a.url,
      fileType: a.fileType,
    }));
    if (fromRoute && !all.some((a) => a.url === fromRoute.url)) all.push(fromRoute);
    return all;
  }, [attachments, fromRoute]);

  return (
    <Paper withBorder p="sm" component="aside" aria-labelledby="attachments-title">
      <Title order={2} size="h5" id="attachments-title" mb="xs">
        Attachments
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No attachments
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((a) => {
            const local = urls.get(a.id);
            const ext = a.fileType ? `.${a.fileType}` : '';
            const name = a.title.toLowerCase().endsWith(ext) ? a.title : `${a.title}${ext}`;
            return (
              <li key={a.id}>
                <Anchor
                  href={local ?? a.url}
                  download={name}
                  aria-label={`Download ${a.title}`}
                  data-source={local ? 'device' : 'network'}
                >
                  {a.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {[a.fileType.toUpperCase(), local ? 'Saved on this device' : '']
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </li>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
