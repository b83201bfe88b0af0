import type { LucideIcon } from "lucide-react";

interface ToggleOption<T extends string> {
  value: T;
  label: string;
  icon?: LucideIcon;
}

interface ToggleGroupProps<T extends string> {
  /** The group's accessible name. */
  label: string;
  options: readonly ToggleOption<T>[];
  value: T;
  onChange: (value: T) => void;
}

/** A segmented switch between a few views: toggle buttons (aria-pressed) in a named group. */
export function ToggleGroup<T extends string>({ label, options, value, onChange }: ToggleGroupProps<T>) {
  return (
    <div role="group" aria-label={label} className="inline-flex w-full rounded-xl border border-slate-800 bg-slate-900/70 p-1 sm:w-auto">
      {options.map(({ value: option, label: text, icon: Icon }) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className="inline-flex flex-1 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium text-slate-300 transition-colors hover:text-white aria-pressed:bg-teal-500 aria-pressed:text-slate-950 sm:flex-none"
        >
          {Icon && <Icon aria-hidden="true" className="size-4" />}
          {text}
        </button>
      ))}
    </div>
  );
}
