import type { ClaimEvidence } from '../../contract/predictions';
import { claimEvidence } from './claims';
import { generateDemoData, type DemoSize } from './generate';
import { generateMachineData } from './machines';

/**
 * The demo's claims as the prediction engine reads them: the very rows the seed writes, for
 * the evaluation command and benchmarks (no database needed). Deterministic.
 */
export function demoClaims(size: DemoSize): ClaimEvidence[] {
  const rows = generateMachineData(size, generateDemoData(size).accounts);
  const machines = new Map(rows.machines.map((m) => [m.id, m]));
  return rows.claims.map((claim) => {
    const m = machines.get(claim.machine_id)!;
    return claimEvidence(claim, {
      model: m.material_number,
      family: m.model_family,
      serial: m.serial_number,
    });
  });
}
