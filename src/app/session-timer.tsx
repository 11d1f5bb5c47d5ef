import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { SESSION_GRACE_MS, SESSION_IDLE_MS, sessionWarningText } from '../domain/session-timer';
import { startIdleTimer, type IdleTimer } from './idle-timer';

// The modal's code (Mantine Modal, focus trap, overlay) loads only when the warning is due.
const SessionWarning = lazy(() => import('./session-warning'));

/**
 * product §4 session timer: after 14 minutes without input a modal asks the user to continue;
 * without Continue within 60 s, `onExpire` (the logout) runs.
 */
export function SessionTimer({
  productName,
  onExpire,
}: {
  productName: string;
  onExpire: () => void;
}) {
  const [warning, setWarning] = useState(false);
  const timer = useRef<IdleTimer | null>(null);
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  }, [onExpire]);

  useEffect(() => {
    timer.current = startIdleTimer({
      idleMs: SESSION_IDLE_MS,
      graceMs: SESSION_GRACE_MS,
      onWarn: () => setWarning(true),
      onResume: () => setWarning(false),
      onExpire: () => {
        setWarning(false);
        expire.current();
      },
    });
    return () => timer.current?.stop();
  }, []);

  const resume = () => {
    setWarning(false);
    timer.current?.resume();
  };

  if (!warning) return null;
  return (
    <Suspense fallback={null}>
      <SessionWarning text={sessionWarningText(productName)} onContinue={resume} />
    </Suspense>
  );
}
