// Mantine's base styles, then the per-component styles the first screens use; areas import
// the styles of their own components, so the first paint does not wait for all of Mantine's CSS.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Anchor.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasAuthResponse } from './api/identity';
import { App } from './app/app';
import { router } from './app/router';
import { releaseSnapshotOffHome } from './app/snapshot-release';
import { registerServiceWorker } from './app/sw-registration';

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
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
  releaseSnapshotOffHome(router);
  registerServiceWorker();
}
