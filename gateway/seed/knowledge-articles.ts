import { pathOf } from '../../contract/endpoint';
import { getFile } from '../../contract/endpoints/knowledge';
import { escapeHtml as e } from '../html/page';
import { FAMILY_LABELS, MODELS, type ModelSpec } from '../reference/models';
import { makePdf } from './pdf';
import { makePng } from './png';
import { rng, type Rng } from './prng';
import {
  dayStamp,
  doc,
  pdfFile,
  pngFile,
  type KnowledgeDocRow,
  type KnowledgeSeed,
} from './knowledge-rows';
import { SYSTEMS } from './knowledge-systems';
import { SAFETY_NOTES, type ComponentTopic, type SystemTopic } from './knowledge-topics';

type Kind = 'troubleshooting' | 'dtc' | 'procedure' | 'specification';
const KINDS: readonly Kind[] = ['troubleshooting', 'dtc', 'procedure', 'specification'];

/** One image per system, drawn once: a "diagram" of coloured blocks. */
const diagrams = new Map<string, Buffer>();
function diagramOf(system: SystemTopic, index: number): Buffer {
  let png = diagrams.get(system.name);
  if (!png) {
    const hue = (index * 53) % 200;
    png = makePng(
      240,
      160,
      [245, 245, 240],
      [
        { x: 10, y: 10, w: 220, h: 24, rgb: [242, 108, 33] },
        { x: 20, y: 50, w: 80, h: 90, rgb: [40 + hue, 90, 160] },
        { x: 120, y: 50, w: 100, h: 40, rgb: [60, 140, 60 + hue / 2] },
        { x: 120, y: 100, w: 100, h: 40, rgb: [90, 90, 90] },
        { x: 100, y: 90, w: 20, h: 6, rgb: [20, 20, 20] },
      ],
    );
    diagrams.set(system.name, png);
  }
  return png;
}

