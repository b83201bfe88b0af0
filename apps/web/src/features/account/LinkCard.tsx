import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import CircleCheck from "lucide-react/icons/circle-check";
import type { ReactNode } from "react";

/**
 * The centred card of a page an emailed link opens (verifying an address, unsubscribing): its
 * heading, what the link did (a status) or why it did nothing (an alert), and what one can do next.
 */
export function LinkCard({ title, outcome, children }: { title: string; outcome: { ok: boolean; message: string }; children?: ReactNode }) {
  const Icon = outcome.ok ? CircleCheck : CircleAlert;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="card space-y-6 p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-white">{title}</h1>
        <div role={outcome.ok ? "status" : "alert"}>
          <p
            className={`flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm ${
              outcome.ok ? "border-teal-500/40 bg-teal-500/10 text-teal-100" : "border-rose-500/40 bg-rose-500/10 text-rose-200"
            }`}
          >
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 break-words">{outcome.message}</span>
          </p>
        </div>
        {children && <div className="flex flex-wrap gap-3">{children}</div>}
      </div>
    </div>
  );
}
