/** What a key does to a combobox's suggestion list: show it with one option active, pick an option, or nothing (null). */
export type ComboboxMove = { open: boolean; active: number } | { pick: number } | null;

/**
 * The keys of the WAI-ARIA 1.2 combobox pattern (list autocomplete, manual selection) on an input
 * whose list holds `count` options, is shown or not (`open`), with option `active` active (-1:
 * none): arrows open it and move through it, wrapping; Enter picks the active option; Escape
 * closes it. Any other key, or one with nothing to do, is the input's own (null).
 */
export function comboboxKey(key: string, open: boolean, active: number, count: number): ComboboxMove {
  if (count === 0) return null;
  switch (key) {
    case "ArrowDown":
      return { open: true, active: open ? (active + 1) % count : 0 };
    case "ArrowUp":
      return { open: true, active: open && active > 0 ? active - 1 : count - 1 };
    case "Enter":
      return open && active >= 0 && active < count ? { pick: active } : null;
    case "Escape":
      return open ? { open: false, active: -1 } : null;
  }
  return null;
}
