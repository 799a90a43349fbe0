/** The AI tutor feature (issue 7): what the result screen and the router compose. */
export { AskTutorButton, ASK_TUTOR_LABEL } from './components/AskTutorButton';
export {
  ShareAchievementDialog,
  type ShareAchievementDialogProps,
} from './components/ShareAchievementDialog';
export { AchievementPage, AchievementCard } from './components/AchievementPage';
export { LinkedInCallback } from './components/LinkedInCallback';
