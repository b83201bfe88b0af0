import type { LucideIcon } from "lucide-react";
import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useFetcher } from "react-router";
import type { Result } from "../../lib/result";
import { takeTyped } from "../../lib/typed-before-start";
import { profileSuggestHref, type SuggestField as Field } from "./search-routes";
import { comboboxKey } from "./combobox-keys";

/** Typing pauses this long before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 150;

interface SuggestFieldProps {
  field: Field;
  /** The form field's name: the address's parameter, which the form sends where the app has not taken the page over yet. */
  name: string;
  label: string;
  /**
   * The suggestion list's name ("Suggested people"): not the field's label, so that the label names
   * the field alone (a search by label text finds one element).
   */
  listLabel: string;
  placeholder: string;
  icon: LucideIcon;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A search field that suggests values as one types (WAI-ARIA 1.2 combobox, list autocomplete with
 * manual selection; keys in `combobox-keys.ts`). Suggestions load through the profiles data route
 * a short pause after typing; a newer load aborts the older one (decision 0004). Picking one fills
 * the field; the form's Search button searches.
 */
export function SuggestField({ field, name, label, listLabel, placeholder, icon: Icon, value, onChange }: SuggestFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const listId = `${id}-list`;
  const fetcher = useFetcher<Result<string[]>>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // What the visitor typed into the drawn page's field before the app took it over stays, with
  // its caret (decision 0050). The field is given the text first, so React's value leaves the caret.
  const keepTyped = useEffectEvent(() => {
    const kept = takeTyped(name);
    const box = input.current;
    if (!kept || !box) return;
    box.value = kept.value;
    if (kept.value !== value) onChange(kept.value);
    if (kept.caret) {
      box.focus();
      box.setSelectionRange(...kept.caret);
    }
  });
  useLayoutEffect(() => keepTyped(), []);

  const suggestions = fetcher.data?.ok ? fetcher.data.data : [];
  const shown = open && value.trim() !== "" && suggestions.length > 0;
  const current = shown && active < suggestions.length ? active : -1;

  const type = (text: string) => {
    onChange(text);
    setOpen(true);
    setActive(-1);
    clearTimeout(timer.current);
    if (text.trim()) timer.current = setTimeout(() => void fetcher.load(profileSuggestHref(field, text.trim())), SUGGEST_DELAY_MS);
  };

  const pick = (index: number) => {
    onChange(suggestions[index]!);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = comboboxKey(event.key, shown, current, suggestions.length);
    if (event.key === "Enter" && !move) {
      // Enter without a choice submits the form: no list should open after it.
      clearTimeout(timer.current);
      setOpen(false);
    }
    if (!move) return;
    event.preventDefault();
    if ("pick" in move) return pick(move.pick);
    setOpen(move.open);
    setActive(move.active);
  };

  return (
    <div className="relative flex-1 rounded-xl px-3 py-1.5 focus-within:bg-slate-800/60 focus-within:ring-2 focus-within:ring-teal-400/60">
      <label htmlFor={id} className="block text-xs font-semibold tracking-wide text-slate-300">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <Icon aria-hidden="true" className="size-4 text-slate-500" />
        <input
          ref={input}
          id={id}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={current >= 0 ? `${listId}-${current}` : undefined}
          value={value}
          placeholder={placeholder}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          className="w-full bg-transparent py-1 text-sm text-slate-100 placeholder:text-slate-400 focus-visible:outline-none"
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!shown}
        className="absolute inset-x-0 top-full z-30 mt-2 overflow-hidden rounded-xl border border-slate-700 bg-slate-900 py-1 shadow-xl shadow-black/40"
      >
        {shown &&
          suggestions.map((suggestion, index) => (
            <li
              key={suggestion}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === current}
              // The input keeps the focus: a click picks without a blur closing the list first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(index)}
              className="cursor-pointer truncate px-4 py-2 text-sm text-slate-200 hover:bg-slate-800 aria-selected:bg-teal-500/20 aria-selected:text-white"
            >
              {suggestion}
            </li>
          ))}
      </ul>
    </div>
  );
}
