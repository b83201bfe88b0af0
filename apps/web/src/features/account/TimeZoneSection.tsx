import { MSG, deviceTimeZone, formatTime, isTimeZone, zoneOffset, zonedClock } from "@vam/shared";
import Globe from "lucide-react/icons/globe";
import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { CardSection } from "../../components/CardSection";
import { FormAlert } from "../../components/form/FormAlert";
import { FormStatus } from "../../components/form/FormStatus";
import { SubmitButton } from "../../components/SubmitButton";
import { useActionAnswer } from "../../lib/actions";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { useAuth } from "../auth/public";
import type { SettingsChange, TimeZoneSaved } from "./account-data";

/** How many rows of the list show at once. */
const LIST_ROWS = 8;

/**
 * Today's names of zones that some browsers list only by their old one (Chrome lists "Asia/Calcutta",
 * not "Asia/Kolkata"): listed too, so that searching for the name a person knows finds it.
 */
const RENAMED = [
  "Africa/Asmara",
  "America/Argentina/Buenos_Aires",
  "America/Indiana/Indianapolis",
  "America/Kentucky/Louisville",
  "America/Nuuk",
  "Asia/Ho_Chi_Minh",
  "Asia/Kathmandu",
  "Asia/Kolkata",
  "Asia/Yangon",
  "Atlantic/Faroe",
  "Europe/Kyiv",
  "Pacific/Chuuk",
  "Pacific/Kanton",
  "Pacific/Pohnpei",
  "UTC",
];

