import { MSG, formatCentavos, formatTime, manilaTime, type AdminPage, type StatementLineView, type StatementProposal } from "@vam/shared";
import Check from "lucide-react/icons/check";
import CheckCheck from "lucide-react/icons/check-check";
import { Suspense, useId, useState } from "react";
import { Await, Link, useLoaderData, useSearchParams } from "react-router";
import { useActionAnswer } from "../../lib/actions";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { AdminConfirm } from "./AdminConfirm";
import { AdminPageHeader, focusPageHeading } from "./AdminPageHeader";
import { AdminSearchForm } from "./AdminSearchForm";
import { AdminEmpty, AdminLoadFailed, AdminLoading } from "./AdminStates";
import { DataTable, type Column } from "./DataTable";
import { Pagination } from "./Pagination";
import { StatementImportSection } from "./StatementImport";
import { formatMoment, formatMomentTime } from "./admin-format";
import type { StatementLineState } from "./admin-api";
import type { adminStatementsLoader } from "./admin-loaders";
import { withParams } from "./admin-params";
import { PAYMENT_STATE_LABELS, differenceText, referenceIn } from "./statement-format";

const PROPOSAL_LOOKS: Record<StatementProposal, string> = {
  matched: "bg-emerald-500/15 text-emerald-300 ring-emerald-500/40",
  likely: "bg-sky-500/15 text-sky-300 ring-sky-500/40",
  amountDiffers: "bg-amber-500/15 text-amber-300 ring-amber-500/40",
  paidTwice: "bg-rose-500/15 text-rose-300 ring-rose-500/40",
  unknown: "bg-slate-700/40 text-slate-200 ring-slate-600",
};

