import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { QuizStartState } from '../../../lib/paths';
import type { TestInstructionsInfo } from '../components/TestInstructions';

/** What a start button is about to open. */
export interface QuizTarget {
  /** e.g. "Physics — subject quiz". */
  label: string;
  /** e.g. "20 questions · 48 min". */
  size: string;
  /** The quiz route (the timed test). */
  to: string;
  /** Mock and live tests: the instructions screen, whose declaration must be ticked before Start. */
  instructions?: TestInstructionsInfo;
  /** The same scope untimed, with feedback after each question (docs/product.md#practice-and-review-sessions), when offered. */
  practiceTo?: string;
}

/** Fullscreen is asked for, never required: a refusal (or no support) is only logged (docs/product.md#errors-and-empty-states). */
export async function enterFullscreen(): Promise<void> {
  try {
    if (document.fullscreenElement) return;
    const root = document.documentElement;
    if (typeof root.requestFullscreen !== 'function') throw new Error('Fullscreen is not supported here');
    await root.requestFullscreen();
  } catch (error) {
    console.warn('Could not enter fullscreen mode', error);
  }
}

/**
 * Start buttons first open the 'Enter Fullscreen Mode' dialog; confirming asks for fullscreen (within
 * the click, as browsers require) and goes to the quiz. The quiz screen's start answers the scope's
 * running attempt if it has one (docs/product.md#running-attempts); `afresh` asks the server to end it and start anew,
 * naming the attempt the dialog showed (`replaces`): a double click or a second tab then makes no
 * second new attempt (decision 0015).
 */
export function useStartQuiz() {
  const navigate = useNavigate();
  const [target, setTarget] = useState<QuizTarget | null>(null);
  const request = useCallback((next: QuizTarget) => setTarget(next), []);
  const cancel = useCallback(() => setTarget(null), []);
  const confirm = useCallback(
    (afresh = false, practice = false, replaces?: string) => {
      if (!target) return;
      setTarget(null);
      const to = practice && target.practiceTo ? target.practiceTo : target.to;
      // Practice is untimed, with feedback to read and hints to ask for: no exam hall to recreate.
      if (to === target.to) void enterFullscreen();
      const state: QuizStartState = { startAfresh: true, ...(replaces ? { replaces } : {}) };
      navigate(to, afresh ? { state } : undefined);
    },
    [navigate, target],
  );
  return { target, request, cancel, confirm };
}
