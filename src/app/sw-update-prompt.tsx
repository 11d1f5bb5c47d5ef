import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { showToast } from '../components/toast';
import { applyUpdate, onUpdateWaiting, updateWaiting } from './sw-registration';

const ID = 'sw-update';

/** A toast with Reload when a new version of the app has been downloaded. */
export function SwUpdatePrompt() {
  useEffect(() => {
    const show = () => {
      if (!updateWaiting()) return;
      showToast({
        id: ID,
        title: 'A new version is ready',
        message: (
          <Button size="xs" mt="xs" onClick={applyUpdate}>
            Reload
          </Button>
        ),
        autoClose: false,
      });
    };
    show();
    return onUpdateWaiting(show);
  }, []);
  return null;
}
