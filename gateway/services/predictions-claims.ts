import { createHash } from 'node:crypto';
import { CLAIMS_BUNDLE_MODELS_MAX, claimsBundleSchema } from '../../contract/predictions';
import { HttpError } from '../http/errors';
import type { LoadedClaims } from './predictions-engine';

const MODEL_MAX = 40;

/**
 * The models of a bundle request, `A,B,C`: trimmed, empty ones dropped, each once (models are
 * matched case-insensitively), in a stable order so the same set always has the same ETag.
 */
export function bundleModels(param: string): string[] {
  const byKey = new Map<string, string>();
  for (const raw of param.split(',')) {
    const model = raw.trim();
    if (model === '') continue;
    if (model.length > MODEL_MAX) {
      throw new HttpError(400, `models: a model is at most ${MODEL_MAX} characters`);
    }
    byKey.set(model.toLowerCase(), model);
  }
  if (byKey.size === 0) throw new HttpError(400, 'models: name at least one model');
  if (byKey.size > CLAIMS_BUNDLE_MODELS_MAX) {
    throw new HttpError(400, `models: at most ${CLAIMS_BUNDLE_MODELS_MAX} models at once`);
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, m]) => m);
}

/** The bundle's strong ETag: the claims and calibration held, and the models asked for. */
export function bundleEtag(loaded: LoadedClaims, models: readonly string[]): string {
  const key = models.map((m) => m.toLowerCase()).join('\n');
  // The format's version is in it, so a device that kept the old shape fetches the new.
  const hash = createHash('sha256')
    .update(`evidence-1\n${loaded.stamp}\n${key}`)
    .digest('hex')
    .slice(0, 32);
  return `"claims-${hash}"`;
}

/**
 * What a device ranks over offline (docs/predictions.md): statistics of the claims of the
 * models of the machines it primed and of their families' models, with the gateway's
 * calibration, as the JSON body. No claim's date, dealer, serial, parts or labour. The
 * evidence is cut by the engine's own code; the envelope is checked here.
 */
export async function claimsBundleJson(loaded: LoadedClaims, models: string[]): Promise<string> {
  const envelope = claimsBundleSchema.parse({
    models,
    claims: loaded.count,
    evidence: [],
    calibration: loaded.calibration,
  });
  const evidence = await loaded.claimsOf(models);
  return `{"models":${JSON.stringify(envelope.models)},"claims":${envelope.claims},"evidence":${evidence},"calibration":${JSON.stringify(envelope.calibration)}}`;
}
