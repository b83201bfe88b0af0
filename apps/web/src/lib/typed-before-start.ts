/*
 * What a visitor typed into a drawn page's named fields (the search's Name and Where) before the
 * app's code took the page over (decision 0050). The app draws its own fields over the drawn
 * ones; they take the text, and the caret of the one being typed in, from here, once.
 */

const typed = new Map<string, string>();
/** The drawn field last focused, while it is (or until the app's fields replace it). */
let focused: HTMLInputElement | null = null;

/** Follows the named fields drawn under `root` (the server's or the build's HTML, not the app's). */
export function followTypedFields(root: HTMLElement): void {
  const drawn = new Set([...root.querySelectorAll("input[name]")].filter((field) => field instanceof HTMLInputElement));
  const isDrawn = (target: EventTarget | null): target is HTMLInputElement => drawn.has(target as HTMLInputElement);
  // Text typed before this code ran (the HTML came first) is in the fields already.
  for (const field of drawn) if (field.value !== field.defaultValue) typed.set(field.name, field.value);
  if (isDrawn(document.activeElement)) focused = document.activeElement;
  root.addEventListener("input", (event) => isDrawn(event.target) && typed.set(event.target.name, event.target.value));
  root.addEventListener("focusin", (event) => isDrawn(event.target) && (focused = event.target));
  // Leaving a field ends its focus. Chromium also blurs a focused field as the takeover removes
  // it, with the field still in the page: a field still there a moment later was left.
  root.addEventListener("focusout", (event) => {
    const field = event.target;
    setTimeout(() => {
      if (field === focused && focused?.isConnected) focused = null;
    });
  });
}

/** The text typed into the drawn field `name`, and its caret when it had the focus; none when nothing was typed or it was taken. */
export function takeTyped(name: string): { value: string; caret?: [number, number] } | undefined {
  const value = typed.get(name);
  typed.delete(name);
  const field = focused?.name === name ? focused : null;
  if (field) focused = null;
  if (value === undefined && !field) return undefined;
  return { value: value ?? field!.value, ...(field && { caret: [field.selectionStart ?? 0, field.selectionEnd ?? 0] }) };
}
