import { PhoneIcon } from '../../components/icons';
import { BusyNotice } from './busy-notice';
import { SyncStatus } from './sync-status';

/** The top bar: product name, the sync status and the Call TSC phone link (product §1). */
export function TopBar({
  productName,
  callTscNumber,
}: {
  productName: string;
  callTscNumber: string | null;
}) {
  return (
    <header className="top-bar">
      <span className="top-bar-title">{productName}</span>
      <SyncStatus />
      <BusyNotice />
      {callTscNumber ? (
        <a className="call-tsc" href={`tel:${callTscNumber}`}>
          <PhoneIcon size={18} />
          Call TSC
        </a>
      ) : (
        // Configuration not cached yet (first start offline): shown, but not dialable.
        <span className="call-tsc" aria-disabled="true">
          <PhoneIcon size={18} />
          Call TSC
        </span>
      )}
    </header>
  );
}
