import './tab-list.css';
import { useRef, type KeyboardEvent } from 'react';

export interface TabItem {
  id: string;
  label: string;
  /** The id of the tab panel this tab shows. */
  controls: string;
}

/**
 * A row of tabs (WAI-ARIA tabs pattern: one tab in the tab order, arrow keys, Home and End move focus,
 * Enter or Space selects) drawn with a fixed stylesheet. MUI's Tabs measures its tabs after every
 * render to place its indicator, which forces a layout of the whole page each time; the selected tab
 * here is underlined by its own border, so nothing is measured. The selected tab is told by its
 * underline and weight as well as colour.
 */
export function TabList({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: TabItem[];
  value: number;
  onChange: (index: number) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
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
    <div ref={listRef} role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
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
