import './sync-status.css';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router';
import { useOnline } from '../../components/use-online';
import { db } from '../../db/db';
import { CHANGE, countOf } from '../../domain/plural';
import { outboxCounts } from '../../sync/outbox-status';

const PENDING = { one: 'change waiting to send', other: 'changes waiting to send' } as const;

/** Tabler's cloud-off outline, inline like the shell's other icons. */
function CloudOffIcon({ size }: { size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M9.58 5.548c.24 -.11 .492 -.207 .752 -.286c1.88 -.572 3.956 -.193 5.444 1c1.488 1.19 2.162 3.007 1.77 4.769h.99c1.913 0 3.464 1.56 3.464 3.486c0 .957 -.383 1.824 -1.003 2.454m-2.997 1.033h-11.343c-2.572 -.004 -4.657 -2.011 -4.657 -4.487c0 -2.475 2.085 -4.482 4.657 -4.482c.13 -.582 .37 -1.128 .7 -1.62" />
      <path d="M3 3l18 18" />
    </svg>
  );
}

/**
 * A count in the top bar. The bare figure is terse for a 412 px bar, so it carries its meaning
 * as an accessible name and as a tooltip.
 */
function Badge({ className, label, text }: { className: string; label: string; text: string }) {
  return (
    <span className={className} role="img" aria-label={label} title={label}>
      {text}
    </span>
  );
}

/**
 * Online / offline and the signed-in user's unsent writes, in the top bar. Live queries: a
 * write queued or sent in any tab or by the service worker shows here at once. Leads to the
 * Offline & sync page.
 */
export function SyncStatus() {
  const online = useOnline();
  const counts = useLiveQuery(async () => {
    const me = await db.profile.get('me');
    return me ? outboxCounts(me.user.id) : { pending: 0, needsAttention: 0 };
  }, []);
  const pending = counts?.pending ?? 0;
  const attention = counts?.needsAttention ?? 0;
  const pendingLabel = countOf(pending, PENDING);
  const attentionLabel = `${countOf(attention, CHANGE)} ${attention === 1 ? 'needs' : 'need'} attention`;

  return (
    <Link
      to="/settings/offline"
      className={online ? 'sync-status' : 'sync-status sync-status-offline'}
      data-testid="sync-status"
      title="Offline & sync"
    >
      {online ? (
        <span className="sync-status-hidden">Online</span>
      ) : (
        <>
          <CloudOffIcon size={18} />
          Offline
        </>
      )}
      {pending > 0 && (
        <Badge className="sync-status-badge" label={pendingLabel} text={`${pending}`} />
      )}
      {attention > 0 && (
        <Badge
          className="sync-status-badge sync-status-attention"
          label={attentionLabel}
          text={`!${attention}`}
        />
      )}
    </Link>
  );
}