/** Every zone this browser knows (the IANA database), today's names of renamed ones, and `also` (the person's own, this device's). */
export function zoneList(also: readonly (string | null | undefined)[] = []): string[] {
  let known: string[] = [];
  try {
    known = Intl.supportedValuesOf("timeZone");
  } catch {
    // An older browser: the list is the zones named below.
  }
  const zones = new Set(known);
  for (const zone of RENAMED) if (isTimeZone(zone)) zones.add(zone);
  for (const zone of also) if (zone) zones.add(zone);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** "UTC+08:00", "UTC-07:00", "UTC+05:30": the zone's offset at `now`. */
export function offsetLabel(zone: string, now: number): string {
  let minutes: number;
  try {
    minutes = zoneOffset(zone, now);
  } catch {
    return "";
  }
  const sign = minutes < 0 ? "-" : "+";
  const whole = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(whole / 60)).padStart(2, "0")}:${String(whole % 60).padStart(2, "0")}`;
}

/** "America/Los_Angeles (5:12 PM now)": a zone and its clock at `now`. */
export function zoneWithClock(zone: string, now: number): string {
  try {
    return `${zone} (${formatTime(zonedClock(now, zone).time)} now)`;
  } catch {
    return zone;
  }
}

/** Whether `zone` (or its offset label) matches what was typed: any case, spaces or underscores, every word. */
export function zoneMatches(zone: string, label: string, query: string): boolean {
  const words = query
    .toLowerCase()
    .replace(/_/g, " ")
    .split(/[\s/]+/)
    .filter(Boolean);
  const text = `${zone} ${label}`.toLowerCase().replace(/_/g, " ");
  return words.every((word) => text.includes(word));
}

/**
 * "Time zone" (decisions.md, "Time zones"): the person's own zone, in which every booking time is
 * shown beside Manila's. Shows it with its clock now; a labelled search field narrows a labelled
 * list of every zone (the IANA database), and saving puts the new zone into the session at once.
 * "Use this device's time zone" saves this browser's in one step. Success is said in the status
 * line; a refusal shows at the list, or above the form.
 */
export function TimeZoneSection() {
  const { user, setUser } = useAuth();
  const current = user?.timeZone ?? null;
  const device = deviceTimeZone();
  const save = useActionFetcher<TimeZoneSaved>();
  const searchId = useId();
  const listId = useId();
  const hintId = useId();
  const errorId = useId();
  const list = useRef<HTMLSelectElement>(null);
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState(current ?? device);
  const [fieldError, setFieldError] = useState<string | null>(null);
  // The clock and the offsets as the section opens: a minute later they still name the right zones.
  const [now] = useState(() => Date.now());

  const zones = useMemo(() => zoneList([current, device]), [current, device]);
  const labels = useMemo(() => new Map(zones.map((zone) => [zone, offsetLabel(zone, now)])), [zones, now]);
  const shown = useMemo(() => zones.filter((zone) => zoneMatches(zone, labels.get(zone) ?? "", query)), [zones, labels, query]);
  const selected = shown.includes(chosen) ? chosen : "";

  useActionAnswer(save.result, (answer) => {
    if (answer.ok) {
      setUser(answer.data.user);
      setChosen(answer.data.user.timeZone ?? chosen);
      setFieldError(null);
    } else if (answer.field === "timeZone") setFieldError(answer.message);
  });
  const refusal = save.result && !save.result.ok && save.result.field !== "timeZone" ? save.result.message : null;

  const submit = (timeZone: string) => {
    setFieldError(null);
    void save.submit({ intent: "timeZone", timeZone } satisfies SettingsChange, "put");
  };

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Down from the search field goes into the list, on the chosen zone or the first that matches.
    if (event.key !== "ArrowDown" || shown.length === 0) return;
    event.preventDefault();
    if (!selected) setChosen(shown[0]!);
    list.current?.focus();
  };

  const countText =
    shown.length === zones.length
      ? `${zones.length} time zones`
      : shown.length === 0
        ? `No time zone matches “${query.trim()}”`
        : `${shown.length} of ${zones.length} time zones match`;

  return (
    <CardSection
      title={
        <>
          <Globe aria-hidden="true" className="size-5 text-teal-400" />
          Time zone
        </>
      }
    >
      <div className="space-y-5">
        <p className="text-sm text-slate-400">Every booking time is shown in Manila&rsquo;s time and, when it differs, in yours.</p>
        <div className="space-y-1 rounded-lg border border-slate-800 bg-slate-900/60 px-4 py-3">
          <p className="text-xs font-medium tracking-wide text-slate-400 uppercase">Your time zone</p>
          <p className="font-medium break-words text-slate-100">
            {current ? zoneWithClock(current, now) : `Not set yet: times are shown in this device’s time zone, ${zoneWithClock(device, now)}`}
          </p>
        </div>
        <FormStatus message={save.busy ? null : (save.done?.data.message ?? null)} />
        <FormAlert message={save.busy ? null : refusal} />
        {device !== current && (
          <button type="button" className="btn-secondary w-full sm:w-auto" disabled={save.busy} onClick={() => submit(device)}>
            Use this device&rsquo;s time zone ({device})
          </button>
        )}
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!selected) {
              setFieldError(MSG.timeZoneInvalid);
              list.current?.focus();
              return;
            }
            submit(selected);
          }}
        >
          <div className="space-y-1.5">
            <label htmlFor={searchId} className="block text-sm font-medium text-slate-200">
              Search time zones
            </label>
            <input
              id={searchId}
              type="search"
              className="input"
              autoComplete="off"
              spellCheck={false}
              placeholder="A city or region, like Los Angeles"
              aria-controls={listId}
              aria-describedby={hintId}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={onSearchKey}
            />
            <p id={hintId} aria-live="polite" className="text-xs text-slate-400">
              {countText}
            </p>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={listId} className="block text-sm font-medium text-slate-200">
              Time zone
            </label>
            <select
              ref={list}
              id={listId}
              size={LIST_ROWS}
              className="input h-auto py-1"
              value={selected}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              onChange={(event) => {
                setChosen(event.target.value);
                setFieldError(null);
              }}
            >
              {shown.map((zone) => (
                <option key={zone} value={zone}>
                  {labels.get(zone) ? `${zone} (${labels.get(zone)})` : zone}
                </option>
              ))}
            </select>
            {fieldError && (
              <p id={errorId} className="text-xs font-medium text-rose-400">
                {fieldError}
              </p>
            )}
          </div>
          <SubmitButton busy={save.busy} className="w-full sm:w-auto">
            Save time zone
          </SubmitButton>
        </form>
      </div>
    </CardSection>
  );
}
