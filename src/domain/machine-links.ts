import type { MachineListItem } from '../../contract/machines';
import { SERIAL_LENGTH } from '../../contract/machine-numbers';
import { machinePathSegments } from './route-params';

/**
 * The links the machine screens build (product §2 route table). Values are URL-encoded as
 * path segments; the route params read them back decoded.
 */

export interface MachineKey {
  serial?: string;
  model?: string;
  pin?: string;
}

const seg = encodeURIComponent;

/** /support/machine/details/sn-{serial}/mn-{model}[/pin-{pin}] or /details/pin-{pin}. */
export function machineDetailPath(m: MachineKey): string {
  return `/support/machine/details/${machinePathSegments(m)}`;
}

/**
 * product §2 Machine list: View goes to
 * /support/machine/details/sn-{last 5 characters of serial}/mn-{model}[/pin-{pin}].
 */
export function machineListViewPath(
  item: Pick<MachineListItem, 'serialNumber' | 'materialNumber' | 'productIdentificationNo'>,
): string {
  const serial = item.serialNumber.slice(-SERIAL_LENGTH);
  const base = `/support/machine/details/sn-${seg(serial)}/mn-${seg(item.materialNumber)}`;
  return item.productIdentificationNo ? `${base}/pin-${seg(item.productIdentificationNo)}` : base;
}

interface FullKey {
  serial: string;
  model: string;
  pin: string;
}

/** Choose Activity: Create Case (trailing slash as product §2 writes it). */
export function createCasePath(m: FullKey): string {
  return `/support/machine/case/create/sn-${seg(m.serial)}/mn-${seg(m.model)}/pin-${seg(m.pin)}/`;
}

/** Choose Activity: Create Report (internal users), same params as a case. */
export function createReportPath(m: FullKey): string {
  return `/support/machine/report/create/sn-${seg(m.serial)}/mn-${seg(m.model)}/pin-${seg(m.pin)}/`;
}

/** Machine Telematics Install, and where the telematics search opens a found machine. */
export function telematicsPath(m: { serial: string; model: string }): string {
  return `/support/machine/imei/sn-${seg(m.serial)}/mn-${seg(m.model)}`;
}

/**
 * Create Parts Prediction, and a case's Create Prediction (with its case id, so the prediction
 * is linked to it); the navigation state carries inventoryId and imei.
 */
export function predictionPath(m: { serial: string; model: string }, caseId?: string): string {
  const base = `/support/machine/prediction/create/sn-${seg(m.serial)}/mn-${seg(m.model)}`;
  return caseId ? `${base}/case-${seg(caseId)}` : base;
}

/** Prediction History (product §2) and one prediction's detail. */
export const PREDICTION_HISTORY_PATH = '/support/predictions';
export function predictionDetailPath(id: string): string {
  return `/support/prediction/${seg(id)}`;
}

/** Where an unfinished wizard of a flow resumes: its create path for the machine. */
export function wizardResumePath(flow: 'case' | 'report' | 'prediction', m: FullKey): string {
  // Kept before its machine was found: the wizard opens where the machine is asked for.
  if (!m.serial || !m.model) return `/support/machine/${flow}/create`;
  if (flow === 'report') return createReportPath(m);
  return flow === 'prediction' ? predictionPath(m) : createCasePath(m);
}

/** Quality Report (external users): the configured page with model and serial as query. */
export function qualityReportHref(base: string, m: { serial: string; model: string }): string {
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}${new URLSearchParams({ model: m.model, serial: m.serial })}`;
}

/** Installation Guides: the configured knowledge article. */
export function installationGuidesPath(articleId: string): string {
  return `/knowledge/answer?${new URLSearchParams({ uniqueID: articleId })}`;
}
