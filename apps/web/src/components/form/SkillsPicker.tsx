import { SKILL_OPTIONS } from "@vam/shared";
import Plus from "lucide-react/icons/plus";
import X from "lucide-react/icons/x";
import { useEffect, useId, useRef } from "react";

interface SkillsPickerProps {
  value: readonly string[];
  onChange: (skills: string[]) => void;
  error?: string;
}

/** Skills chosen from the fixed list, each at most once; chosen ones can be removed. */
export function SkillsPicker({ value, onChange, error }: SkillsPickerProps) {
  const errorId = useId();
  const available: string[] = SKILL_OPTIONS.filter((skill) => !value.includes(skill));
  const listRef = useRef<HTMLFieldSetElement>(null);
  // Adding or removing a skill removes the focused button; move focus to a sensible neighbour.
  const refocusSelector = useRef<string | null>(null);

  useEffect(() => {
    const selector = refocusSelector.current;
    if (!selector) return;
    refocusSelector.current = null;
    listRef.current?.querySelector<HTMLButtonElement>(selector)?.focus();
  }, [value]);

  const add = (skill: string) => {
    const next = available[available.indexOf(skill) + 1] ?? available[available.indexOf(skill) - 1];
    refocusSelector.current = next ? `button[data-add-skill="${next}"]` : `button[data-remove-skill="${skill}"]`;
    onChange([...value, skill]);
  };

  const remove = (skill: string) => {
    refocusSelector.current = `button[data-add-skill="${skill}"]`;
    onChange(value.filter((chosen) => chosen !== skill));
  };

  return (
    <fieldset ref={listRef} className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-200">Skills</legend>

      <ul aria-label="Chosen skills" className="flex min-h-10 flex-wrap gap-2 rounded-lg border border-slate-700 bg-slate-900/80 p-2">
        {value.length === 0 && <li className="px-1 py-1 text-sm text-slate-400">No skills chosen yet</li>}
        {value.map((skill) => (
          <li
            key={skill}
            className="flex items-center gap-1 rounded-full bg-teal-500/15 py-1 pr-1 pl-3 text-sm text-teal-200 ring-1 ring-teal-500/40"
          >
            {skill}
            <button
              type="button"
              aria-label={`Remove ${skill}`}
              data-remove-skill={skill}
              onClick={() => remove(skill)}
              className="rounded-full p-0.5 text-teal-300 hover:bg-teal-500/20 hover:text-white"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>

      {available.length > 0 && (
        <ul aria-label="Available skills" className="flex flex-wrap gap-2">
          {available.map((skill) => (
            <li key={skill}>
              <button
                type="button"
                aria-label={`Add ${skill}`}
                data-add-skill={skill}
                onClick={() => add(skill)}
                className="flex items-center gap-1 rounded-full border border-slate-700 px-3 py-1 text-sm text-slate-300 transition-colors hover:border-teal-400 hover:text-white"
              >
                <Plus aria-hidden="true" className="size-3.5" />
                {skill}
              </button>
            </li>
          ))}
        </ul>
      )}

      {error && (
        <p id={errorId} className="text-xs font-medium text-rose-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
