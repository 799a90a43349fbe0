import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TabList } from './TabList';

const TABS = ['Physics (3)', 'Chemistry (2)', 'General (1)'].map((label, i) => ({
  id: `tab-${i}`,
  label,
  controls: `panel-${i}`,
}));

function Harness() {
  const [value, setValue] = useState(0);
  return (
    <>
      <TabList label="Subjects" tabs={TABS} value={value} onChange={setValue} />
      <p>{`showing ${TABS[value]!.label}`}</p>
    </>
  );
}

describe('TabList', () => {
  it('is a labelled tab list with the first tab selected and the only one in the tab order', () => {
    render(<Harness />);
    const tabs = screen.getAllByRole('tab');
    expect(screen.getByRole('tablist', { name: 'Subjects' })).toBeInTheDocument();
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(tabs[1]).toHaveAttribute('aria-controls', 'panel-1');
  });

  it('selects by click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'Chemistry (2)' }));
    expect(screen.getByText('showing Chemistry (2)')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Chemistry (2)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves focus with the arrow keys, Home and End, and selects with Enter or Space', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Physics (3)' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'General (1)' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Physics (3)' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'General (1)' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Chemistry (2)' })).toHaveFocus();
    // Focus alone does not select…
    expect(screen.getByText('showing Physics (3)')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByText('showing Chemistry (2)')).toBeInTheDocument();
    await user.keyboard('{ArrowRight} ');
    expect(screen.getByText('showing General (1)')).toBeInTheDocument();
  });
});
