import './sync-status.css';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router';
import { CloudOffIcon } from '../../components/icons';
import { useOnline } from '../../components/use-online';
import { db } from '../../db/db';
import { CHANGE, countOf } from '../../domain/plural';
import { outboxCounts } from '../../sync/outbox-status';

const PENDING = { one: 'change waiting to send', other: 'changes waiting to send' } as const;

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
