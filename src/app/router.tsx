import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
import { LoginScreen } from '../features/auth/login-screen';
import { LoadingShell } from './loading-shell';
import { RouteError } from './route-error';

/*
 * The route table of product §2 that is built so far. Every screen but the login screen is a
 * lazy module (one chunk per area) so the first screen loads only its own code. The login
 * screen is a new visitor's first screen and stands in the entry chunk: lazy, it pulled in a
 * dozen small shared chunks (Mantine's base, the API client) one round trip after the entry. The session guard is a loader that
 * runs in parallel with the shell's code download; its own code (Dexie) is imported lazily
 * too, so /login never pays for it.
 */
const requireSession = async (args: LoaderFunctionArgs) =>
  (await import('./session-guard')).requireSession(args);

export const router = createBrowserRouter([
  {
    hydrateFallbackElement: <LoadingShell />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', Component: LoginScreen },
      {
        path: '/logout',
        lazy: {
          Component: () => import('../features/auth/logout-screen').then((m) => m.LogoutScreen),
        },
      },
      {
        loader: requireSession,
        lazy: { Component: () => import('./layout/protected-shell').then((m) => m.ProtectedShell) },
        children: [
          {
            path: '/home',
            lazy: {
              Component: () => import('../features/home/home-screen').then((m) => m.HomeScreen),
            },
          },
          {
            path: '/knowledge',
            lazy: {
              Component: () =>
                import('../features/knowledge/knowledge-search-screen').then(
                  (m) => m.KnowledgeSearchScreen,
                ),
            },
          },
          {
            path: '/knowledge/answer',
            lazy: {
              Component: () =>
                import('../features/knowledge/article-screen').then((m) => m.ArticleScreen),
            },
          },
          {
            path: '/support',
            lazy: {
              Component: () =>
                import('../features/support/support-menu').then((m) => m.SupportMenu),
            },
          },
          {
            path: '/support/ku',
            lazy: {
              Component: () =>
                import('../features/support/training-screen').then((m) => m.TrainingScreen),
            },
          },
          {
            // Normal and telematics variants (product §2: the path containing imei decides).
            path: '/support/machine/search/imei?',
            lazy: {
              Component: () =>
                import('../features/machines/machine-search-screen').then(
                  (m) => m.MachineSearchScreen,
                ),
            },
          },
          {
            path: '/support/machineResults',
            lazy: {
              Component: () =>
                import('../features/machines/machine-list-screen').then((m) => m.MachineListScreen),
            },
          },
          {
            path: '/support/machine/details/:param1/:param2?/:param3?',
            lazy: {
              Component: () =>
                import('../features/machines/machine-detail-screen').then(
                  (m) => m.MachineDetailScreen,
                ),
            },
          },
          {
            // Telematics-variant machine results: DCU pairing for that machine.
            path: '/support/machine/imei/:param1/:param2?',
            lazy: {
              Component: () =>
                import('../features/dcu/dcu-pairing-screen').then((m) => m.DcuPairingScreen),
            },
          },
          {
            // product §2: the create case wizard (/sn-{serial}/mn-{model}/pin-{pin}/).
            path: '/support/machine/case/create/:param1?/:param2?/:param3?',
            lazy: {
              Component: () =>
                import('../features/cases/case-wizard-screen').then((m) => m.CaseCreateScreen),
            },
          },
          {
            // Reports are internal only (product §6); the screen says so to others too.
            path: '/support/machine/report/create/:param1?/:param2?/:param3?',
            lazy: {
              Component: () =>
                import('../features/cases/case-wizard-screen').then((m) => m.ReportCreateScreen),
            },
          },
          {
            path: '/support/case/:id',
            lazy: {
              Component: () =>
                import('../features/cases/case-detail-screen').then((m) => m.CaseDetailScreen),
            },
          },
          {
            path: '/support/cases',
            lazy: {
              Component: () =>
                import('../features/cases/case-list-screen').then((m) => m.CaseListScreen),
            },
          },
          {
            path: '/support/dcu/masterkey',
            lazy: {
              Component: () =>
                import('../features/dcu/master-key-screen').then((m) => m.MasterKeyScreen),
            },
          },
          {
            path: '/settings/offline',
            lazy: {
              Component: () =>
                import('../features/settings/offline-sync-screen').then((m) => m.OfflineSyncScreen),
            },
          },
          {
            lazy: { Component: () => import('./role-guard').then((m) => m.InternalOnly) },
            children: [
              {
                path: '/support/sf/dealer/lookup',
                lazy: {
                  Component: () =>
                    import('../features/dealers/dealer-lookup-screen').then(
                      (m) => m.DealerLookupScreen,
                    ),
                },
              },
              {
                // Dealer Lookup's results: an organisation's Case History.
                path: '/support/dealer/cases/:orgId',
                lazy: {
                  Component: () =>
                    import('../features/cases/case-history-screen').then(
                      (m) => m.CaseHistoryScreen,
                    ),
                },
              },
            ],
          },
          {
            path: '/support/machine/pdi/:param1/:param2',
            lazy: {
              Component: () => import('../features/support/pdi-screen').then((m) => m.PdiScreen),
            },
          },
          {
            path: '/support/test/customInspection',
            lazy: {
              Component: () =>
                import('../features/support/custom-inspection-screen').then(
                  (m) => m.CustomInspectionScreen,
                ),
            },
          },
          {
            path: '/support/sf/create',
            lazy: {
              Component: () => import('../features/support/sf-routes').then((m) => m.SfCreate),
            },
          },
          {
            path: '/support/sf/case/:id',
            lazy: {
              Component: () => import('../features/support/sf-routes').then((m) => m.SfCase),
            },
          },
          {
            // Administrators only: the screen says so to others, the gateway refuses them.
            path: '/support/notifdashboard',
            lazy: {
              Component: () =>
                import('../features/notifications/notification-dashboard').then(
                  (m) => m.NotificationDashboard,
                ),
            },
          },
          {
            path: '/support/DealerContacts',
            lazy: {
              Component: () =>
                import('../features/notifications/dealer-contacts-screen').then(
                  (m) => m.DealerContactsScreen,
                ),
            },
          },
          {
            path: '/messages',
            lazy: {
              Component: () =>
                import('../features/notifications/messages-screen').then((m) => m.MessagesScreen),
            },
          },
          {
            path: '/settings',
            lazy: {
              Component: () =>
                import('../features/settings/settings-screen').then((m) => m.SettingsScreen),
            },
          },
        ],
      },
      // product §2: any unknown path shows the login screen (which sends a signed-in user home).
      { path: '*', Component: LoginScreen },
    ],
  },
]);
