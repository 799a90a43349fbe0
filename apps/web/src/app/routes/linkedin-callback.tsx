import { LinkedInCallback } from '../../features/ai-tutor/components/LinkedInCallback';

/** /linkedin/callback — LinkedIn sends the learner back here after 'Connect LinkedIn' (issue 7). */
export default function LinkedInCallbackRoute() {
  return <LinkedInCallback />;
}
