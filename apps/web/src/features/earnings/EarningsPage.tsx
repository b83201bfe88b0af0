import FileText from "lucide-react/icons/file-text";
import Info from "lucide-react/icons/info";
import ListOrdered from "lucide-react/icons/list-ordered";
import RefreshCw from "lucide-react/icons/refresh-cw";
import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import { Suspense } from "react";
import { Await, Link, useLoaderData, useRevalidator } from "react-router";
import { CardSection } from "../../components/CardSection";
import { Spinner } from "../../components/Spinner";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { EarningsActivity } from "./EarningsActivity";
import { EarningsFigures } from "./EarningsFigures";
import type { EarningsPageData, earningsLoader } from "./earnings-loader";
import { StatementList } from "./StatementList";
import { pageHref, SETTINGS_PAGE } from "../../lib/page-routes";

/** The server sends at most this many lines (the newest); the statements hold them all. */
const LINES_SENT = 200;

/**
 * /earnings (decisions.md, "Cancelling, refunds, fees and payouts"): what one earns from bookings
 * and referrals, what is on its way and what was paid out; the balance's lines and the monthly
 * statements (PDF). For everyone signed in but operators: assistants earn, anyone can refer.
 */
export default function EarningsPage() {
  useDocumentTitle("Earnings");
  const { data } = useLoaderData<typeof earningsLoader>();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:py-10">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight text-white">Earnings</h1>
        <p className="text-sm text-slate-400">What you earn from bookings and referrals, and what was paid out to you.</p>
      </div>
      <Suspense fallback={<EarningsLoading />}>
        <Await resolve={data} errorElement={<EarningsLoadFailed />}>
          {(loaded: EarningsPageData) => <EarningsContent data={loaded} />}
        </Await>
      </Suspense>
    </div>
  );
}

function EarningsContent({ data: { earnings, payoutAccount } }: { data: EarningsPageData }) {
  return (
    <>
      {payoutAccount === null && (
        <p className="flex items-start gap-2 rounded-lg border border-amber-500/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
          <span>
            Add your payout account in{" "}
            <Link to={pageHref(SETTINGS_PAGE, {})} className="font-semibold text-amber-50 underline underline-offset-4 hover:text-white">
              Settings
            </Link>{" "}
            to be paid.
          </span>
        </p>
      )}
      <section aria-label="Your balance">
        <EarningsFigures earnings={earnings} />
      </section>
      <CardSection
        title={
          <>
            <ListOrdered aria-hidden="true" className="size-5 text-teal-400" />
            Activity
          </>
        }
      >
        <EarningsActivity lines={earnings.lines} limited={earnings.lines.length >= LINES_SENT} />
      </CardSection>
      <CardSection
        title={
          <>
            <FileText aria-hidden="true" className="size-5 text-teal-400" />
            Monthly statements
          </>
        }
      >
        <StatementList months={earnings.statementMonths} />
      </CardSection>
    </>
  );
}

function EarningsLoading() {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-12 text-slate-400">
      <Spinner /> Loading earnings...
    </p>
  );
}

function EarningsLoadFailed() {
  const { revalidate, state } = useRevalidator();
  return (
    <div role="alert" className="card flex flex-col items-center gap-4 px-6 py-10 text-center">
      <AlertTriangle aria-hidden="true" className="size-8 text-rose-400" />
      <p className="text-rose-200">Could not load your earnings.</p>
      <button type="button" className="btn-secondary" disabled={state === "loading"} onClick={() => void revalidate()}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Try again
      </button>
    </div>
  );
}
