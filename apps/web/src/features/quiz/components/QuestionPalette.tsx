import { QUESTION_GRID_COLUMNS } from '@ai-tutor/contract';
import { Box, ButtonBase, Tab, Tabs } from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { visuallyHidden } from '../lib/a11y';
import type { LocalQuestion } from '../lib/local-state';
import { paletteLabel, paletteState } from '../lib/question-status';
import type { SubjectGroup } from '../lib/subjects';
import { PaletteMark } from './PaletteMark';

interface QuestionPaletteProps {
  groups: SubjectGroup[];
  questions: LocalQuestion[];
  currentIndex: number;
  onJump: (index: number) => void;
}

const MOVES: Record<string, (pos: number, count: number) => number> = {
  ArrowRight: (p, n) => Math.min(n - 1, p + 1),
  ArrowLeft: (p) => Math.max(0, p - 1),
  ArrowDown: (p, n) => Math.min(n - 1, p + QUESTION_GRID_COLUMNS),
  ArrowUp: (p) => Math.max(0, p - QUESTION_GRID_COLUMNS),
  Home: () => 0,
  End: (_p, n) => n - 1,
};

/**
 * Subject tabs labelled with their question counts, and a five-column grid of numbered circles that
 * jump to a question. The grid is one tab stop; arrow keys, Home and End move within it.
 */
export function QuestionPalette({ groups, questions, currentIndex, onJump }: QuestionPaletteProps) {
  const currentGroup = groups.find((g) => g.indexes.includes(currentIndex)) ?? groups[0];
  // The tab follows the current question unless the learner picked another one while on it.
  const [picked, setPicked] = useState<{ forIndex: number; key: string } | null>(null);
  const tabKey = picked && picked.forIndex === currentIndex ? picked.key : currentGroup?.key;
  const group = groups.find((g) => g.key === tabKey) ?? currentGroup;
  const [focused, setFocused] = useState<number | null>(null);
  if (!group) return null;

  const currentPos = group.indexes.indexOf(currentIndex);
  const tabbable = focused !== null && focused < group.indexes.length ? focused : Math.max(0, currentPos);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const buttons = event.currentTarget.querySelectorAll<HTMLButtonElement>('button');
    const from = Array.from(buttons).indexOf(document.activeElement as HTMLButtonElement);
    const next = move(Math.max(0, from), buttons.length);
    buttons[next]?.focus();
  };

  return (
    <Box>
      {/* MUI's scrollable tabs: subjects that do not fit a phone's width scroll, with arrows that say so. */}
      <Tabs
        aria-label="Subjects"
        value={Math.max(0, groups.indexOf(group))}
        onChange={(_event, index: number) => {
          setPicked({ forIndex: currentIndex, key: groups[index]!.key });
          setFocused(null);
        }}
        variant="scrollable"
        scrollButtons
        allowScrollButtonsMobile
        sx={{
          minHeight: 40,
          borderBottom: 1,
          borderColor: 'divider',
          '& .MuiTab-root': { minHeight: 40, py: 1 },
        }}
      >
        {groups.map((g) => (
          <Tab
            key={g.key}
            id={`palette-tab-${g.key}`}
            aria-controls={`palette-panel-${g.key}`}
            label={`${g.label} (${g.indexes.length})`}
            sx={{ textTransform: 'none', fontWeight: 600 }}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`palette-panel-${group.key}`}
        aria-labelledby={`palette-tab-${group.key}`}
        sx={{ pt: 2 }}
      >
        <Box
          role="group"
          aria-label={`${group.label} questions`}
          onKeyDown={onKeyDown}
          sx={{
            display: 'grid',
            gridTemplateColumns: `repeat(${QUESTION_GRID_COLUMNS}, minmax(0, 1fr))`,
            gap: 1.5,
            justifyItems: 'center',
          }}
        >
          {group.indexes.map((index, pos) => {
            const question = questions[index];
            if (!question) return null;
            const state = paletteState(question.evaluation);
            const current = index === currentIndex;
            return (
              <ButtonBase
                key={question.evaluation._id}
                onClick={() => onJump(index)}
                onFocus={() => setFocused(pos)}
                tabIndex={pos === tabbable ? 0 : -1}
                aria-current={current ? 'step' : undefined}
                sx={{
                  borderRadius: '50%',
                  '&.Mui-focusVisible': { outline: '3px solid #f59e0b', outlineOffset: 3 },
                }}
              >
                {/* The name comes from this text, not aria-label: "label" lookups find only real labels. */}
                <Box component="span" sx={visuallyHidden}>
                  {paletteLabel(index + 1, state, current)}
                </Box>
                <Box component="span" aria-hidden sx={{ display: 'inline-flex' }}>
                  <PaletteMark state={state} current={current}>
                    {index + 1}
                  </PaletteMark>
                </Box>
              </ButtonBase>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
