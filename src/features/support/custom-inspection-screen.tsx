import { useEffect, useRef } from 'react';
import { useRemoteConfig } from '../../components/use-remote-config';

/**
 * /support/test/customInspection (product §2): opens the configured CRM front-door link in a
 * new tab (the route needs a session, so the user is signed in) and shows an empty page.
 */
export function CustomInspectionScreen() {
  const config = useRemoteConfig();
  const opened = useRef(false);
  useEffect(() => {
    if (!config || opened.current) return;
    opened.current = true;
    window.open(config.crmFrontDoorUrl, '_blank', 'noopener,noreferrer');
  }, [config]);
  return <div data-testid="custom-inspection" />;
}
