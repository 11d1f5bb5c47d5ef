import type { FieldValue, LayoutField } from '../../contract/cases';
import { dateTime, formatDay } from './dates';

/**
 * A layout field's value as the read-only Additional Details show it (product §2, §6): N/A when
 * empty, Yes or No, and dates as the rest of the app writes them.
 *
 * DateTime fields a user fills in (Failure Date, the form's dates) are typed as calendar days and
 * sent at a fixed hour of UTC, so their day is shown as it was typed, in every time zone; the
 * read-only ones (Created Date, Last Modified Date) are instants, shown with their time of day
 * in the device's zone.
 */
export function displayFieldValue(
  field: Pick<LayoutField, 'type' | 'editableForNew' | 'editableForUpdate'>,
  value: FieldValue | undefined,
): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field.type === 'DateTime' && typeof value === 'string') {
    const typed = field.editableForNew || field.editableForUpdate;
    return (typed ? formatDay(value) : dateTime(value)) || value;
  }
  return String(value);
}
