import { formatCentavos, type PayoutKind, type PayoutOverview } from "@vam/shared";
import Play from "lucide-react/icons/play";
import { Suspense, useState } from "react";
import { Await, Link, useLoaderData } from "react-router";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { AdminConfirm } from "./AdminConfirm";
import { AdminPageHeader } from "./AdminPageHeader";
import { AdminEmpty, AdminLoadFailed, AdminLoading } from "./AdminStates";
import { DataTable, type Column } from "./DataTable";
import { DestinationCell, PayeeCell } from "./PayoutCells";
import { formatMomentTime } from "./admin-format";
import type { MoneyOutLoaderData } from "./admin-loaders";
import { MONEY_OUT_TEXTS, batchCountsText, batchPath, batchTitle, runSummary, waitingText } from "./money-format";

type Ready = PayoutOverview["ready"][number];
type Waiting = PayoutOverview["waiting"][number];
type BatchSummary = PayoutOverview["batches"][number];

const amount = (line: { amountCentavos: number }) => formatCentavos(line.amountCentavos);

function readyColumns(kind: PayoutKind): Column<Ready>[] {
  return [
    { header: MONEY_OUT_TEXTS[kind].payee, cell: (line) => <PayeeCell id={line.payeeId} name={line.name} /> },
    { header: "Destination", cell: (line) => <DestinationCell destination={line.destination} /> },
    { header: "Amount", cell: amount, className: "whitespace-nowrap" },
  ];
}

function waitingColumns(kind: PayoutKind): Column<Waiting>[] {
  return [
    { header: MONEY_OUT_TEXTS[kind].payee, cell: (line) => <PayeeCell id={line.payeeId} name={line.name} /> },
    { header: "Amount", cell: amount, className: "whitespace-nowrap" },
    { header: "Why it waits", cell: waitingText },
  ];
}

const BATCH_COLUMNS: Column<BatchSummary>[] = [
  {
    header: "Batch",
    cell: (batch) => (
      <Link to={batchPath(batch)} className="link whitespace-nowrap">
        {batchTitle(batch)}
      </Link>
    ),
  },
  { header: "Run", cell: (batch) => formatMomentTime(batch.createdAt), className: "whitespace-nowrap" },
  { header: "Total", cell: (batch) => formatCentavos(batch.totalCentavos), className: "whitespace-nowrap" },
  { header: "Lines", cell: (batch) => batchCountsText(batch.counts) },
];

/**
 * `/admin/payouts` and `/admin/refunds`, one page told which by its loader: what a batch run now
 * pays (with its total and the button that runs it), what waits and why, and the batches so far.
 * A run opens the new batch's page (the route's adminMoneyOutAction redirects there).
 */
export default function AdminMoneyOutPage() {
  const { kind, overview } = useLoaderData<MoneyOutLoaderData>();
  const texts = MONEY_OUT_TEXTS[kind];
  return (
    <div className="space-y-8">
      <AdminPageHeader title={texts.title} description={texts.description} />
      <Suspense key={kind} fallback={<AdminLoading />}>
        <Await resolve={overview} errorElement={<AdminLoadFailed />}>
          {(loaded: PayoutOverview) => <MoneyOut kind={kind} overview={loaded} />}
        </Await>
      </Suspense>
    </div>
  );
}

function MoneyOut({ kind, overview }: { kind: PayoutKind; overview: PayoutOverview }) {
  const texts = MONEY_OUT_TEXTS[kind];
  const [asking, setAsking] = useState(false);
  const run = useActionFetcher();
  const total = overview.ready.reduce((sum, line) => sum + line.amountCentavos, 0);
  const noun = kind === "PAYOUT" ? "payout" : "refund";

  return (
    <>
      <section aria-labelledby="money-out-ready" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="money-out-ready" className="text-lg font-semibold text-white">
            {texts.ready}{" "}
            {overview.ready.length > 0 && (
              <span className="text-sm font-normal text-slate-400">
                ({overview.ready.length}, {formatCentavos(total)})
              </span>
            )}
          </h2>
          {overview.ready.length > 0 && (
            <button
              type="button"
              className="btn-primary"
              onClick={() => {
                run.reset();
                setAsking(true);
              }}
            >
              <Play aria-hidden="true" className="size-4" />
              {texts.run}
            </button>
          )}
        </div>
        {overview.ready.length === 0 ? (
          <AdminEmpty>{texts.nothingReady}</AdminEmpty>
        ) : (
          <DataTable
            caption={texts.readyCaption}
            rows={overview.ready}
            rowKey={(line) => `${line.payeeId ?? line.name}|${line.destination.accountNumber}`}
            columns={readyColumns(kind)}
            footer={{ label: "Total", cells: { Amount: formatCentavos(total) } }}
          />
        )}
      </section>

      <section aria-labelledby="money-out-waiting" className="space-y-3">
        <h2 id="money-out-waiting" className="text-lg font-semibold text-white">
          Waiting {overview.waiting.length > 0 && <span className="text-sm font-normal text-slate-400">({overview.waiting.length})</span>}
        </h2>
        {overview.waiting.length === 0 ? (
          <AdminEmpty>Nothing is waiting</AdminEmpty>
        ) : (
          <DataTable
            caption={kind === "PAYOUT" ? "Balances waiting" : "Refunds waiting"}
            rows={overview.waiting}
            rowKey={(line) => `${line.payeeId ?? line.name}|${line.why}`}
            columns={waitingColumns(kind)}
          />
        )}
      </section>

      <section aria-labelledby="money-out-batches" className="space-y-3">
        <h2 id="money-out-batches" className="text-lg font-semibold text-white">
          Batches
        </h2>
        {overview.batches.length === 0 ? (
          <AdminEmpty>No {noun} batches yet</AdminEmpty>
        ) : (
          <DataTable caption={`${texts.batches}, newest first`} rows={overview.batches} rowKey={(batch) => batch.id} columns={BATCH_COLUMNS} />
        )}
      </section>

      <AdminConfirm
        open={asking}
        title={texts.runTitle}
        confirmLabel={texts.run}
        busy={run.busy}
        error={run.error}
        onConfirm={() => void run.submit({ kind })}
        onCancel={() => setAsking(false)}
      >
        <p>
          <strong className="text-white">{runSummary(kind, overview.ready)}</strong>.
        </p>
        <p>
          {kind === "PAYOUT"
            ? "Each balance goes into a new batch. Then download its bank file, make the transfers, and mark each line sent with the transfer's reference: the payee is told."
            : "Each refund goes into a new batch. Then download its bank file, make the transfers to each client's refund account, and mark each line sent with the transfer's reference: the client is told."}
        </p>
      </AdminConfirm>
    </>
  );
}
