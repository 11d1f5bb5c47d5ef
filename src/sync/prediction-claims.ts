import {
  CLAIMS_BUNDLE_MODELS_MAX,
  type ClaimsBundle,
  type ModelEvidence,
} from '../../contract/predictions';
import type { ConditionalAnswer } from '../api/client';
import { getClaimsBundle } from '../api/prediction-claims';
import { db, type TorqueDb } from '../db/db';
import { countOf, MODEL, PAST_CLAIM } from '../domain/plural';
import type { PredictionClaimsRow } from '../db/schema';
import { outcomeOf } from './outcome';

/*
 * "Prepare for the field", after the machines: what the past claims of the primed machines'
 * models (and their families' models) teach the engine, as statistics, with the gateway's
 * calibration, into db.predictionClaims, so a parts prediction can be ranked on the device
 * without signal (product §4 Offline-first). Asked for in chunks of models, each with the ETag
 * kept from its last answer: models whose claims did not change cost a 304.
 */

/** The syncState row whose time changes whenever the kept claims do (the engine's cache key). */
export const PREDICTION_CLAIMS_AREA = 'prediction-claims';

export interface ClaimsPrimeResult {
  /** Models asked for whose claims are on the device now. */
  models: number;
  /** Claims the kept statistics stand for. */
  claims: number;
  /** The statistics' size as JSON, in bytes: what the device holds for ranking offline. */
  bytes: number;
  /** Models whose kept claims were current (the gateway answered 304). */
  unchanged: number;
}

export type FetchClaimsBundle = (
  models: readonly string[],
  etag: string | null,
  signal?: AbortSignal,
) => Promise<ConditionalAnswer<ClaimsBundle>>;

export function claimsDetail(result: ClaimsPrimeResult): string {
  return `${countOf(result.claims, PAST_CLAIM)} of ${countOf(result.models, MODEL)}`;
}

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** The ETag every model of the chunk was kept with, if they share one (asked together before). */
function sharedEtag(rows: readonly (PredictionClaimsRow | undefined)[]): string | null {
  const etag = rows[0]?.etag ?? null;
  return etag !== null && rows.every((row) => row?.etag === etag) ? etag : null;
}

/** One row per model of the answer; a model asked for without claims is kept empty. */
function rowsOf(
  ownerUserId: string,
  asked: readonly string[],
  bundle: ClaimsBundle,
  etag: string | null,
  syncedAt: number,
): PredictionClaimsRow[] {
  const byModel = new Map<string, ModelEvidence | null>();
  for (const model of [...asked, ...bundle.models]) byModel.set(model, null);
  for (const evidence of bundle.evidence) byModel.set(evidence.model, evidence);
  return [...byModel].map(([model, evidence]) => ({
    ownerUserId,
    model,
    evidence,
    gatewayClaims: bundle.claims,
    calibration: bundle.calibration,
    etag,
    syncedAt,
  }));
}

function tally(result: ClaimsPrimeResult, rows: readonly (PredictionClaimsRow | undefined)[]) {
  for (const row of rows) {
    // A row of the older shape counts as not kept: the next answer replaces it.
    if (!row || row.evidence === undefined) continue;
    result.models++;
    result.claims += row.evidence?.claims ?? 0;
    result.bytes += JSON.stringify(row.evidence).length;
  }
}

/**
 * Fetches and keeps the claims of `models`. Never rejects: a chunk that fails is skipped (the
 * machines are what the pack is for), losing the connection or Cancel stops the rest; resolves
 * with what is on the device for those models afterwards.
 */
export async function preparePredictionClaims(
  ownerUserId: string,
  models: Iterable<string>,
  signal?: AbortSignal,
  fetchBundle: FetchClaimsBundle = getClaimsBundle,
  database: TorqueDb = db,
): Promise<ClaimsPrimeResult> {
  const asked = [...new Set(models)].sort();
  const result: ClaimsPrimeResult = { models: 0, claims: 0, bytes: 0, unchanged: 0 };
  for (const chunk of chunksOf(asked, CLAIMS_BUNDLE_MODELS_MAX)) {
    if (signal?.aborted) break;
    const keys = chunk.map((model): [string, string] => [ownerUserId, model]);
    const kept = await database.predictionClaims.bulkGet(keys);
    let answer: ConditionalAnswer<ClaimsBundle>;
    try {
      answer = await fetchBundle(chunk, sharedEtag(kept), signal);
    } catch (error) {
      if (signal?.aborted || outcomeOf(error).status === 'offline') break;
      continue;
    }
    if (answer.unchanged) {
      result.unchanged += chunk.length;
      tally(result, kept);
      continue;
    }
    const rows = rowsOf(ownerUserId, chunk, answer.data, answer.etag, Date.now());
    await database.transaction('rw', database.predictionClaims, database.syncState, async () => {
      await database.predictionClaims.bulkPut(rows);
      await database.syncState.put({
        ownerUserId,
        area: PREDICTION_CLAIMS_AREA,
        syncedAt: Date.now(),
      });
    });
    tally(
      result,
      rows.filter((row) => chunk.includes(row.model)),
    );
  }
  return result;
}
