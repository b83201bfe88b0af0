import type { KeyboardEvent } from "react";

/**
 * Where focus goes in an open menu (WAI-ARIA menu pattern) when `key` is pressed on entry
 * `index` of the entries labelled `labels`: arrows move and wrap, Home and End go to the ends,
 * a letter goes to the next entry starting with it. null: the key does not move focus.
 */
export function menuKeyTarget(key: string, index: number, labels: readonly string[]): number | null {
  const count = labels.length;
  if (count === 0) return null;
  switch (key) {
    case "ArrowDown":
      return index < 0 ? 0 : (index + 1) % count;
    case "ArrowUp":
      return index < 0 ? count - 1 : (index - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
  }
  if (key.length !== 1 || key.trim() === "") return null;
  const letter = key.toLocaleLowerCase();
  for (let step = 1; step <= count; step++) {
    const next = (Math.max(index, -1) + step) % count;
    if (labels[next]!.trim().toLocaleLowerCase().startsWith(letter)) return next;
  }
  return null;
}

/**
 * The keys of an open menu of `entries` (the account menu and the booking's "Edit booking"):
 * Escape closes it back onto its button, Tab closes it and focus moves on as usual, the rest
 * move focus as `menuKeyTarget` says.
 */
export function onMenuKeyDown(event: KeyboardEvent, entries: readonly HTMLElement[], close: (returnFocus: boolean) => void): void {
  if (event.key === "Escape") {
    event.preventDefault();
    event.stopPropagation();
    close(true);
    return;
  }
  if (event.key === "Tab") {
    close(false);
    return;
  }
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const labels = entries.map((entry) => entry.textContent ?? "");
  const next = menuKeyTarget(event.key, entries.indexOf(document.activeElement as HTMLElement), labels);
  if (next === null) return;
  event.preventDefault();
  entries[next]?.focus();
}
