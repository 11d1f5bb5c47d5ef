/*
 * The lengths of a machine's numbers (product §5), apart from the machine schemas: Home's
 * links cut a serial to its last digits, and importing them from contract/machines.ts would
 * bring every machine schema into the first screen.
 */

/** A product identification number (PIN) is 17 characters. */
export const PIN_LENGTH = 17;
/** The serial is the PIN's last 5 characters. */
export const SERIAL_LENGTH = 5;
