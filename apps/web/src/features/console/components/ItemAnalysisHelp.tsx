import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';

/** What each figure means, as docs/item-analysis.md defines it, on the screen that shows them. */
const DEFINITIONS: [string, string][] = [
  [
    'p (facility)',
    'The share of takers who got the question fully right, 0 to 1. Partial marks are counted apart.',
  ],
  [
    'D (discrimination)',
    'The share right in the top 27 % of takers by total score minus the share right in the bottom 27 %. ' +
      'Flagged under 0.1; negative means weaker takers did better on it than stronger ones.',
  ],
  [
    'r (point-biserial)',
    'The correlation between getting the question right and the score on the rest of the test (the total without it).',
  ],
  ['Skipped', 'The share of takers who left it unanswered.'],
  ['Median time', 'The middle time spent on it by the takers who answered it.'],
  [
    'Options',
    'For each option, the share of the top and of the bottom group who chose it; ★ marks the key. ' +
      'A wrong option the top group chose more often than the key asks you to check the key.',
  ],
  [
    'KR-20 / α',
    "The test's reliability, 0 to 1: KR-20 over right and wrong answers, or Cronbach's α when some answers got partial marks.",
  ],
  ['Mean, SD', 'The average score and its standard deviation (population).'],
  [
    'SEM',
    'The standard error of measurement, SD × √(1 − reliability): how far a score may stray from the true one.',
  ],
];

export function ItemAnalysisHelp() {
  return (
    <Accordion variant="outlined" disableGutters sx={{ my: 2 }}>
      <AccordionSummary aria-controls="analysis-help" id="analysis-help-title">
        <Typography>What the figures mean</Typography>
      </AccordionSummary>
      <AccordionDetails id="analysis-help">
        <dl style={{ margin: 0 }}>
          {DEFINITIONS.map(([term, meaning]) => (
            <div key={term} style={{ marginBottom: 8 }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {term}
              </Typography>
              <Typography component="dd" sx={{ ml: 2 }} variant="body2">
                {meaning}
              </Typography>
            </div>
          ))}
        </dl>
      </AccordionDetails>
    </Accordion>
  );
}
