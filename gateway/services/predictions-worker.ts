import { parentPort } from 'node:worker_threads';
import {
  claimEvidenceSchema,
  type ClaimEvidence,
  type ModelEvidence,
} from '../../contract/predictions';
import { evidenceByModel, withFamilies } from '../../engine/bundle';
import type { PredictionEngine } from '../../engine/types';
import { buildEngine } from '../../engine/build';
import type { ToEngine, FromEngine } from './predictions-protocol';

/*
 * The engine's own thread: it builds the engine from the claims the gateway read and answers
 * rankings and the device's bundles, so neither the build (seconds over the large set) nor a
 * ranking holds up the requests of other users on the gateway's event loop.
 */

const port = parentPort!;
const claims: ClaimEvidence[] = [];
let refused = 0;
let engine: PredictionEngine | null = null;
/** Each model's evidence for the device, and its JSON text, cut once per build. */
let evidence = new Map<string, ModelEvidence>();
const evidenceJson = new Map<ModelEvidence, string>();

function reply(message: FromEngine) {
  port.postMessage(message);
}

port.on('message', (message: ToEngine) => {
  try {
    switch (message.kind) {
      case 'claims':
        // Checked once here, against the contract: every bundle is cut from checked rows.
        for (const row of JSON.parse(message.json) as unknown[]) {
          const claim = claimEvidenceSchema.safeParse(row);
          if (claim.success) claims.push(claim.data);
          else refused++;
        }
        return;
      case 'build': {
        // Oldest first (the pages came in id order; the sort is stable, so ties keep it).
        claims.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
        engine = buildEngine(claims);
        evidence = evidenceByModel(claims);
        reply({
          kind: 'built',
          calibration: engine.calibration,
          count: claims.length,
          refused,
          newest: claims.at(-1)?.date ?? null,
        });
        return;
      }
      case 'predict':
        reply({
          kind: 'answer',
          id: message.id,
          value: engine!.predict(message.query, message.limit),
        });
        return;
      case 'bundle':
        reply({
          kind: 'answer',
          id: message.id,
          // Statistics, not records. Sent as JSON text, which crosses to the gateway's thread
          // far faster than the objects would; each model's text is made once.
          value: `[${withFamilies(message.models, evidence)
            .map((e) => {
              let json = evidenceJson.get(e);
              if (json === undefined) evidenceJson.set(e, (json = JSON.stringify(e)));
              return json;
            })
            .join(',')}]`,
        });
        return;
    }
  } catch (err) {
    const id = 'id' in message ? message.id : null;
    reply({ kind: 'failed', id, message: (err as Error).message });
  }
});
