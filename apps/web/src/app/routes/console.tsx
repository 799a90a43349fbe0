import type { ComponentType } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { AnalysisIndexScreen } from '../../features/console/components/AnalysisIndexScreen';
import { AnalyticsScreen } from '../../features/console/components/AnalyticsScreen';
import { AuditLogScreen } from '../../features/console/components/AuditLogScreen';
import { BankScreen } from '../../features/console/components/BankScreen';
import { BatchesScreen } from '../../features/console/components/BatchesScreen';
import { BatchScreen } from '../../features/console/components/BatchScreen';
import { ConsoleHome } from '../../features/console/components/ConsoleHome';
import { ConsoleShell } from '../../features/console/components/ConsoleShell';
import {
  ModuleItemAnalysisScreen,
  TestItemAnalysisScreen,
} from '../../features/console/components/ItemAnalysisScreen';
import { DraftsScreen } from '../../features/console/components/DraftsScreen';
import { ImportScreen } from '../../features/console/components/ImportScreen';
import { InvitesScreen } from '../../features/console/components/InvitesScreen';
import { LearnersScreen } from '../../features/console/components/LearnersScreen';
import { LiveTestScreen } from '../../features/console/components/LiveTestScreen';
import { LiveTestsScreen } from '../../features/console/components/LiveTestsScreen';
import { QuestionEditorScreen } from '../../features/console/components/QuestionEditorScreen';
import { ReportedQuestionScreen } from '../../features/console/components/ReportedQuestionScreen';
import { ReportsScreen } from '../../features/console/components/ReportsScreen';
import {
  analysisScreens,
  consolePath,
  consoleSections,
  mayOpen,
  type ConsoleSection,
} from '../../features/console/sections';
import { useAuth } from '../../stores/hooks';
import { LearnerScreensPreview } from './console-question-preview';

/** The question editor, with the learner's own screens for its preview (features never import each other). */
function QuestionEditorRoute() {
  return <QuestionEditorScreen Screens={LearnerScreensPreview} />;
}

/** Each section's screen, by its path (sections.ts). */
const screens: Record<string, ComponentType> = {
  analysis: AnalysisIndexScreen,
  analytics: AnalyticsScreen,
  audit: AuditLogScreen,
  batches: BatchesScreen,
  'batches/:id': BatchScreen,
  learners: LearnersScreen,
  questions: BankScreen,
  'questions/:id': QuestionEditorRoute,
  reports: ReportsScreen,
  'reports/:id': ReportedQuestionScreen,
  'live-tests/:id/analysis': TestItemAnalysisScreen,
  'modules/:slug/analysis': ModuleItemAnalysisScreen,
  'live-tests': LiveTestsScreen,
  'live-tests/:id': LiveTestScreen,
  invites: InvitesScreen,
  drafts: DraftsScreen,
  imports: ImportScreen,
};
/** Screens reached from a section's own (one batch, one reported question), opened by the same roles. */
const subScreens: ConsoleSection[] = consoleSections
  .filter((section) => ['batches', 'questions', 'reports', 'live-tests'].includes(section.path))
  .map((section) => ({ ...section, path: `${section.path}/:id` }))
  .concat(analysisScreens);

/** A section the user's roles do not open leads back to the console's home. */
function Section({ section }: { section: ConsoleSection }) {
  const { user } = useAuth();
  const Screen = screens[section.path];
  if (!Screen || !mayOpen(section, user?.roles ?? [])) return <Navigate to={consolePath()} replace />;
  return <Screen />;
}

/**
 * /admin/*: the institute's console, one lazy chunk of its own (with the data grid), so no learner's
 * page downloads any of it (docs/decisions/0020-roles-audit-console.md). A screen added later is an
 * entry in features/console/sections.ts and its component in `screens` here.
 */
export default function ConsoleRoutes() {
  return useRoutes([
    {
      // Absolute: the signed-in frame draws the console (AuthLayout.tsx), not a route of /admin/*.
      path: consolePath(),
      element: <ConsoleShell />,
      children: [
        { index: true, element: <ConsoleHome /> },
        ...[...consoleSections, ...subScreens].map((section) => ({
          path: section.path,
          element: <Section section={section} />,
        })),
        { path: '*', element: <Navigate to={consolePath()} replace /> },
      ],
    },
  ]);
}
