import { lazy, type ComponentType, type ReactElement } from 'react';
import { createRoutesFromChildren, matchRoutes, Route, Routes } from 'react-router';
import { LoginScreen } from '../features/auth/login-screen';
import { RequireSession } from './require-session';
import { RouteErrorBoundary } from './route-error-boundary';
import { useSnapshotReleaseOffHome } from './snapshot-release';

/*
 * The route table of product §2 that is built so far. Every screen but the login screen is a
 * lazy module (one chunk per area) so the first screen loads only its own code. The login
 * screen is a new visitor's first screen and stands in the entry chunk: lazy, it pulled in a
 * dozen small shared chunks (Mantine's base, the API client) one round trip after the entry.
 * Declarative routes, not a data router: its loaders and navigation state cost about 17 KB
 * gzipped in the entry, and the one loader, the session guard, is a component
 * (require-session.tsx) that checks while the shell's and the screen's code download.
 */
function screen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  const Screen = lazy(() => load().then((m) => ({ default: pick(m) })));
  // A failed download is reported when the screen renders and asks again.
  return Object.assign(Screen, { preload: () => void load().catch(() => undefined) });
}

/** Starts downloading the code of the screens `pathname` shows, before they render. */
function preloadScreens(pathname: string) {
  for (const { route } of matchRoutes(routeObjects(), pathname) ?? []) {
    const type = (route.element as ReactElement | undefined)?.type as { preload?: () => void };
    type?.preload?.();
  }
}

let routes: ReturnType<typeof createRoutesFromChildren> | null = null;
const routeObjects = () => (routes ??= createRoutesFromChildren(routeTable));

const LogoutScreen = screen(
  () => import('../features/auth/logout-screen'),
  (m) => m.LogoutScreen,
);
const InternalOnly = screen(
  () => import('./role-guard'),
  (m) => m.InternalOnly,
);
const HomeScreen = screen(
  () => import('../features/home/home-screen'),
  (m) => m.HomeScreen,
);
const KnowledgeSearchScreen = screen(
  () => import('../features/knowledge/knowledge-search-screen'),
  (m) => m.KnowledgeSearchScreen,
);
const ArticleScreen = screen(
  () => import('../features/knowledge/article-screen'),
  (m) => m.ArticleScreen,
);
const SupportMenu = screen(
  () => import('../features/support/support-menu'),
  (m) => m.SupportMenu,
);
const TrainingScreen = screen(
  () => import('../features/support/training-screen'),
  (m) => m.TrainingScreen,
);
const MachineSearchScreen = screen(
  () => import('../features/machines/machine-search-screen'),
  (m) => m.MachineSearchScreen,
);
const MachineListScreen = screen(
  () => import('../features/machines/machine-list-screen'),
  (m) => m.MachineListScreen,
);
const MachineDetailScreen = screen(
  () => import('../features/machines/machine-detail-screen'),
  (m) => m.MachineDetailScreen,
);
const DcuPairingScreen = screen(
  () => import('../features/dcu/dcu-pairing-screen'),
  (m) => m.DcuPairingScreen,
);
const CaseCreateScreen = screen(
  () => import('../features/cases/case-wizard-screen'),
  (m) => m.CaseCreateScreen,
);
const ReportCreateScreen = screen(
  () => import('../features/cases/case-wizard-screen'),
  (m) => m.ReportCreateScreen,
);
const CaseDetailScreen = screen(
  () => import('../features/cases/case-detail-screen'),
  (m) => m.CaseDetailScreen,
);
const CaseListScreen = screen(
  () => import('../features/cases/case-list-screen'),
  (m) => m.CaseListScreen,
);
const PredictionCreateScreen = screen(
  () => import('./prediction-create-screen'),
  (m) => m.PredictionCreateScreen,
);
const PredictionHistoryScreen = screen(
  () => import('../features/predictions/prediction-history-screen'),
  (m) => m.PredictionHistoryScreen,
);
const PredictionDetailScreen = screen(
  () => import('../features/predictions/prediction-detail-screen'),
  (m) => m.PredictionDetailScreen,
);
const MasterKeyScreen = screen(
  () => import('../features/dcu/master-key-screen'),
  (m) => m.MasterKeyScreen,
);
const OfflineSyncScreen = screen(
  () => import('../features/settings/offline-sync-screen'),
  (m) => m.OfflineSyncScreen,
);
const DealerLookupScreen = screen(
  () => import('../features/dealers/dealer-lookup-screen'),
  (m) => m.DealerLookupScreen,
);
const CaseHistoryScreen = screen(
  () => import('../features/cases/case-history-screen'),
  (m) => m.CaseHistoryScreen,
);
const PdiScreen = screen(
  () => import('../features/support/pdi-screen'),
  (m) => m.PdiScreen,
);
const CustomInspectionScreen = screen(
  () => import('../features/support/custom-inspection-screen'),
  (m) => m.CustomInspectionScreen,
);
const SfCreate = screen(
  () => import('../features/support/sf-routes'),
  (m) => m.SfCreate,
);
const SfCase = screen(
  () => import('../features/support/sf-routes'),
  (m) => m.SfCase,
);
const NotificationDashboard = screen(
  () => import('../features/notifications/notification-dashboard'),
  (m) => m.NotificationDashboard,
);
const PredictionQualityScreen = screen(
  () => import('../features/predictions/prediction-quality-screen'),
  (m) => m.PredictionQualityScreen,
);
const DealerContactsScreen = screen(
  () => import('../features/notifications/dealer-contacts-screen'),
  (m) => m.DealerContactsScreen,
);
const MessagesScreen = screen(
  () => import('../features/notifications/messages-screen'),
  (m) => m.MessagesScreen,
);
const ShareScreen = screen(
  () => import('../features/cases/share-screen'),
  (m) => m.ShareScreen,
);
const SettingsScreen = screen(
  () => import('../features/settings/settings-screen'),
  (m) => m.SettingsScreen,
);

