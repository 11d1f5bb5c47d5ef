import type { ClaimEvidence } from '../../contract/predictions';

/*
 * How good a ranker's answers are on claims whose causal part is known: top-k accuracy, mean
 * reciprocal rank, the multiclass Brier score, a reliability table by decile of the top
 * answer's probability with the expected calibration error, the overlap of the parts set to
 * bring with the parts used (Jaccard), and the labour's mean absolute error.
 */

export interface Answer {
  causalPart: string;
  probability: number;
  requiredParts: { partNumber: string }[];
  labourHours: number | null;
}

export interface ReliabilityBin {
  /** Lower edge of the decile, 0 to 0.9. */
  from: number;
  count: number;
  meanProbability: number;
  accuracy: number;
}

export interface Metrics {
  claims: number;
  answered: number;
  top1: number;
  top3: number;
  top5: number;
  mrr: number;
  brier: number;
  ece: number;
  reliability: ReliabilityBin[];
  /** Over claims with parts recorded. */
  partsJaccard: number | null;
  /** Over claims with labour recorded and an answer that gives one. */
  labourMae: number | null;
}

/** One tested claim as the intervals need it: the truth's rank (0: not answered) and the top answer's probability. */
export interface Outcome {
  rank: number;
  top: number | null;
}

export function jaccard(a: readonly string[], b: readonly string[]): number {
  const x = new Set(a);
  const y = new Set(b);
  if (x.size === 0 && y.size === 0) return 1;
  let both = 0;
  for (const v of x) if (y.has(v)) both++;
  return both / (x.size + y.size - both);
}

export class MetricsCollector {
  private n = 0;
  private answered = 0;
  private hits = [0, 0, 0];
  private rr = 0;
  private brier = 0;
  private bins = Array.from({ length: 10 }, () => ({ count: 0, probability: 0, correct: 0 }));
  private jaccardSum = 0;
  private jaccardN = 0;
  private labourSum = 0;
  private labourN = 0;
  readonly outcomes: Outcome[] = [];

  add(truth: ClaimEvidence, answers: readonly Answer[]): void {
    this.n++;
    const rank = answers.findIndex((a) => a.causalPart === truth.causalPart) + 1;
    if (rank >= 1 && rank <= 1) this.hits[0]!++;
    if (rank >= 1 && rank <= 3) this.hits[1]!++;
    if (rank >= 1 && rank <= 5) this.hits[2]!++;
    if (rank >= 1) this.rr += 1 / rank;
    // Parts not answered have probability 0: the truth, if unanswered, costs (0 - 1)².
    let brier = rank === 0 ? 1 : 0;
    for (const a of answers)
      brier += (a.probability - (a.causalPart === truth.causalPart ? 1 : 0)) ** 2;
    this.brier += brier;
    const top = answers[0];
    this.outcomes.push({ rank, top: top ? top.probability : null });
    if (truth.parts.length > 0) {
      this.jaccardN++;
      if (top) {
        this.jaccardSum += jaccard(
          top.requiredParts.map((p) => p.partNumber),
          truth.parts.map((p) => p.partNumber),
        );
      }
    }
    if (!top) return;
    this.answered++;
    const bin = this.bins[Math.min(9, Math.floor(top.probability * 10))]!;
    bin.count++;
    bin.probability += top.probability;
    bin.correct += rank === 1 ? 1 : 0;
    if (truth.labourHours !== null && top.labourHours !== null) {
      this.labourN++;
      this.labourSum += Math.abs(top.labourHours - truth.labourHours);
    }
  }

  result(): Metrics {
    const n = Math.max(1, this.n);
    const reliability = this.bins.map((b, i) => ({
      from: i / 10,
      count: b.count,
      meanProbability: b.count ? b.probability / b.count : 0,
      accuracy: b.count ? b.correct / b.count : 0,
    }));
    const answered = Math.max(1, this.answered);
    const ece = reliability.reduce(
      (sum, b) => sum + (b.count / answered) * Math.abs(b.accuracy - b.meanProbability),
      0,
    );
    return {
      claims: this.n,
      answered: this.answered,
      top1: this.hits[0]! / n,
      top3: this.hits[1]! / n,
      top5: this.hits[2]! / n,
      mrr: this.rr / n,
      brier: this.brier / n,
      ece,
      reliability,
      partsJaccard: this.jaccardN ? this.jaccardSum / this.jaccardN : null,
      labourMae: this.labourN ? this.labourSum / this.labourN : null,
    };
  }
}
