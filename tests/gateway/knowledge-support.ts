import type { Kysely } from 'kysely';
import type { Database, KnowledgeDocumentsTable } from '../../gateway/db/schema';
import { htmlToText } from '../../gateway/services/knowledge-text';

type NewDoc = Partial<Omit<KnowledgeDocumentsTable, 'search' | 'updated_at'>> & {
  id: string;
  title: string;
  body_html: string;
};

/** Inserts controlled documents the way an import would (the seed is not involved). */
export async function insertDocs(db: Kysely<Database>, docs: NewDoc[]): Promise<void> {
  await db
    .insertInto('knowledge_documents')
    .values(
      docs.map((d) => {
        const text = htmlToText(d.body_html);
        return {
          body_text: text,
          excerpt: text.slice(0, 200),
          document_type: 'Article' as const,
          file_type: 'html',
          category_level1: 'Service',
          category_level2: 'Tests',
          category_level3: 'Tests',
          category_level4: 'Controlled',
          commonproduct: null,
          manual_section: null,
          campaign_name: null,
          ...d,
        };
      }),
    )
    .execute();
}