function torqueTable(c: ComponentTopic): string {
  const rows = c.torques
    .map(
      ([what, nm]) =>
        `<tr><td>${e(what)}</td><td>${nm} N·m (${Math.round(nm * 0.7376)} lbf·ft)</td></tr>`,
    )
    .join('');
  return `<h2>Torque values</h2><table><thead><tr><th>Fastener</th><th>Torque</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function dtcTable(c: ComponentTopic): string {
  if (c.dtcs.length === 0) return '';
  const rows = c.dtcs
    .map(([spn, fmi, text]) => `<tr><td>${spn}</td><td>${fmi}</td><td>${e(text)}</td></tr>`)
    .join('');
  return `<h2>Diagnostic trouble codes</h2><table><thead><tr><th>SPN</th><th>FMI</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function title(kind: Kind, r: Rng, m: ModelSpec, c: ComponentTopic, symptom: string): string {
  switch (kind) {
    case 'dtc': {
      const [spn, fmi, text] = r.pick(c.dtcs);
      return `DTC SPN ${spn} FMI ${fmi}: ${text} on ${m.model}`;
    }
    case 'procedure':
      return r.next() < 0.5
        ? `${c.name} removal and installation for ${m.model}`
        : `How to test the ${c.name.toLowerCase()} on ${FAMILY_LABEL_LOWER(m)}`;
    case 'specification':
      return `${c.name} torque specifications: ${m.model}`;
    default:
      return `${symptom} (${m.model})`;
  }
}

const FAMILY_LABEL_LOWER = (m: ModelSpec) => FAMILY_LABELS[m.family].toLowerCase();

function body(
  r: Rng,
  m: ModelSpec,
  c: ComponentTopic,
  symptom: string,
  image: string | null,
  serialsFrom: number | null,
) {
  const cause = r.pick(c.causes);
  const hours = r.int(2, 60) * 50;
  // Drawn even when the title already fixed the serials, so every later article stays the same.
  const drawn = r.int(10, 49);
  const from = serialsFrom ?? drawn;
  const steps = c.steps.map((s) => `<li>${e(s)}.</li>`).join('');
  return [
    `<h2>Symptom</h2><p>${e(symptom)} on ${e(m.description)} machines, typically reported after ${hours} hours.</p>`,
    `<h2>Applies to</h2><ul><li>${e(m.model)} (${e(FAMILY_LABELS[m.family])})</li><li>Serial numbers ${from}001 and up</li></ul>`,
    dtcTable(c),
    `<h2>Cause</h2><p>${e(cause)}.</p>`,
    `<h2>Procedure</h2><ol>${steps}</ol>`,
    image ? `<p><img src="${pathOf(getFile, { id: image })}" alt="${e(c.name)} diagram"></p>` : '',
    torqueTable(c),
    `<p><strong>Safety:</strong> ${e(r.pick(SAFETY_NOTES))}</p>`,
  ].join('');
}

/**
 * `count` service articles (about one in twelve a service bulletin) over every model of the
 * machine catalogue, deterministic: the same seed gives the same ids, titles and bodies.
 */
export function generateArticles(count: number): KnowledgeSeed {
  const r = rng(4_2024_11);
  const documents: KnowledgeDocRow[] = [];
  const files: KnowledgeSeed['files'] = [];
  let bulletins = 0;
  // How often each title was drawn: a results page listing the same title twice reads as a
  // fault, so a repeat names the serial numbers it applies to (50001 and up, 51001 and up, ...,
  // never one of the first article's 10001 to 49001).
  const drawnTitles = new Map<string, number>();
  for (let i = 1; i <= count; i++) {
    const m = r.pick(MODELS);
    const systems = SYSTEMS.filter((s) => !s.families || s.families.includes(m.family));
    const system = r.pick(systems);
    const components = system.components.filter(
      (c) => !c.families || c.families.includes(m.family),
    );
    const component = r.pick(components.length > 0 ? components : system.components);
    let kind = r.pick(KINDS);
    if (kind === 'dtc' && component.dtcs.length === 0) kind = 'troubleshooting';
    const symptom = r.pick(component.symptoms);
    const isBulletin = r.next() < 0.08;
    const id = isBulletin
      ? `BUL-${String(++bulletins).padStart(6, '0')}`
      : `KA-${String(i).padStart(6, '0')}`;
    const image = i % 37 === 0 ? `${id}-F1` : null;
    const drawn = title(kind, r, m, component, symptom);
    const full = isBulletin ? `Service Bulletin: ${drawn}` : drawn;
    const repeats = drawnTitles.get(full) ?? 0;
    drawnTitles.set(full, repeats + 1);
    const serialsFrom = repeats === 0 ? null : 49 + repeats;
    const heading = serialsFrom === null ? drawn : `${drawn}, S/N ${serialsFrom}001 and up`;
    documents.push(
      doc({
        id,
        title: isBulletin ? `Service Bulletin: ${heading}` : heading,
        body_html: body(r, m, component, symptom, image, serialsFrom),
        document_type: isBulletin ? 'Service Bulletin' : 'Article',
        file_type: 'html',
        category_level1: isBulletin ? 'Bulletins' : 'Service',
        category_level2: FAMILY_LABELS[m.family],
        category_level3: system.name,
        category_level4: component.name,
        // Some articles hold for every product (no product facet value).
        commonproduct: r.next() < 0.05 ? null : m.family,
        manual_section: null,
        campaign_name: null,
        updated_at: dayStamp(r.int(0, 1400)),
      }),
    );
    if (image) files.push(pngFile(id, 0, `${component.name} diagram`, diagramOf(system, i)));
    if (i % 53 === 0) {
      const lines = component.steps.map((s, n) => `${n + 1}. ${s}.`);
      const torques = component.torques.map(([w, nm]) => `${w}: ${nm} N-m`);
      files.push(
        pdfFile(
          id,
          image ? 1 : 0,
          `${component.name} service procedure`,
          makePdf(heading, [...lines, '', 'Torque values', ...torques]),
        ),
      );
    }
  }
  return { documents, files };
}
