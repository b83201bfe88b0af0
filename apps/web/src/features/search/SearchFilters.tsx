import { SEARCH_SLOTS, SKILL_OPTIONS, TIME_ZONE } from "@vam/shared";
import ChevronDown from "lucide-react/icons/chevron-down";
import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";

const labelClass = "block text-xs font-semibold tracking-wide text-slate-300";

/** Today in Manila, YYYY-MM-DD: the earliest day one can look for free time on. */
const manilaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(new Date());

/** Saturday or Sunday: no one is booked then (the booking rules), so no one is free. */
const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

/**
 * The profile list's filters (decisions.md, "Search"): skills and "available on" (a date, and
 * optionally Morning or Afternoon). Form controls of the `SearchBar` around them (`skills`,
 * `date`, `slot`), which writes them into the URL on Search; they start from the URL's values.
 */
export function SearchFilters() {
  const [searchParams] = useSearchParams();
  const skills = searchParams.getAll("skills");
  const date = searchParams.get("date") ?? "";
  const slot = (date && searchParams.get("slot")) || "";
  // A new address (a search, "Clear search") starts the filters afresh from it.
  return <Filters key={[...skills, date, slot].join("|")} skills={skills} date={date} slot={slot} />;
}

function Filters(initial: { skills: string[]; date: string; slot: string }) {
  const [skills, setSkills] = useState(initial.skills);
  const [date, setDate] = useState(initial.date);
  const [slot, setSlot] = useState(initial.slot);
  const id = useId();

  return (
    <>
      <SkillsFilter value={skills} onChange={setSkills} />
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-date`} className={labelClass}>
          Available on
        </label>
        <input
          id={`${id}-date`}
          type="date"
          name="date"
          min={manilaToday()}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          aria-describedby={date && isWeekend(date) ? `${id}-weekend` : undefined}
          className="input h-10 py-0 sm:w-44"
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-slot`} className={labelClass}>
          Time
        </label>
        <select
          id={`${id}-slot`}
          name="slot"
          value={date ? slot : ""}
          disabled={!date}
          onChange={(event) => setSlot(event.target.value)}
          className="input h-10 py-0 sm:w-36"
        >
          <option value="">Any time</option>
          {SEARCH_SLOTS.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </div>
      {date && isWeekend(date) && (
        <p id={`${id}-weekend`} className="order-last col-span-2 basis-full text-sm text-amber-300">
          Assistants work on weekdays: no one is free on a Saturday or a Sunday.
        </p>
      )}
    </>
  );
}

/** "Skills" as a button that opens a panel of checkboxes (disclosure); Escape, a click elsewhere or leaving it closes the panel. */
function SkillsFilter({ value, onChange }: { value: string[]; onChange: (skills: string[]) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, [open]);

  // The list's skills, and any other that the address asked for (so that a search keeps it until unticked).
  const [options] = useState(() => [...SKILL_OPTIONS, ...value.filter((skill) => !(SKILL_OPTIONS as readonly string[]).includes(skill))]);
  const toggle = (skill: string, on: boolean) => onChange(options.filter((option) => (option === skill ? on : value.includes(option))));

  return (
    <div
      ref={box}
      className="relative col-span-2 flex flex-col gap-1 sm:w-56"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        event.preventDefault();
        setOpen(false);
        button.current?.focus();
      }}
      onBlur={(event) => {
        if (!box.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <span id={`${id}-label`} className={labelClass}>
        Skills
      </span>
      <button
        ref={button}
        id={`${id}-button`}
        type="button"
        aria-labelledby={`${id}-label ${id}-button`}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
        className="input flex h-10 items-center justify-between gap-2 py-0 text-left"
      >
        <span className="truncate">{value.length > 0 ? value.join(", ") : "Any skill"}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
      </button>
      <fieldset
        id={`${id}-panel`}
        hidden={!open}
        className="absolute inset-x-0 top-full z-30 mt-2 grid grid-cols-2 gap-1 rounded-xl border border-slate-700 bg-slate-900 p-2 shadow-xl shadow-black/40 sm:w-72"
      >
        <legend className="sr-only">Skills</legend>
        {options.map((skill) => (
          <label key={skill} className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-200 hover:bg-slate-800">
            <input
              type="checkbox"
              name="skills"
              value={skill}
              checked={value.includes(skill)}
              onChange={(event) => toggle(skill, event.target.checked)}
              className="size-4 accent-teal-500"
            />
            {skill}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
