import { MSG, type TimeOffOverview } from "@vam/shared";
import { Suspense, useId } from "react";
import { Await, useRevalidator } from "react-router";
import { InlineLoadFailed } from "../../components/LoadFailed";
import { Spinner } from "../../components/Spinner";
import { HolidaysSwitch } from "./HolidaysSwitch";
import { TimeOffForm } from "./TimeOffForm";
import { TimeOffList } from "./TimeOffList";

/**
 * An Assistant's "Time off" (decisions.md, Recurring bookings and time off): block weekdays or one
 * slot, see and remove the blocks, and take the regular holidays off. Clients' pickers show that
 * time as Unavailable. `overview` is the page loader's deferred answer (`loadTimeOff`).
 */
export function TimeOffSection({ overview }: { overview: Promise<TimeOffOverview> }) {
  const headingId = useId();
  const listHeadingId = useId();
  const { revalidate } = useRevalidator();

  return (
    <section aria-labelledby={headingId} className="card space-y-6 p-5 sm:p-6">
      <div className="space-y-1">
        <h2 id={headingId} className="text-xl font-semibold text-white">
          {MSG.timeOff}
        </h2>
        <p className="text-sm text-slate-400">Block the days or slots you cannot work. Clients cannot book them and see them as unavailable.</p>
      </div>

      <div className="grid gap-8 lg:grid-cols-2">
        <div className="min-w-0 space-y-4">
          <h3 className="font-semibold text-slate-100">Block dates</h3>
          <TimeOffForm />
        </div>

        <Suspense
          fallback={
            <p role="status" className="flex items-center gap-2 text-sm text-slate-400">
              <Spinner className="size-4" /> Loading time off...
            </p>
          }
        >
          <Await resolve={overview} errorElement={<InlineLoadFailed message="Could not load your time off." onRetry={() => void revalidate()} />}>
            {(loaded: TimeOffOverview) => (
              <>
                <div className="min-w-0 space-y-4">
                  <h3 id={listHeadingId} className="font-semibold text-slate-100">
                    Planned time off
                  </h3>
                  <TimeOffList blocks={loaded.blocks} labelledBy={listHeadingId} />
                </div>
                <div className="space-y-4 border-t border-slate-800 pt-6 lg:col-span-2">
                  <h3 className="font-semibold text-slate-100">Holidays</h3>
                  <HolidaysSwitch holidaysOff={loaded.holidaysOff} holidays={loaded.holidays} keptHolidays={loaded.keptHolidays} />
                </div>
              </>
            )}
          </Await>
        </Suspense>
      </div>
    </section>
  );
}
