import { lazy } from 'react';
import { useLocation } from 'react-router';

// Each screen its own chunk (the notebook brings KaTeX; /review does not need it).
const ReviewPage = lazy(() => import('./review'));
const MistakesPage = lazy(() => import('./mistakes'));

/** /review and /mistakes behind one import in the router (see router.tsx): this shows the one asked for. */
export default function TutorScreens() {
  const { pathname } = useLocation();
  return pathname.startsWith('/mistakes') ? <MistakesPage /> : <ReviewPage />;
}
