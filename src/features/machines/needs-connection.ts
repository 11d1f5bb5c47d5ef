/**
 * product §4 "Offline-first": lookups that need the server say so plainly. Offline, the model
 * search runs over the machines kept on the device, and says so (its texts live beside the
 * device search's rules, shared with the wizard's machine step).
 */
export {
  NO_DEVICE_MATCH,
  NO_MACHINES_ON_DEVICE,
  searchingDevice,
} from '../../domain/device-machine-search';
export const LIST_NEEDS_CONNECTION =
  'Customer search needs a connection. Results you opened before on this device still show.';
export const DETAIL_NEEDS_CONNECTION =
  'This machine has not been opened on this device yet, and opening it the first time needs a connection.';
export const BULLETINS_NEED_CONNECTION =
  'The bulletins of this campaign have not been loaded on this device yet, and loading them needs a connection.';
export const MANUALS_NEED_CONNECTION =
  'The manuals of this machine have not been loaded on this device yet, and loading them needs a connection.';
