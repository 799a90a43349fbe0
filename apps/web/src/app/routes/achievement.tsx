import { AchievementPage } from '../../features/ai-tutor/components/AchievementPage';

/** /achievements/:id — the public, verifiable achievement a shared post links to (issue 7). */
export default function AchievementRoute() {
  return <AchievementPage />;
}
