import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { LeaveTestDialog } from '../components/LeaveTestDialog';
import { useLeaveGuard } from './use-leave-guard';

function RunningTest() {
  const leave = useLeaveGuard(true);
  return (
    <>
      <h1>Quiz</h1>
      <LeaveTestDialog open={leave.open} onStay={leave.cancel} onLeave={leave.leave} />
    </>
  );
}

/** The app's own router (BrowserRouter, on the window's history), as in App.tsx. */
function renderApp() {
  return render(
    <BrowserRouter>
      <Routes>
        <Route
          path="/exams"
          element={
            <>
              <h1>Exams</h1>
              <Link to="/quiz/t1">Start</Link>
            </>
          }
        />
        <Route path="/quiz/t1" element={<RunningTest />} />
      </Routes>
    </BrowserRouter>,
  );
}

beforeEach(() => window.history.replaceState(null, '', '/exams'));

describe('leaving a running test with the browser’s Back button', () => {
  it('asks first; staying keeps the test on screen and at its address, leaving goes back', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Start' }));
    expect(await screen.findByRole('heading', { name: 'Quiz' })).toBeInTheDocument();

    window.history.back();
    const dialog = await screen.findByRole('dialog', { name: 'Leave the test?' });
    expect(dialog).toHaveAccessibleDescription(/Your time keeps running/);
    expect(within(dialog).getByRole('button', { name: 'Stay in the test' })).toHaveFocus();
    await waitFor(() => expect(window.location.pathname).toBe('/quiz/t1'));
    // The router never showed the previous screen (the dialog hides the page from the accessibility tree).
    expect(screen.getByRole('heading', { name: 'Quiz', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Exams', hidden: true })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Stay in the test' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/quiz/t1');

    // Asked again on the next Back, and Leave takes that step.
    window.history.back();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Exams' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/exams');
  });
});
