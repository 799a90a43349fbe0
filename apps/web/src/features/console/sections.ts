import type { StaffRole } from '@ai-tutor/contract';

/**
 * The console's screens, in the order of its navigation. A screen added later is one entry here, one
 * route in app/routes/console.tsx and its component; the server checks the same roles on its API.
 */
export interface ConsoleSection {
  /** Under /admin. */
  path: string;
  label: string;
  description: string;
  /** Who may open it; admin may open everything. */
  roles: StaffRole[];
}

export const consoleSections: ConsoleSection[] = [
  {
    path: 'batches',
    label: 'Batches',
    description: 'Classes, centres and courses: their learners, added by email, and their teachers.',
    roles: ['teacher'],
  },
  {
    path: 'learners',
    label: 'Learners',
    description:
      'Every learner, searchable: verified, batches, last active, attempts; disable and re-enable.',
    roles: ['teacher'],
  },
  {
    path: 'questions',
    label: 'Question bank',
    description:
      'Every question, found by a word in its text, options or explanation; by type, status, figures, reports and difficulty. Open one to edit it beside a preview, with its versions.',
    roles: ['editor'],
  },
  {
    path: 'reports',
    label: 'Reports',
    description:
      'What learners flagged, by question: open a question as they saw it, resolve its reports or correct its key (dry run first).',
    roles: ['editor'],
  },
  {
    path: 'analytics',
    label: 'Analytics',
    description:
      "Your batches' leaderboards, accuracy by subject and topic, percentile trends, and who stopped practising.",
    roles: ['teacher'],
  },
  {
    path: 'analysis',
    label: 'Item analysis',
    description:
      "How each live test's questions worked: facility, discrimination, distractors, flags, exports.",
    roles: ['editor'],
  },
  {
    path: 'live-tests',
    label: 'Live tests',
    description:
      'Schedule live tests for everyone or for batches, watch them run, re-open one for a learner, release results.',
    roles: ['teacher', 'editor'],
  },
  {
    path: 'invites',
    label: 'Invite codes',
    description: 'Codes to register with: uses, expiry, a batch the code enrols into; revoke a code.',
    roles: ['admin'],
  },
  {
    path: 'imports',
    label: 'Import questions',
    description:
      'Question files (JSON, YAML, GIFT, Moodle XML, Aiken, CSV): a dry run, then all or nothing or the valid ones.',
    roles: ['editor'],
  },
  {
    path: 'drafts',
    label: 'Drafts',
    description: 'Drafted questions (AI-made or imported) awaiting review: approve or reject each.',
    roles: ['editor'],
  },
  {
    path: 'audit',
    label: 'Audit log',
    description: 'Every change made in the console or on the command line: who, when, what and why.',
    roles: ['admin'],
  },
];

/**
 * Screens reached from another one (not in the navigation): a live test's and a module's item
 * analysis, for the roles that may read keys.
 */
export const analysisScreens: ConsoleSection[] = [
  { path: 'live-tests/:id/analysis', label: 'Item analysis', description: '', roles: ['editor'] },
  { path: 'modules/:slug/analysis', label: 'Item analysis', description: '', roles: ['editor'] },
];

export const consolePath = (section?: string) => (section ? `/admin/${section}` : '/admin');

export const mayOpen = (section: Pick<ConsoleSection, 'roles'>, roles: StaffRole[]) =>
  roles.includes('admin') || section.roles.some((role) => roles.includes(role));
