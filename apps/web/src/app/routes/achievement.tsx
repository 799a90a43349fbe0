import { AchievementPage } from '../../features/achievements/components/AchievementPage';

/** /achievements/:id — the public, verifiable achievement a shared post links to (docs/product.md#ai-tutor-and-achievements). */
export default function AchievementRoute() {
  return <AchievementPage />;
}
