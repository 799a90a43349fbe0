/** Achievements (docs/product.md#ai-tutor-and-achievements): sharing an attempt as a post, its public page, LinkedIn. */
export {
  ShareAchievementDialog,
  type ShareAchievementDialogProps,
} from './components/ShareAchievementDialog';
export { AchievementPage, AchievementCard } from './components/AchievementPage';
export { LinkedInCallback } from './components/LinkedInCallback';