/** A line's proposal as a coloured label, with the difference when the amount is not the payment's. */
function ProposalCell({ line }: { line: StatementLineView }) {
  const difference = line.proposal === "amountDiffers" || line.proposal === "paidTwice" ? differenceText(line.differenceCentavos) : null;
  return (
    <span className="flex flex-col items-start gap-1">
      <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${PROPOSAL_LOOKS[line.proposal]}`}>
        {MSG.statementProposalLabel[line.proposal]}
      </span>
      {difference && <span className="text-xs whitespace-nowrap text-slate-300">{difference}</span>}
    </span>
  );
}

const none = (text: string) => <span className="text-slate-400">{text}</span>;

function PaymentCell({ payment }: { payment: StatementLineView["payment"] }) {
  if (!payment) return none("No payment found");
  return (
    <span className="flex flex-col">
      <span className="font-mono font-semibold whitespace-nowrap text-white">{payment.reference}</span>
      <span>{payment.clientName}</span>
      <span className="whitespace-nowrap">{formatCentavos(payment.amountCentavos)}</span>
      <span className="text-xs text-slate-400">{PAYMENT_STATE_LABELS[payment.state]}</span>
      {payment.transferReference && (
        <span className="text-xs break-all text-slate-400">
          Client's transfer ref. <span className="font-mono text-slate-300">{payment.transferReference}</span>
        </span>
      )}
    </span>
  );
}

/** The line's text with the payment reference found in it highlighted (or named under it when it was elsewhere), and the bank's own number. */
function TextCell({ line }: { line: StatementLineView }) {
  const cut = referenceIn(line.description, line.reference);
  return (
    <span className="flex min-w-40 flex-col gap-0.5">
      <span className="break-words">
        {cut ? (
          <>
            {cut.before}
            <mark className="rounded bg-teal-500/20 px-0.5 font-mono whitespace-nowrap text-teal-100">{cut.found}</mark>
            {cut.after}
          </>
        ) : (
          line.description || none("No text")
        )}
      </span>
      {line.reference && !cut && (
        <span className="text-xs text-slate-300">
          Reference <span className="font-mono">{line.reference}</span>
        </span>
      )}
      {line.bankReference && <span className="text-xs break-all text-slate-400">Bank ref. {line.bankReference}</span>}
    </span>
  );
}

const COLUMNS: Column<StatementLineView>[] = [
  {
    header: "Date",
    cell: (line) => (
      <span className="flex flex-col">
        <span className="whitespace-nowrap">{formatMoment(line.postedAt)}</span>
        <span className="font-normal whitespace-nowrap">{formatTime(manilaTime(new Date(line.postedAt)))}</span>
        <span className="text-xs font-normal text-slate-400">
          <span className="break-all">{line.fileName}</span>, <span className="whitespace-nowrap">line {line.lineNo}</span>
        </span>
      </span>
    ),
  },
  { header: "Amount", cell: (line) => formatCentavos(line.amountCentavos), className: "whitespace-nowrap" },
  { header: "Sender", cell: (line) => line.sender ?? none("Not given") },
  { header: "Text", cell: (line) => <TextCell line={line} /> },
  { header: "Proposal", cell: (line) => <ProposalCell line={line} /> },
  { header: "Payment", cell: (line) => <PaymentCell payment={line.payment} /> },
];

const CONFIRMED_COLUMN: Column<StatementLineView> = {
  header: "Confirmed",
  cell: (line) => (
    <span className="text-sm">
      Confirmed by {line.confirmedBy ?? "an operator"} on {formatMomentTime(line.confirmedAt)}
    </span>
  ),
};

/** The lines that can be confirmed all at once, and what the question says of them. */
const CONFIRM_ALL = {
  matched: {
    button: "Confirm all matched",
    title: "Confirm all matched lines?",
    text: "Every line to confirm whose reference and amount match a payment marks that payment received, and is kept as its proof.",
  },
  likely: {
    button: "Confirm all likely",
    title: "Confirm all likely lines?",
    text: "Every line to confirm that is likely a payment (no reference, but the one payment of its amount made shortly before) marks that payment received. Check them first.",
  },
} as const;
type ConfirmAllKind = keyof typeof CONFIRM_ALL;

export default function AdminStatementsPage() {
  const { state, q, page, list } = useLoaderData<typeof adminStatementsLoader>();
  // The route's adminStatementsAction confirms one line, or all of a kind; it toasts what the server did.
  const confirmOne = useActionFetcher();
  const confirmAll = useActionFetcher();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [allKind, setAllKind] = useState<ConfirmAllKind | null>(null);
  // Confirmed here: gone from the lines to confirm at once, before they are loaded again.
  const confirmed = state === "open" && confirmOne.done && confirming ? confirming : null;

  // The confirmed line's button is gone: focus goes to the page's heading.
  useActionAnswer(confirmOne.result, (answer) => {
    if (answer.ok && (!document.activeElement || document.activeElement === document.body)) focusPageHeading();
  });

  const confirm = (line: StatementLineView) => {
    setConfirming(line.id);
    void confirmOne.submit({ intent: "confirm", lineId: line.id });
  };
  const openAll = (kind: ConfirmAllKind) => {
    confirmAll.reset();
    setAllKind(kind);
  };

  const linesHeadingId = useId();
  const open = state === "open";
  const columns = open ? COLUMNS : [...COLUMNS, CONFIRMED_COLUMN];
  const listName = open ? "Lines to confirm" : "Confirmed lines";

  return (
    <div className="space-y-6">
      <AdminPageHeader title="Statements" description="The receiving account's history: each line that received money, and the payment it proves." />
      <StatementImportSection />

      <section aria-labelledby={linesHeadingId} className="space-y-4">
        <h2 id={linesHeadingId} className="text-lg font-semibold text-white">
          Statement lines
        </h2>
        <StateLinks state={state} />
        <AdminSearchForm
          name="Statement line search"
          label="Search by reference, sender or text"
          placeholder="VA-7KQ2MX, JUAN DELA CRUZ, ..."
          value={q}
        />
        {open && (
          <div className="flex flex-wrap gap-2">
            {(Object.keys(CONFIRM_ALL) as ConfirmAllKind[]).map((kind) => (
              <button key={kind} type="button" className="btn-secondary" onClick={() => openAll(kind)}>
                <CheckCheck aria-hidden="true" className="size-4" />
                {CONFIRM_ALL[kind].button}
              </button>
            ))}
          </div>
        )}

        <Suspense key={`${state}|${q ?? ""}|${page}`} fallback={<AdminLoading />}>
          <Await resolve={list} errorElement={<AdminLoadFailed />}>
            {(loaded: AdminPage<StatementLineView>) => {
              const shown = loaded.items.filter((line) => line.id !== confirmed);
              if (shown.length === 0) {
                return (
                  <AdminEmpty
                    action={
                      (q || page > 1) && (
                        <Link to={open ? "/admin/statements" : "/admin/statements?state=confirmed"} className="link">
                          Show all {open ? "lines to confirm" : "confirmed lines"}
                        </Link>
                      )
                    }
                  >
                    {q
                      ? `No ${open ? "lines to confirm" : "confirmed lines"} match "${q}"`
                      : page > 1
                        ? "No lines on this page"
                        : open
                          ? "No lines to confirm. Import the account's history to see what it received."
                          : "No confirmed lines yet"}
                  </AdminEmpty>
                );
              }
              return (
                <div className="space-y-4">
                  <DataTable
                    caption={q ? `${listName} matching "${q}"` : listName}
                    rows={shown}
                    rowKey={(line) => line.id}
                    columns={columns}
                    actions={
                      open
                        ? (line) =>
                            line.payment && line.proposal !== "unknown" ? (
                              <button
                                type="button"
                                className="btn-primary px-3 py-2"
                                disabled={confirmOne.busy}
                                aria-busy={confirmOne.busy && confirming === line.id}
                                onClick={() => confirm(line)}
                              >
                                <Check aria-hidden="true" className="size-4" />
                                Confirm
                                <span className="sr-only">
                                  {" "}
                                  line {line.lineNo} as {line.payment.reference}
                                </span>
                              </button>
                            ) : (
                              <span className="text-xs text-slate-400">No payment to confirm</span>
                            )
                        : undefined
                    }
                  />
                  <Pagination page={loaded.page} pageSize={loaded.pageSize} total={loaded.total} noun={["line", "lines"]} />
                </div>
              );
            }}
          </Await>
        </Suspense>
      </section>

      <AdminConfirm
        open={allKind !== null && !confirmAll.done}
        title={allKind ? CONFIRM_ALL[allKind].title : ""}
        confirmLabel={allKind ? CONFIRM_ALL[allKind].button : "Confirm"}
        busy={confirmAll.busy}
        error={confirmAll.error}
        onConfirm={() => allKind && void confirmAll.submit({ intent: "confirmAll", proposal: allKind })}
        onCancel={() => setAllKind(null)}
      >
        {allKind && <p>{CONFIRM_ALL[allKind].text}</p>}
      </AdminConfirm>
    </div>
  );
}

const STATES: { value: StatementLineState; label: string }[] = [
  { value: "open", label: "To confirm" },
  { value: "confirmed", label: "Confirmed" },
];

/** "To confirm" / "Confirmed": two links that write `state` into the URL (keeping the search, back to page 1). */
function StateLinks({ state }: { state: StatementLineState }) {
  const [searchParams] = useSearchParams();
  return (
    <nav aria-label="Which lines">
      <ul className="inline-flex w-full rounded-xl border border-slate-800 bg-slate-900/70 p-1 sm:w-auto">
        {STATES.map(({ value, label }) => {
          const params = withParams(searchParams, { state: value === "open" ? undefined : value });
          const search = params.toString();
          return (
            <li key={value} className="flex flex-1 sm:flex-none">
              <Link
                to={{ pathname: "/admin/statements", search: search ? `?${search}` : "" }}
                aria-current={state === value ? "page" : undefined}
                className="inline-flex flex-1 items-center justify-center rounded-lg px-4 py-2 text-sm font-medium text-slate-300 transition-colors hover:text-white aria-[current=page]:bg-teal-500 aria-[current=page]:text-slate-950"
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