/*
 * The route table, once: the routes render it, and the session guard looks up in it which
 * screen's code to fetch while it checks.
 */
const routeTable = (
  <>
    <Route path="/login" element={<LoginScreen />} />
    <Route path="/logout" element={<LogoutScreen />} />
    <Route element={<RequireSession preload={preloadScreens} />}>
      <Route path="/home" element={<HomeScreen />} />
      <Route path="/knowledge" element={<KnowledgeSearchScreen />} />
      <Route path="/knowledge/answer" element={<ArticleScreen />} />
      <Route path="/support" element={<SupportMenu />} />
      <Route path="/support/ku" element={<TrainingScreen />} />
      {/* Normal and telematics variants (product §2: the path containing imei decides). */}
      <Route path="/support/machine/search/imei?" element={<MachineSearchScreen />} />
      <Route path="/support/machineResults" element={<MachineListScreen />} />
      <Route
        path="/support/machine/details/:param1/:param2?/:param3?"
        element={<MachineDetailScreen />}
      />
      {/* Telematics-variant machine results: DCU pairing for that machine. */}
      <Route path="/support/machine/imei/:param1/:param2?" element={<DcuPairingScreen />} />
      {/* product §2: the create case wizard (/sn-{serial}/mn-{model}/pin-{pin}/). */}
      <Route
        path="/support/machine/case/create/:param1?/:param2?/:param3?"
        element={<CaseCreateScreen />}
      />
      {/* Reports are internal only (product §6); the screen says so to others too. */}
      <Route
        path="/support/machine/report/create/:param1?/:param2?/:param3?"
        element={<ReportCreateScreen />}
      />
      {/* product §2: prediction creation (/sn-{serial}/mn-{model}[/case-{caseId}]). */}
      <Route
        path="/support/machine/prediction/create/:param1?/:param2?/:param3?"
        element={<PredictionCreateScreen />}
      />
      <Route path="/support/case/:id" element={<CaseDetailScreen />} />
      <Route path="/support/cases" element={<CaseListScreen />} />
      <Route path="/support/predictions" element={<PredictionHistoryScreen />} />
      {/* Without an id the screen says the prediction could not be loaded (product §8). */}
      <Route path="/support/prediction/:id?" element={<PredictionDetailScreen />} />
      <Route path="/support/dcu/masterkey" element={<MasterKeyScreen />} />
      <Route path="/settings/offline" element={<OfflineSyncScreen />} />
      <Route element={<InternalOnly />}>
        <Route path="/support/sf/dealer/lookup" element={<DealerLookupScreen />} />
        {/* Dealer Lookup's results: an organisation's Case History. */}
        <Route path="/support/dealer/cases/:orgId" element={<CaseHistoryScreen />} />
      </Route>
      <Route path="/support/machine/pdi/:param1/:param2" element={<PdiScreen />} />
      <Route path="/support/test/customInspection" element={<CustomInspectionScreen />} />
      <Route path="/support/sf/create" element={<SfCreate />} />
      <Route path="/support/sf/case/:id" element={<SfCase />} />
      {/* Administrators only: the screen says so to others, the gateway refuses them. */}
      <Route path="/support/notifdashboard" element={<NotificationDashboard />} />
      <Route path="/support/predictions/quality" element={<PredictionQualityScreen />} />
      <Route path="/support/DealerContacts" element={<DealerContactsScreen />} />
      <Route path="/messages" element={<MessagesScreen />} />
      <Route path="/settings" element={<SettingsScreen />} />
      {/* Files shared into the app (the service worker kept them): which case they go to. */}
      <Route path="/share" element={<ShareScreen />} />
    </Route>
    {/* product §2: any unknown path shows the login screen (which sends a signed-in user home). */}
    <Route path="*" element={<LoginScreen />} />
  </>
);

export function AppRoutes() {
  useSnapshotReleaseOffHome();
  return (
    <RouteErrorBoundary>
      <Routes>{routeTable}</Routes>
    </RouteErrorBoundary>
  );
}
