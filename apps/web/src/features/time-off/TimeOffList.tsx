import { MSG, type TimeOffView } from "@vam/shared";
import CalendarCheck from "lucide-react/icons/calendar-check";
import Trash2 from "lucide-react/icons/trash-2";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { timeOffHref } from "./time-off-routes";
import { blockDates, blockExtent, removeName } from "./time-off-view";

/** The Assistant's blocks of time off from today on, earliest first, each with its Remove button. */
export function TimeOffList({ blocks, labelledBy }: { blocks: readonly TimeOffView[]; labelledBy: string }) {
  if (blocks.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed border-slate-700 px-4 py-6 text-sm text-slate-400">
        <CalendarCheck aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        {MSG.noTimeOff}
      </p>
    );
  }
  return (
    <ul aria-labelledby={labelledBy} className="divide-y divide-slate-800 rounded-lg border border-slate-800">
      {blocks.map((block) => (
        <TimeOffRow key={block.id} block={block} />
      ))}
    </ul>
  );
}

function TimeOffRow({ block }: { block: TimeOffView }) {
  // Removing goes through the section's action (which toasts the answer); the list is then read again.
  const remove = useActionFetcher(timeOffHref(block.id));
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-4 py-3">
      <div className="min-w-0 flex-1 basis-56 space-y-0.5">
        <p className="font-medium break-words text-slate-100">{blockDates(block)}</p>
        <p className="text-sm text-slate-400">{blockExtent(block)}</p>
        {block.note && <p className="text-sm break-words text-slate-300 italic">{block.note}</p>}
      </div>
      <button
        type="button"
        className="btn-ghost px-3 py-1.5 text-rose-300 hover:text-rose-200"
        aria-label={removeName(block)}
        aria-busy={remove.busy}
        disabled={remove.busy}
        onClick={() => void remove.submit({ intent: "remove" }, "delete")}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Remove
      </button>
    </li>
  );
}
