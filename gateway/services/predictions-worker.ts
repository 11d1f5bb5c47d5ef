import { parentPort } from 'node:worker_threads';
import type { ClaimEvidence } from '../../contract/predictions';
import type { PredictionEngine } from '../../engine/types';
import { buildEngine } from './predictions-build';
import type { ToEngine, FromEngine } from './predictions-protocol';

/*
 * The engine's own thread: it builds the engine from the claims the gateway read and answers
 * rankings and the device's bundles, so neither the build (seconds over the large set) nor a
 * ranking holds up the requests of other users on the gateway's event loop.
 */

const port = parentPort!;
let engine: PredictionEngine | null = null;
const byModel = new Map<string, ClaimEvidence[]>();

function reply(message: FromEngine) {
  port.postMessage(message);
}

port.on('message', (message: ToEngine) => {
  try {
    switch (message.kind) {
      case 'build': {
        for (const c of message.claims) {
          const key = c.model.toLowerCase();
          const list = byModel.get(key);
          if (list) list.push(c);
          else byModel.set(key, [c]);
        }
        engine = buildEngine(message.claims);
        reply({ kind: 'built', calibration: engine.calibration });
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
          // Evidence, not records: no serial leaves the gateway.
          value: message.models.flatMap((m) =>
            (byModel.get(m.toLowerCase()) ?? []).map((c) => ({ ...c, serial: null })),
          ),
        });
        return;
    }
  } catch (err) {
    const id = 'id' in message ? message.id : null;
    reply({ kind: 'failed', id, message: (err as Error).message });
  }
});
