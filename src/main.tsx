// Mantine's base styles. Each component's own stylesheet is imported for it by the build
// (build-tools/mantine-component-styles.ts) in the chunk that renders it.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app/tap-targets.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { hasAuthResponse } from './api/auth-response';
import { App } from './app/app';
import { releaseSnapshotLater } from './app/snapshot-release';
import { registerServiceWorker } from './app/sw-registration';
import { listenToWorkerMessages } from './sync/worker-messages';

/**
 * The provider's answer to a popup or silent (iframe) sign-in lands on /login inside that
 * popup or iframe: hand it to the main window (msal v5's redirect bridge) and show nothing.
 */
const inChildWindow = window.parent !== window || window.opener !== null;

if (inChildWindow && hasAuthResponse(window.location)) {
  import('@azure/msal-browser/redirect-bridge')
    .then((bridge) => bridge.broadcastResponseToMainFrame())
    .catch(() => {
      // The main window times out and reports the failure; nothing to show here.
    });
} else {
  // Before the first render: a push that arrives while the app loads waits for its toast.
  listenToWorkerMessages();
  const root = document.getElementById('root');
  if (root) {
    // A transition lets React yield to the browser every few milliseconds while it builds the
    // first screen, instead of one long task that blocks taps on the snapshot already painted.
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  }
  releaseSnapshotLater();
  registerServiceWorker();
}
