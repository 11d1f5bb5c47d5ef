import type { PartsCombination, Prediction } from '../../contract/predictions';
import { pdfFileName } from './pdf-file-name';

/*
 * How a parts prediction reads (product §2 Parts prediction step, Prediction history and
 * detail): the same words on the screens and on the printed parts sheet.
 */

/**
 * product §2: the probability score as a percent. One that rounds to 0 says "under 1%": a
 * calibrated answer is rarely, not never, right.
 */
export function probabilityText(probability: number): string {
  const percent = Math.round(Math.min(1, Math.max(0, probability)) * 100);
  return percent === 0 ? 'under 1%' : `${percent}%`;
}

/** product §2: estimated labor in rounded whole hours. */
export function labourText(hours: number | null): string {
  if (hours === null) return 'Not recorded';
  const whole = Math.round(hours);
  return `${whole} ${whole === 1 ? 'hour' : 'hours'}`;
}

/** product §2 Prediction History: the created date's first 10 characters (YYYY-MM-DD). */
export function createdDay(createdAt: string): string {
  return createdAt.slice(0, 10);
}

/** 'Prediction #1' for the first (highest ranked) answer. */
export function answerHeading(index: number): string {
  return `Prediction #${index + 1}`;
}

const samePart = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * What became of the prediction, once known (docs/predictions.md "Scored against what
 * happened"): which answer held the causal part, or none, and what told it. Null until then.
 */
export function outcomeText(p: Pick<Prediction, 'combinations' | 'outcome'>): string | null {
  const o = p.outcome;
  if (!o) return null;
  const rank = p.combinations.findIndex((c) => samePart(c.causalPart, o.causalPart));
  const where =
    o.result === 'miss'
      ? 'was not among the predictions'
      : rank >= 0
        ? `was ${answerHeading(rank)}`
        : `was in the top ${o.result.slice(3)}`;
  const from = o.source === 'case' ? 'the closed case' : 'a warranty claim';
  return `Outcome: ${o.causalPart.trim()} ${where} (from ${from}, ${createdDay(o.recordedAt)})`;
}

export function causalPartText(c: Pick<PartsCombination, 'causalPart' | 'causalPartDescription'>) {
  return c.causalPartDescription ? `${c.causalPart} ${c.causalPartDescription}` : c.causalPart;
}

/** What the parts sheet says about one part: quantity, number, description. */
export function partLine(part: { partNumber: string; description: string; quantity: number }) {
  const text = `${part.quantity} x ${part.partNumber}`;
  return part.description ? `${text} ${part.description}` : text;
}

/** product §9: the printed sheet's download name, cut to 20 characters like every PDF's. */
export function partsSheetFileName(
  p: Pick<Prediction, 'modelNumber' | 'serialNumber' | 'symptom'>,
): string {
  return pdfFileName(`${p.modelNumber} ${p.serialNumber} ${p.symptom}`, 'parts');
}

/** One block of the parts sheet: a heading and its lines. */
export interface SheetBlock {
  heading: string;
  lines: string[];
}

export interface PartsSheet {
  title: string;
  /** Model, serial and symptom. */
  header: string[];
  blocks: SheetBlock[];
  fileName: string;
}

export const PARTS_SHEET_TITLE = 'Parts Predictions';

/** The printed parts sheet (product §2 Print): what the PDF writes, in order. */
export function partsSheet(
  p: Pick<Prediction, 'modelNumber' | 'serialNumber' | 'symptom' | 'combinations'>,
): PartsSheet {
  return {
    title: PARTS_SHEET_TITLE,
    header: [`Model: ${p.modelNumber}`, `Serial: ${p.serialNumber}`, `Symptom: ${p.symptom}`],
    blocks: p.combinations.map((c, i) => ({
      heading: answerHeading(i),
      lines: [
        `Causal part: ${causalPartText(c)}`,
        'Parts:',
        ...(c.requiredParts.length > 0 ? c.requiredParts.map((r) => `  ${partLine(r)}`) : ['  -']),
        `Labor: ${labourText(c.labourHours)}`,
        `Probability: ${probabilityText(c.probability)}`,
      ],
    })),
    fileName: partsSheetFileName(p),
  };
}
