import type { MachineDetail, MachineListItem } from '../../contract/machines';
import type { CustomerSearchQuery } from './machine-search';

type DeviceMachine = Pick<
  MachineDetail,
  | 'serialNumber'
  | 'materialNumber'
  | 'materialNumberDescription'
  | 'productIdentificationNo'
  | 'endCustomerName'
  | 'endCustomerCity'
  | 'endCustomerState'
  | 'servicingDealerName'
  | 'iconUrl'
>;

/** How many device matches the model search lists; more means "keep typing". */
export const DEVICE_MATCH_LIMIT = 20;

const lower = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/**
 * Offline model search over the machines kept on the device: like the gateway's typeahead,
 * model and serial match from their start (any case), but either one alone is enough.
 */
export function deviceModelSerialMatches<M extends DeviceMachine>(
  machines: readonly M[],
  typed: { model: string; serial: string },
): M[] {
  const model = lower(typed.model);
  const serial = lower(typed.serial);
  if (!model && !serial) return [];
  return machines
    .filter(
      (m) => lower(m.materialNumber).startsWith(model) && lower(m.serialNumber).startsWith(serial),
    )
    .sort(
      (a, b) =>
        a.materialNumber.localeCompare(b.materialNumber) ||
        a.serialNumber.localeCompare(b.serialNumber),
    );
}

/** Offline customer search over the device, with the gateway's rules (product §5). */
export function deviceCustomerMatches<M extends DeviceMachine>(
  machines: readonly M[],
  q: CustomerSearchQuery,
): M[] {
  return machines.filter((m) => {
    const name = lower(m.endCustomerName);
    if (q.firstName && !name.includes(lower(q.firstName))) return false;
    if (q.lastName && !name.includes(lower(q.lastName))) return false;
    if (q.city && lower(m.endCustomerCity) !== lower(q.city)) return false;
    if (q.state && lower(m.endCustomerState) !== lower(q.state)) return false;
    return true;
  });
}

/** A device machine as a Machine List card shows it. */
export function asMachineListItem(m: DeviceMachine): MachineListItem {
  return {
    serialNumber: m.serialNumber,
    materialNumber: m.materialNumber,
    description: m.materialNumberDescription,
    productIdentificationNo: m.productIdentificationNo,
    endCustomerName: m.endCustomerName,
    city: m.endCustomerCity,
    state: m.endCustomerState,
    servicingDealerName: m.servicingDealerName,
    iconUrl: m.iconUrl,
  };
}

/** What the model search says offline, while it searches the machines kept on the device. */
export const searchingDevice = (count: number) =>
  count === 1
    ? 'No connection: searching the 1 machine on this device.'
    : `No connection: searching the ${count} machines on this device.`;
export const NO_MACHINES_ON_DEVICE =
  'No connection, and no machines are kept on this device yet. Prepare for the field (Settings) downloads them; what you typed is kept.';
export const NO_DEVICE_MATCH = 'No machine on this device matches.';
