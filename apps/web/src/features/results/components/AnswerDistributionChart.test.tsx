import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AnswerDistributionChart from './AnswerDistributionChart';

const slices = (container: HTMLElement) =>
  [...container.querySelectorAll('circle')].map((c) => ({
    color: c.getAttribute('stroke'),
    length: Number(c.getAttribute('stroke-dasharray')?.split(' ')[0]),
  }));

describe('Answer Distribution donut', () => {
  it('draws a slice per answered category in proportion, green/red/grey, with counts and a legend', () => {
    const { container } = render(
      <AnswerDistributionChart
        distribution={{ correct: 3, partial: 0, incorrect: 2, notAttempted: 1, total: 6 }}
      />,
    );
    const drawn = slices(container);
    expect(drawn.map((s) => s.color)).toEqual(['#2e7d32', '#c62828', '#757575']);
    const [correct, incorrect, notAttempted] = drawn.map((s) => s.length);
    expect(correct! / notAttempted!).toBeCloseTo(3);
    expect(incorrect! / notAttempted!).toBeCloseTo(2);
    expect([...container.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['3', '2', '1']);
    for (const label of ['Correct (3)', 'Incorrect (2)', 'Not Attempted (1)'])
      expect(screen.getByText(label)).toBeInTheDocument();
    // Hovering a slice shows its share of all questions, one decimal.
    expect([...container.querySelectorAll('circle > title')].map((t) => t.textContent)).toEqual([
      'Correct (3): 50.0%',
      'Incorrect (2): 33.3%',
      'Not Attempted (1): 16.7%',
    ]);
  });

  it('draws a full ring when every answer is correct, and nothing for empty categories', () => {
    const { container } = render(
      <AnswerDistributionChart
        distribution={{ correct: 4, partial: 0, incorrect: 0, notAttempted: 0, total: 4 }}
      />,
    );
    const drawn = slices(container);
    expect(drawn).toHaveLength(1);
    // The whole ring is inside the drawing: no slice is cut off at its edges.
    const circle = container.querySelector('circle')!;
    const [, , width, height] = container
      .querySelector('svg')!
      .getAttribute('viewBox')!
      .split(' ')
      .map(Number);
    const outer = Number(circle.getAttribute('r')) + Number(circle.getAttribute('stroke-width')) / 2;
    expect(Number(circle.getAttribute('cx')) - outer).toBeGreaterThanOrEqual(0);
    expect(Number(circle.getAttribute('cx')) + outer).toBeLessThanOrEqual(width!);
    expect(Number(circle.getAttribute('cy')) + outer).toBeLessThanOrEqual(height!);
    expect(drawn[0]!.length).toBeCloseTo(2 * Math.PI * 80);
    expect(screen.getByText('Incorrect (0)')).toBeInTheDocument(); // still in the legend
  });

  it('keeps the count of a slice too thin to hold it, just outside the ring', () => {
    const { container } = render(
      <AnswerDistributionChart
        distribution={{ correct: 70, partial: 0, incorrect: 1, notAttempted: 4, total: 75 }}
      />,
    );
    expect([...container.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['70', '1', '4']);
    const [, , width] = container.querySelector('svg')!.getAttribute('viewBox')!.split(' ').map(Number);
    for (const text of container.querySelectorAll('text')) {
      const x = Number(text.getAttribute('x'));
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(width!);
    }
  });
});
