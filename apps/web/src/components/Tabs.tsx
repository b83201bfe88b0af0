import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

interface TabItem {
  label: string;
  /** Rendered only while its tab is selected. */
  panel: () => ReactNode;
}

/**
 * Tabs following the ARIA tabs pattern: one tab stop, arrow keys (and Home/End) move
 * between tabs and select them.
 */
interface TabsProps {
  label: string;
  tabs: TabItem[];
  /** Controlled use: the selected index and its setter (otherwise the tabs keep their own). */
  selected?: number;
  onSelect?: (index: number) => void;
}

export function Tabs({ label, tabs, selected: controlled, onSelect }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(0);
  const selected = controlled ?? own;
  const setSelected = (index: number) => (onSelect ? onSelect(index) : setOwn(index));
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = (index: number) => `${baseId}-panel-${index}`;

  const select = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex gap-1 border-b border-slate-800">
        {tabs.map((tab, index) => (
          <button
            key={tab.label}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            id={tabId(index)}
            type="button"
            role="tab"
            aria-selected={index === selected}
            aria-controls={panelId(index)}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-400 transition-colors hover:text-white aria-selected:border-teal-400 aria-selected:text-teal-300"
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.label}
          id={panelId(index)}
          role="tabpanel"
          aria-labelledby={tabId(index)}
          hidden={index !== selected}
          tabIndex={index === selected ? 0 : undefined}
          className="pt-5 focus-visible:outline-offset-4"
        >
          {index === selected && tab.panel()}
        </div>
      ))}
    </div>
  );
}
