import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { takeShare } from '../../sync/shared-files';

/**
 * "Add to a case" from the share screen: the case opens with `{ shareId }` in its history
 * state, and the shared files are picked into Post an update as if chosen with Upload. The
 * share is taken off the device once and the state cleared, so a reload does not add them again.
 */
export function useSharedIntoUpdate(pick: (files: File[]) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const picked = useRef(pick);
  picked.current = pick;
  const shareId = (location.state as { shareId?: unknown } | null)?.shareId;
  useEffect(() => {
    if (typeof shareId !== 'string') return;
    void navigate(location.pathname, { replace: true, state: null });
    takeShare(shareId).then(
      (files) => {
        if (files.length === 0) return;
        picked.current(files.map((f) => new File([f.blob], f.name, { type: f.type })));
      },
      () => undefined,
    );
  }, [shareId, navigate, location.pathname]);
}
