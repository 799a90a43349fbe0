import type { ComponentType } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { AuditLogScreen } from '../../features/console/components/AuditLogScreen';
import { BatchesScreen } from '../../features/console/components/BatchesScreen';
import { BatchScreen } from '../../features/console/components/BatchScreen';
import { ConsoleHome } from '../../features/console/components/ConsoleHome';
import { ConsoleShell } from '../../features/console/components/ConsoleShell';
import { DraftsScreen } from '../../features/console/components/DraftsScreen';
import { InvitesScreen } from '../../features/console/components/InvitesScreen';
import { LearnersScreen } from '../../features/console/components/LearnersScreen';
import { consolePath, consoleSections, mayOpen, type ConsoleSection } from '../../features/console/sections';
import { useAuth } from '../../stores/hooks';

/** Each section's screen, by its path (sections.ts). */
const screens: Record<string, ComponentType> = {
  audit: AuditLogScreen,
  batches: BatchesScreen,
  'batches/:id': BatchScreen,
  learners: LearnersScreen,
  invites: InvitesScreen,
  drafts: DraftsScreen,
};
/** Screens reached from a section's own (one batch from the batches), opened by the same roles. */
const subScreens: ConsoleSection[] = consoleSections
  .filter((section) => section.path === 'batches')
  .map((section) => ({ ...section, path: 'batches/:id' }));

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
