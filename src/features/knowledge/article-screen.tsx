import './knowledge.css';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Article } from '../../../contract/knowledge';
import { LastUpdated } from '../../components/last-updated';
import { useProfile } from '../../components/use-profile';
import type { FileRow } from '../../db/schema';
import { ArticleBody } from './article-body';
import { downloadArticlePdf } from './article-pdf';
import { AttachmentsPanel, routeAttachment, type LinkedAttachment } from './attachments-panel';
import { SaveArticleButton } from './save-article-button';
import { ARTICLE_FAILED, ARTICLE_NEEDS_CONNECTION, ARTICLE_NOT_FOUND } from './texts';
import { useArticle } from './use-article';

function BackToSearch() {
  return (
    <Anchor component={Link} to="/knowledge">
      Back to Knowledge search
    </Anchor>
  );
}

function PdfButton({ article }: { article: Article }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        variant="default"
        loading={busy}
        onClick={() => {
          setBusy(true);
          setProblem(null);
          downloadArticlePdf(article.title, article.text)
            .catch(() => setProblem('The PDF could not be made on this device.'))
            .finally(() => setBusy(false));
        }}
      >
        Download PDF
      </Button>
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
    </>
  );
}

function ArticleView(props: {
  userId: string;
  article: Article;
  savedAt?: number;
  syncedAt: number;
  unreachable: boolean;
  removed: boolean;
  files: FileRow[];
  fromRoute: LinkedAttachment | null;
}) {
  const { article } = props;
  return (
    <div className="knowledge-layout">
      <Stack gap="md" component="article" aria-labelledby="article-title">
        <Title order={1} size="h2" id="article-title">
          {article.title}
        </Title>
        {props.unreachable && <LastUpdated at={props.syncedAt} />}
        {props.removed && (
          <Alert color="yellow" role="status">
            This article is no longer on the server; this is the copy kept on this device.
          </Alert>
        )}
        <Group gap="sm">
          <PdfButton article={article} />
          <SaveArticleButton
            userId={props.userId}
            uniqueId={article.uniqueId}
            savedAt={props.savedAt}
          />
        </Group>
        <ArticleBody html={article.html} />
      </Stack>
      <AttachmentsPanel
        attachments={article.attachments}
        fromRoute={props.fromRoute}
        files={props.files}
      />
    </div>
  );
}

/**
 * /knowledge/answer?uniqueID&title&attachmentTitle&attachmentURL&attachmentType (product §2
 * Article view). Everything shown lives in this component's state and the live queries:
 * leaving the page unmounts it, and the next article starts from nothing (product.md: leaving the
 * page clears the article).
 */
export function ArticleScreen() {
  const [params] = useSearchParams();
  const uniqueId = params.get('uniqueID') ?? '';
  return <ArticleLoader key={uniqueId} uniqueId={uniqueId} params={params} />;
}

function ArticleLoader({ uniqueId, params }: { uniqueId: string; params: URLSearchParams }) {
  const user = useProfile();
  const { row, files, outcome, unreachable } = useArticle(user?.id, uniqueId);
  const fromRoute = useMemo(() => routeAttachment(params), [params]);
  const title = params.get('title') ?? '';
  const notFound = outcome !== null && outcome !== 'loading' && outcome.status === 'not-found';
  const failed = outcome !== null && outcome !== 'loading' && outcome.status === 'error';

  if (user === undefined || row === undefined) return <Loader m="auto" />;
  if (user === null) return null;

  if (row) {
    return (
      <ArticleView
        userId={user.id}
        article={row.article}
        savedAt={row.savedAt}
        syncedAt={row.syncedAt}
        unreachable={unreachable}
        removed={notFound}
        files={files}
        fromRoute={fromRoute}
      />
    );
  }

  const problem =
    !uniqueId || notFound
      ? ARTICLE_NOT_FOUND
      : unreachable
        ? ARTICLE_NEEDS_CONNECTION
        : failed
          ? ARTICLE_FAILED
          : null;
  return (
    <Stack gap="md" maw={720} mx="auto">
      {title && (
        <Title order={1} size="h2">
          {title}
        </Title>
      )}
      {problem ? (
        <>
          <Alert color={notFound || !uniqueId ? 'red' : 'orange'} role="alert">
            {problem}
          </Alert>
          <BackToSearch />
        </>
      ) : (
        <Loader m="auto" aria-label="Loading the article" />
      )}
    </Stack>
  );
}
