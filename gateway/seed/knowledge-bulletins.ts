import { CAMPAIGNS } from './machine-catalog';
import { makePdf } from './pdf';
import { dayStamp, doc, pdfFile, type KnowledgeSeed } from './knowledge-rows';

/**
 * One campaign bulletin for every campaign the machine seed hands out (CAMPAIGNS is the only
 * source of campaign names there, fixed machines included), the campaign name stored on the
 * document; the hydraulic pump campaign also has its parts and labour sheet.
 */
export function generateCampaignBulletins(): KnowledgeSeed {
  const out: KnowledgeSeed = { documents: [], files: [] };
  let n = 0;
  for (const c of CAMPAIGNS) {
    const sheets = [`Campaign Bulletin: ${c.name}`];
    if (c.name === 'Hydraulic Pump Seal Replacement') sheets.push(`${c.name}: parts and labour`);
    for (const title of sheets) {
      const id = `BUL-C${String(++n).padStart(4, '0')}`;
      const until = c.endDate
        ? `Complete the work before ${c.endDate}.`
        : 'The campaign has no end date.';
      const lines = [
        `Campaign type: ${c.type}${c.mandatory ? ' (mandatory)' : ''}.`,
        until,
        'Check the machine detail Bulletins tab to see whether a machine is affected.',
        'Claim the repair with claim type Campaign and the campaign name.',
      ];
      out.documents.push(
        doc({
          id,
          title,
          body_html:
            `<h2>${c.name}</h2><p><strong>${c.type}</strong>${c.mandatory ? ', mandatory' : ''}. ${until}</p>` +
            `<ol>${lines
              .slice(2)
              .map((l) => `<li>${l}</li>`)
              .join('')}</ol>`,
          document_type: 'Campaign Bulletin',
          file_type: 'html',
          category_level1: 'Bulletins',
          category_level2: 'Campaigns',
          category_level3: c.type,
          category_level4: c.name,
          commonproduct: null,
          manual_section: null,
          campaign_name: c.name,
          updated_at: dayStamp(1200 + n),
        }),
      );
      out.files.push(pdfFile(id, 0, title, makePdf(title, lines)));
    }
  }
  return out;
}
