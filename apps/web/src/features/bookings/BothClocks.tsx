import { DAYTIME_END_HOUR, DAYTIME_START_HOUR, formatTime, inYourDaytime, withYourTime, yourTime } from "@vam/shared";
import Moon from "lucide-react/icons/moon";
import Sun from "lucide-react/icons/sun";

type Instant = Date | number | string;

interface BothClocksProps {
  /** Manila's text as the page has always rendered it (the spec's words). */
  manila: string;
  start: Instant;
  end?: Instant;
  /** The viewer's zone (`useTimeZone`); none: Manila's text alone. */
  zone: string | null | undefined;
  /** Name the viewer's date even where it is Manila's. */
  withDate?: boolean;
  /** The viewer's own time always on a line of its own (a slot's button), the " · " then read out only. */
  stacked?: boolean;
  /** Classes of the viewer's own time (smaller, dimmer text by default). */
  yoursClassName?: string;
}

const SEPARATOR = " · ";

/**
 * A booking time with both clocks (decisions.md, "Time zones"): exactly the text of `withYourTime`
 * ("9:00 AM - 1:00 PM Manila · Mon, Nov 30, 5:00 PM to 9:00 PM your time"), with the viewer's own
 * time in a span of its own that moves onto its own line, in smaller text, where the line is too
 * short (a phone). For a viewer who reads Manila's clock, Manila's text alone.
 */
export function BothClocks({ manila, start, end, zone, withDate, stacked = false, yoursClassName = "text-xs text-slate-400" }: BothClocksProps) {
  const options = { end, withDate };
  const yours = yourTime(start, zone, options);
  if (!yours) return <>{manila}</>;
  const text = withYourTime(manila, start, zone, options);
  // Manila's part ("... Manila · "): the one function's text up to the viewer's own time.
  const manilaPart = text.slice(0, text.length - yours.length);
  if (stacked && manilaPart.endsWith(SEPARATOR)) {
    return (
      <>
        {manilaPart.slice(0, -SEPARATOR.length)}
        <span className="sr-only">{SEPARATOR}</span>
        <span className={`block ${yoursClassName}`}>{yours}</span>
      </>
    );
  }
  return (
    <>
      {manilaPart}
      <span className={`inline-block ${yoursClassName}`}>{yours}</span>
    </>
  );
}

/** The viewer's daytime as the hint says it: "7:00 AM to 10:00 PM". */
export const DAYTIME_HOURS = `${formatTime(`${String(DAYTIME_START_HOUR).padStart(2, "0")}:00`)} to ${formatTime(`${DAYTIME_END_HOUR}:00`)}`;

/**
 * Whether a slot suits the viewer (`inYourDaytime`: wholly within 7 AM to 10 PM their time), in words
 * and an icon, for a viewer whose clock differs from Manila's; nothing for one who reads Manila's.
 */
export function DaytimeMark({
  start,
  end,
  zone,
  plain = false,
}: {
  start: Instant;
  end: Instant;
  zone: string | null | undefined;
  /** The text colour of its place (a button that turns light when pressed): the icon and words alone tell which. */
  plain?: boolean;
}) {
  if (!yourTime(start, zone)) return null;
  const daytime = inYourDaytime(start, end, zone);
  const Icon = daytime ? Sun : Moon;
  // The space apart from the time before it in a button's name; a flex column (a slot) shows none.
  return (
    <>
      {" "}
      <span className={`inline-flex items-center gap-1 text-xs ${plain ? "" : daytime ? "text-amber-200" : "text-indigo-300"}`}>
        <Icon aria-hidden="true" className="size-3.5 shrink-0" />
        {daytime ? "In your daytime" : "Outside your daytime"}
      </span>
    </>
  );
}
