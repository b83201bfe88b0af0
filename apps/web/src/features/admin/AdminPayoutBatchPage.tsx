import { formatCentavos, type PayoutBatchView, type PayoutLineView } from "@vam/shared";
import ArrowLeft from "lucide-react/icons/arrow-left";
import Check from "lucide-react/icons/check";
import Download from "lucide-react/icons/download";
import X from "lucide-react/icons/x";
import { Suspense, useState } from "react";
import { Await, Link, useLoaderData } from "react-router";
import { toast } from "sonner";
import { serverMessageOr } from "../../api/errors";
import { Spinner } from "../../components/Spinner";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { AdminPageHeader } from "./AdminPageHeader";
import { AdminEmpty, AdminLoadFailed, AdminLoading } from "./AdminStates";
import { DataTable, type Column } from "./DataTable";
import { PayoutLineDialog, type LineDecisionKind } from "./PayoutLineDialog";
import { DestinationCell, PayeeCell } from "./PayoutCells";
import { formatMomentTime } from "./admin-format";
import { downloadPayoutBatchCsv } from "./admin-api";
import type { adminPayoutBatchLoader } from "./admin-loaders";
import { MONEY_OUT_TEXTS, REFUND_REASON_TEXTS, batchCountsText, batchTitle, lineStateText } from "./money-format";

const STATE_LOOKS: Record<PayoutLineView["state"], string> = {
  PENDING: "text-amber-300",
  SENT: "text-emerald-300",
  FAILED: "text-rose-300",
};

function StateCell({ line }: { line: PayoutLineView }) {
  return (
    <span className="flex flex-col">
      <span className={`font-medium break-words ${STATE_LOOKS[line.state]}`}>{lineStateText(line)}</span>
      {line.decidedAt && <span className="text-xs whitespace-nowrap text-slate-400">{formatMomentTime(line.decidedAt)}</span>}
    </span>
  );
}

function columns(batch: PayoutBatchView): Column<PayoutLineView>[] {
  const refunds = batch.kind === "REFUND";
  return [
    {
      header: MONEY_OUT_TEXTS[batch.kind].payee,
      cell: (line) => <PayeeCell id={line.payee.id} name={line.payee.name} email={line.payee.email} />,
    },
    { header: "Destination", cell: (line) => <DestinationCell destination={line.destination} /> },
    { header: "Amount", cell: (line) => formatCentavos(line.amountCentavos), className: "whitespace-nowrap" },
    ...(refunds
      ? [
          {
            header: "For",
            cell: (line: PayoutLineView) =>
              line.refund ? (
                <span className="flex flex-col">
                  <span>{REFUND_REASON_TEXTS[line.refund.reason]}</span>
                  {line.refund.paymentReference && <span className="font-mono text-xs text-slate-400">{line.refund.paymentReference}</span>}
                </span>
              ) : null,
          },
        ]
      : []),
    { header: "State", cell: (line) => <StateCell line={line} /> },
  ];
}

/** `/admin/payouts/batches/:id`: a payout or refund batch, its bank file and its lines, each marked sent or failed. */
export default function AdminPayoutBatchPage() {
  const { batch } = useLoaderData<typeof adminPayoutBatchLoader>();
  return (
    <div className="space-y-6">
      <Suspense
        fallback={
          <>
            <AdminPageHeader title="Batch" />
            <AdminLoading />
          </>
        }
      >
        <Await
          resolve={batch}
          errorElement={
            <>
              <BackLink path="/admin/payouts" label="All payouts" />
              <AdminPageHeader title="Batch" />
              <AdminLoadFailed />
            </>
          }
        >
          {(loaded: PayoutBatchView) => <Batch batch={loaded} />}
        </Await>
      </Suspense>
    </div>
  );
}

function BackLink({ path, label }: { path: string; label: string }) {
  return (
    <Link to={path} className="link inline-flex items-center gap-1 text-sm">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

function Batch({ batch }: { batch: PayoutBatchView }) {
  const texts = MONEY_OUT_TEXTS[batch.kind];
  const [marking, setMarking] = useState<{ line: PayoutLineView; kind: LineDecisionKind } | null>(null);
  const decide = useActionFetcher();
  const [downloading, setDownloading] = useState(false);

  const ask = (line: PayoutLineView, kind: LineDecisionKind) => {
    decide.reset();
    setMarking({ line, kind });
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadPayoutBatchCsv(batch);
    } catch (error) {
      toast.error(serverMessageOr(error, "Failed to download the bank file. Please try again."));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <BackLink path={texts.path} label={`All ${texts.title.toLowerCase()}`} />
      <AdminPageHeader
        title={batchTitle(batch)}
        description={
          <>
            Run {formatMomentTime(batch.createdAt)}
            {batch.createdBy && <> by {batch.createdBy}</>} · {formatCentavos(batch.totalCentavos)} · {batchCountsText(batch.counts)}
          </>
        }
      >
        <button type="button" className="btn-secondary" disabled={downloading} aria-busy={downloading} onClick={() => void download()}>
          {downloading ? <Spinner className="size-4" /> : <Download aria-hidden="true" className="size-4" />}
          Download bank file (CSV)
        </button>
      </AdminPageHeader>
      <p className="text-sm text-slate-400">
        Upload the bank file to the bank's bulk transfer, or send each line by hand; then mark each line sent with the transfer's reference (the{" "}
        {batch.kind === "PAYOUT" ? "payee" : "client"} is told), or failed with why.
      </p>

      {batch.lines.length === 0 ? (
        <AdminEmpty>This batch has no lines</AdminEmpty>
      ) : (
        <DataTable
          caption={`Lines of ${batchTitle(batch).toLowerCase()}`}
          rows={batch.lines}
          rowKey={(line) => line.id}
          columns={columns(batch)}
          stackActions
          footer={{ label: "Total", cells: { Amount: formatCentavos(batch.totalCentavos) } }}
          actions={
            batch.lines.some((line) => line.state === "PENDING")
              ? (line) =>
                  line.state === "PENDING" ? (
                    <>
                      <button type="button" className="btn-primary px-3 py-2 whitespace-nowrap" onClick={() => ask(line, "SENT")}>
                        <Check aria-hidden="true" className="size-4" />
                        Mark sent<span className="sr-only"> to {line.payee.name}</span>
                      </button>
                      <button
                        type="button"
                        className="btn-secondary px-3 py-2 whitespace-nowrap text-rose-200 hover:text-rose-100"
                        onClick={() => ask(line, "FAILED")}
                      >
                        <X aria-hidden="true" className="size-4" />
                        Mark failed<span className="sr-only"> for {line.payee.name}</span>
                      </button>
                    </>
                  ) : null
              : undefined
          }
        />
      )}

      <PayoutLineDialog
        key={marking ? `${marking.line.id}|${marking.kind}` : "none"}
        // Open until the page has read the batch again: the row's buttons then go as the dialog closes.
        open={marking !== null && !(decide.done && !decide.busy)}
        line={marking?.line ?? null}
        kind={marking?.kind ?? "SENT"}
        busy={decide.busy}
        error={decide.error}
        onSubmit={(decision) => marking && void decide.submit({ lineId: marking.line.id, decision })}
        onCancel={() => setMarking(null)}
      />
    </>
  );
}
