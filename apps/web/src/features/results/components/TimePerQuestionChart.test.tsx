import { ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appTheme } from '../../../app/theme';
import { TimePerQuestionChart } from './TimePerQuestionChart';

function renderChart(seconds: number[], slowestNumbers: number[]) {
  return render(
    <ThemeProvider theme={appTheme()}>
      <TimePerQuestionChart seconds={seconds} slowestNumbers={slowestNumbers} />
    </ThemeProvider>,
  );
}

describe('TimePerQuestionChart', () => {
  it('draws a bar per question, the slowest in the warning colour, on a round scale', () => {
    const { container } = renderChart([30, 230, 0, 95], [2, 4]);
    const fills = [...container.querySelectorAll('rect')].map((bar) => bar.getAttribute('fill'));
    const { primary, warning } = appTheme().palette;
    expect(fills).toEqual([primary.main, warning.main, primary.main, warning.main]);
    expect(screen.getByText('500s')).toBeInTheDocument(); // 230 s rounds up to 500 s
    expect(screen.getByText('Q1')).toBeInTheDocument();
  });

  it('lets the keyboard and the pointer read each question’s time', async () => {
    const user = userEvent.setup();
    renderChart([30, 230, 0, 95], [2, 4]);
    await user.tab();
    expect(screen.getByRole('img', { name: 'Q4: 1m 35s, among the slowest' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByText('Q1: 30s')).toBeVisible();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText('Q3: 0s')).toBeVisible();
    await user.hover(screen.getByRole('img', { name: 'Q2: 3m 50s, among the slowest' }));
    expect(screen.getByText('Q2: 3m 50s, among the slowest')).toBeVisible();
  });
});
