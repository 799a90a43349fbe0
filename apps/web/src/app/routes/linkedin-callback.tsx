import { LinkedInCallback } from '../../features/achievements/components/LinkedInCallback';

/** /linkedin/callback — LinkedIn sends the learner back here after 'Connect LinkedIn' (docs/product.md#ai-tutor-and-achievements). */
export default function LinkedInCallbackRoute() {
  return <LinkedInCallback />;
}
