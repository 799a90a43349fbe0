/** The AI tutor feature (docs/product.md#ai-tutor-and-achievements): what the result screen and the router compose. */
export { AskTutorButton, ASK_TUTOR_LABEL } from './components/AskTutorButton';
export {
  ShareAchievementDialog,
  type ShareAchievementDialogProps,
} from './components/ShareAchievementDialog';
export { AchievementPage, AchievementCard } from './components/AchievementPage';
export { LinkedInCallback } from './components/LinkedInCallback';
