import './tab-list.css';
import { useTheme } from '@mui/material';
import { useEffect, useRef, type CSSProperties, type KeyboardEvent } from 'react';

export interface TabItem {
  id: string;
  label: string;
  /** The id of the tab panel this tab shows. */
  controls: string;
}

/**
 * The app's one row of tabs, the quiz's and the result's (WAI-ARIA tabs pattern: one tab in the tab
 * order, arrow keys, Home and End move focus, Enter or Space selects), drawn with a fixed stylesheet in
 * the theme's colours. Not MUI's Tabs: it measures its tabs after every render to place its indicator,
 * a forced layout of the whole page (docs/decisions/0006-one-spinner-at-start-up.md#measurements); the
 * selected tab here is underlined by its own border, so nothing is measured. The selected tab is told
 * by its underline and weight as well as colour. `dense`: the quiz palette's shorter tabs.
 */
export function TabList({
  label,
  tabs,
  value,
  onChange,
  dense = false,
}: {
  label: string;
  tabs: TabItem[];
  value: number;
  onChange: (index: number) => void;
  dense?: boolean;
}) {
  const { palette } = useTheme();
  const colours = {
    '--tab-list-selected': palette.primary.main,
    '--tab-list-text': palette.text.secondary,
    '--tab-list-divider': palette.divider,
    '--tab-list-hover': palette.action.hover,
  } as CSSProperties;
  const listRef = useRef<HTMLDivElement>(null);
  // The selected tab is shown whole: a row wider than its box scrolls to it (sideways only, never the page).
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !tab) return;
    const left = tab.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft) list.scrollLeft = left;
    else if (left + tab.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = left + tab.offsetWidth - list.clientWidth;
  }, [value]);
  const focusTab = (index: number) => {
    const count = tabs.length;
    const target =
      listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[(index + count) % count];
    target?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.id === (event.target as HTMLElement).id);
    if (current === -1) return;
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusTab(next);
  };
  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      className={dense ? 'tab-list dense' : 'tab-list'}
      style={colours}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          id={tab.id}
          type="button"
          role="tab"
          aria-selected={index === value}
          aria-controls={tab.controls}
          tabIndex={index === value ? 0 : -1}
          className="tab-list-tab"
          onClick={() => onChange(index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
