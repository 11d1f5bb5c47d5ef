import { FAMILY_LABELS, MODEL_FAMILIES, MODELS, type ModelFamily } from '../reference/models';
import { makePdf } from './pdf';
import { dayStamp, doc, pdfFile, type KnowledgeSeed } from './knowledge-rows';
import type { ManualSection } from '../../contract/knowledge';

/**
 * Manuals per model family, one PDF each. Some sections stay empty on purpose ('No manuals
 * found'): Wheel Loaders have no manuals, Skid Steers no assembly instructions, Mowers no
 * 'Other'. The demo machines' families (Tractor, Compact Tractor, Track Loader) have all four.
 */
const MISSING: Partial<Record<ModelFamily, readonly ManualSection[]>> = {
  'Wheel Loader': [
    'Workshop Manuals',
    "Operator's / Owner's Manual",
    'Assembly Instructions',
    'Other',
  ],
  'Skid Steer': ['Assembly Instructions'],
  Mower: ['Other'],
};

const TITLES: Record<ManualSection, (series: string, label: string) => string[]> = {
  // The family's name once ("Tractor Workshop Manual", not "Tractor Tractors Workshop Manual").
  'Workshop Manuals': (s) => [`${s} Workshop Manual`, `${s} Engine Workshop Manual`],
  "Operator's / Owner's Manual": (s) => [`${s} Operator's Manual`],
  'Assembly Instructions': (s) => [`${s} Front Attachment Assembly Instructions`],
  Other: (s) => [`${s} Maintenance Schedule`, `${s} Parts Catalog`],
};

const CHAPTERS = [
  '1. Safety',
  '2. Specifications',
  '3. Maintenance and lubrication',
  '4. Engine',
  '5. Hydraulic system',
  '6. Powertrain',
  '7. Electrical system',
  '8. Troubleshooting',
];

export function generateManuals(): KnowledgeSeed {
  const out: KnowledgeSeed = { documents: [], files: [] };
  let n = 0;
  for (const family of MODEL_FAMILIES) {
    const models = MODELS.filter((m) => m.family === family).map((m) => m.model);
    const series = family;
    const label = FAMILY_LABELS[family];
    for (const section of Object.keys(TITLES) as ManualSection[]) {
      if (MISSING[family]?.includes(section)) continue;
      for (const title of TITLES[section](series, label)) {
        const id = `MAN-${String(++n).padStart(4, '0')}`;
        out.documents.push(
          doc({
            id,
            title,
            body_html:
              `<h2>${title}</h2><p>For ${models.join(', ')}.</p>` +
              `<ul>${CHAPTERS.map((c) => `<li>${c}</li>`).join('')}</ul>` +
              '<p>Download the PDF from the attachments panel.</p>',
            document_type: 'Manual',
            file_type: 'pdf',
            category_level1: 'Manuals',
            category_level2: label,
            category_level3: section,
            category_level4: title,
            commonproduct: family,
            manual_section: section,
            campaign_name: null,
            updated_at: dayStamp(900 + n),
          }),
        );
        out.files.push(
          pdfFile(id, 0, title, makePdf(title, [`Models: ${models.join(', ')}`, '', ...CHAPTERS])),
        );
      }
    }
  }
  return out;
}
