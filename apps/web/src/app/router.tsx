import { Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, useRoutes } from 'react-router-dom';
import { RedirectIfSignedIn, RequireAuth } from '../modules/auth/components/RouteGuards';
import { FullScreenSpinner } from '../ui/Spinner';
import { lazyPage } from './lazyPage';

const AuthRoot = lazyPage(() => import('../modules/auth/components/AuthRoot'), 'AuthRoot');
const GuestLayout = lazyPage(
  () => import('../modules/shell/components/GuestLayout'),
  'GuestLayout',
);
const MainLayout = lazyPage(() => import('../modules/shell/components/MainLayout'), 'MainLayout');
const LoginPage = lazyPage(() => import('../modules/auth/pages/LoginPage'), 'LoginPage');
const SignupPage = lazyPage(() => import('../modules/auth/pages/SignupPage'), 'SignupPage');
const AuthCallbackPage = lazyPage(
  () => import('../modules/auth/pages/AuthCallbackPage'),
  'AuthCallbackPage',
);
const QuickScorePage = lazyPage(
  () => import('../modules/quick-score/pages/QuickScorePage'),
  'QuickScorePage',
);
const QuickScoreResultsPage = lazyPage(
  () => import('../modules/quick-score/pages/QuickScoreResultsPage'),
  'QuickScoreResultsPage',
);
const DashboardPage = lazyPage(
  () => import('../modules/dashboard/pages/DashboardPage'),
  'DashboardPage',
);
const BrandListPage = lazyPage(
  () => import('../modules/brands/pages/BrandListPage'),
  'BrandListPage',
);
const BrandFormPage = lazyPage(
  () => import('../modules/brands/pages/BrandFormPage'),
  'BrandFormPage',
);
const BrandDetailPage = lazyPage(
  () => import('../modules/brands/pages/BrandDetailPage'),
  'BrandDetailPage',
);
const KeywordDetailPage = lazyPage(
  () => import('../modules/brands/pages/KeywordDetailPage'),
  'KeywordDetailPage',
);
const SourcesPage = lazyPage(() => import('../modules/sources/pages/SourcesPage'), 'SourcesPage');
const BrandReportsPage = lazyPage(
  () => import('../modules/reports/pages/BrandReportsPage'),
  'BrandReportsPage',
);
const AgencyPage = lazyPage(() => import('../modules/agency/pages/AgencyPage'), 'AgencyPage');
const ReportPage = lazyPage(() => import('../modules/reports/pages/ReportPage'), 'ReportPage');
const SiteAuditPage = lazyPage(
  () => import('../modules/site-audit/pages/SiteAuditPage'),
  'SiteAuditPage',
);
const RunPage = lazyPage(() => import('../modules/runs/pages/RunPage'), 'RunPage');
const ClaimQuickScorePage = lazyPage(
  () => import('../modules/brands/pages/ClaimQuickScorePage'),
  'ClaimQuickScorePage',
);
const OpportunityDetailPage = lazyPage(
  () => import('../modules/opportunities/pages/OpportunityDetailPage'),
  'OpportunityDetailPage',
);
const OpportunityListPage = lazyPage(
  () => import('../modules/opportunities/pages/OpportunityListPage'),
  'OpportunityListPage',
);
const PipelinePage = lazyPage(
  () => import('../modules/opportunities/pages/PipelinePage'),
  'PipelinePage',
);
const OpportunityStatusPage = lazyPage(
  () => import('../modules/opportunities/pages/OpportunityStatusPage'),
  'OpportunityStatusPage',
);
const AnalyticsPage = lazyPage(
  () => import('../modules/analytics/pages/AnalyticsPage'),
  'AnalyticsPage',
);
const CompetitorsPage = lazyPage(
  () => import('../modules/competitors/pages/CompetitorsPage'),
  'CompetitorsPage',
);
const OrdersPage = lazyPage(() => import('../modules/publishing/pages/OrdersPage'), 'OrdersPage');
const DraftsPage = lazyPage(() => import('../modules/publishing/pages/DraftsPage'), 'DraftsPage');
const DraftEditorPage = lazyPage(
  () => import('../modules/publishing/pages/DraftEditorPage'),
  'DraftEditorPage',
);
const WordPressSitesPage = lazyPage(
  () => import('../modules/publishing/pages/WordPressSitesPage'),
  'WordPressSitesPage',
);
const PublishedPage = lazyPage(
  () => import('../modules/publishing/pages/PublishedPage'),
  'PublishedPage',
);
const PublishedItemPage = lazyPage(
  () => import('../modules/publishing/pages/PublishedItemPage'),
  'PublishedItemPage',
);
const DraftPreviewPage = lazyPage(
  () => import('../modules/publishing/pages/DraftPreviewPage'),
  'DraftPreviewPage',
);
const TemplatesPage = lazyPage(
  () => import('../modules/publishing/pages/TemplatesPage'),
  'TemplatesPage',
);
const IntegrationsPage = lazyPage(
  () => import('../modules/integrations/pages/IntegrationsPage'),
  'IntegrationsPage',
);
const SettingsPage = lazyPage(
  () => import('../modules/settings/pages/SettingsPage'),
  'SettingsPage',
);
const InvitePage = lazyPage(() => import('../modules/team/pages/InvitePage'), 'InvitePage');
const ActivityLogPage = lazyPage(
  () => import('../modules/activity/pages/ActivityLogPage'),
  'ActivityLogPage',
);
const HelpPage = lazyPage(() => import('../modules/help/pages/HelpPage'), 'HelpPage');
const NotFoundPage = lazyPage(() => import('../modules/shell/pages/NotFoundPage'), 'NotFoundPage');
const ManagedServicePage = lazyPage(
  () => import('../modules/managed-service/pages/ManagedServicePage'),
  'ManagedServicePage',
);

const mainRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'intelligence', element: <Navigate to="/dashboard" replace /> },
  { path: 'campaigns', element: <BrandListPage /> },
  { path: 'campaigns/create', element: <BrandFormPage /> },
  { path: 'campaigns/track/:requestId', element: <ClaimQuickScorePage /> },
  { path: 'campaigns/:campaignId', element: <BrandDetailPage /> },
  { path: 'campaigns/:campaignId/edit', element: <BrandFormPage /> },
  { path: 'campaigns/:campaignId/keywords/:keywordId', element: <KeywordDetailPage /> },
  { path: 'campaigns/:campaignId/runs/:runId', element: <RunPage /> },
  { path: 'campaigns/:campaignId/site', element: <SiteAuditPage /> },
  { path: 'campaigns/:campaignId/sources', element: <SourcesPage /> },
  { path: 'campaigns/:campaignId/reports', element: <BrandReportsPage /> },
  { path: 'reports/:reportId', element: <ReportPage /> },
  { path: 'agency', element: <AgencyPage /> },
  { path: 'opportunities', element: <Navigate to="/publishing/opportunities" replace /> },
  { path: 'opportunities/:opportunityId', element: <OpportunityDetailPage /> },
  { path: 'content-gaps/:gapId', element: <OpportunityDetailPage /> },
  { path: 'analytics', element: <AnalyticsPage /> },
  { path: 'competitors', element: <CompetitorsPage /> },
  {
    path: 'publishing',
    children: [
      { index: true, element: <Navigate to="/publishing/opportunities" replace /> },
      { path: 'opportunities', element: <OpportunityListPage /> },
      { path: 'pipeline', element: <PipelinePage /> },
      { path: 'status', element: <OpportunityStatusPage /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: 'drafts', element: <DraftsPage /> },
      { path: 'published', element: <PublishedPage /> },
      { path: 'sites', element: <WordPressSitesPage /> },
      { path: 'templates', element: <TemplatesPage /> },
      { path: 'drafts/:draftId', element: <DraftEditorPage /> },
      { path: 'published/:publishedItemId', element: <PublishedItemPage /> },
      { path: 'drafts/:draftId/preview', element: <DraftPreviewPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: 'integrations', element: <IntegrationsPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'settings/:section', element: <SettingsPage /> },
  { path: 'invite/:token', element: <InvitePage /> },
  { path: 'logs', element: <ActivityLogPage /> },
  { path: 'help', element: <HelpPage /> },
  { path: 'managed-service', element: <ManagedServicePage /> },
];

function RootOutlet() {
  return (
    <Suspense fallback={<FullScreenSpinner label="Loading Lumen" />}>
      <Outlet />
    </Suspense>
  );
}

const routes: RouteObject[] = [
  {
    element: <RootOutlet />,
    children: [
      {
        path: '/visibility',
        element: <GuestLayout />,
        children: [
          { index: true, element: <Navigate to="/visibility/quick-score" replace /> },
          { path: 'quick-score', element: <QuickScorePage /> },
          { path: 'results/:requestId', element: <QuickScoreResultsPage /> },
        ],
      },
      {
        element: <AuthRoot />,
        children: [
          {
            element: <RedirectIfSignedIn />,
            children: [
              { path: '/login', element: <LoginPage /> },
              { path: '/signup', element: <SignupPage /> },
            ],
          },
          { path: '/auth/callback', element: <AuthCallbackPage /> },
          {
            element: <RequireAuth />,
            children: [{ path: '/', element: <MainLayout />, children: mainRoutes }],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

// Declarative routing (useRoutes under <BrowserRouter>) rather than a data router: no route
// loaders are used, and it keeps ~10 KB gzip out of the public quick-score bundle.
export function AppRoutes() {
  return useRoutes(routes);
}
