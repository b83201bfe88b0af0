import { formatCentavos, manilaDate, type LedgerAccountView, type TrialBalance } from "@vam/shared";
import Download from "lucide-react/icons/download";
import { Suspense, useId, useState, type FormEvent, type ReactNode } from "react";
import { Await, Link, useLoaderData } from "react-router";
import { serverMessageOr } from "../../api/errors";
import { Spinner } from "../../components/Spinner";
import { FormAlert } from "../../components/form/FormAlert";
import { TextField } from "../../components/form/TextField";
import { AdminPageHeader } from "./AdminPageHeader";
import { AdminEmpty, AdminLoadFailed, AdminLoading } from "./AdminStates";
import { DataTable, type Column } from "./DataTable";
import { downloadJournalCsv } from "./admin-api";
import type { adminLedgerLoader } from "./admin-loaders";
import { LEDGER_KIND_TEXTS, balanceVerdict, journalRangeErrors } from "./money-format";

const COLUMNS: Column<LedgerAccountView>[] = [
  {
    header: "Account",
    cell: (account) => (
      <Link to={`/admin/ledger/accounts/${encodeURIComponent(account.id)}`} className="link break-words">
        {account.name}
      </Link>
    ),
  },
  { header: "Kind", cell: (account) => LEDGER_KIND_TEXTS[account.kind] ?? account.kind },
  { header: "Debits", cell: (account) => formatCentavos(account.debitsCentavos), className: "whitespace-nowrap" },
  { header: "Credits", cell: (account) => formatCentavos(account.creditsCentavos), className: "whitespace-nowrap" },
  { header: "Balance", cell: (account) => formatCentavos(account.balanceCentavos), className: "whitespace-nowrap" },
];

/** `/admin/ledger`: the trial balance (each account's debits, credits and balance, and their totals), the platform's cash, and the journal's export. */
export default function AdminLedgerPage() {
  const { trialBalance } = useLoaderData<typeof adminLedgerLoader>();
  return (
    <div className="space-y-8">
      <AdminPageHeader
        title="Ledger"
        description="Every peso that moved, as balanced double-entry journal entries: the accounts' balances are their sums."
      />
      <Suspense fallback={<AdminLoading />}>
        <Await resolve={trialBalance} errorElement={<AdminLoadFailed />}>
          {(loaded: TrialBalance) => <Trial trial={loaded} />}
        </Await>
      </Suspense>
      <JournalExport />
    </div>
  );
}

function Trial({ trial }: { trial: TrialBalance }) {
  const verdict = balanceVerdict(trial);
  const verdictText = <span className={verdict.balanced ? "text-emerald-300" : "text-rose-300"}>{verdict.text}</span>;
  return (
    <>
      <section aria-labelledby="ledger-totals">
        <h2 id="ledger-totals" className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          <Tile label="Platform's cash" value={formatCentavos(trial.cashCentavos)} detail="Money received minus money sent" />
          <Tile label="Total debits" value={formatCentavos(trial.totalDebitsCentavos)} />
          <Tile label="Total credits" value={formatCentavos(trial.totalCreditsCentavos)} />
          <Tile label="Debits and credits" value={verdictText} />
        </dl>
      </section>

      <section aria-labelledby="ledger-trial" className="space-y-3">
        <h2 id="ledger-trial" className="text-lg font-semibold text-white">
          Trial balance
        </h2>
        {trial.accounts.length === 0 ? (
          <AdminEmpty>Nothing has been posted yet</AdminEmpty>
        ) : (
          <DataTable
            caption="Accounts"
            rows={trial.accounts}
            rowKey={(account) => account.id}
            columns={COLUMNS}
            footer={{
              label: "Totals",
              cells: {
                Debits: formatCentavos(trial.totalDebitsCentavos),
                Credits: formatCentavos(trial.totalCreditsCentavos),
                Balance: verdictText,
              },
            }}
          />
        )}
      </section>
    </>
  );
}

function Tile({ label, value, detail }: { label: string; value: ReactNode; detail?: string }) {
  return (
    <div className="card flex min-w-0 flex-col gap-1 p-4">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className="text-2xl font-bold tracking-tight break-words text-white">{value}</dd>
      {detail && <dd className="text-sm text-slate-300">{detail}</dd>}
    </div>
  );
}

/** Today and the first of this month, in Manila (yyyy-MM-dd). */
function thisMonth(): { from: string; to: string } {
  const today = manilaDate(Date.now());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** "Export the journal": every journal line between two Manila dates, as CSV for the accountant. */
function JournalExport() {
  const headingId = useId();
  const [range, setRange] = useState(thisMonth);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = journalRangeErrors(range);
    setErrors(found);
    setFailure(null);
    if (found.from || found.to) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${found.from ? "from" : "to"}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await downloadJournalCsv(range);
    } catch (error) {
      setFailure(serverMessageOr(error, "Failed to download the journal. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  const change = (field: "from" | "to", value: string) => {
    setRange((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <section aria-labelledby={headingId} className="card p-4 sm:p-6">
      <div className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold text-white">
          Export the journal
        </h2>
        <p className="text-sm text-slate-400">Every journal line between two dates (Manila time), as CSV for the accountant.</p>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-3">
        <FormAlert message={failure} />
        <div className="grid gap-3 sm:grid-cols-[12rem_12rem_max-content] sm:items-start">
          <TextField
            label="From"
            name="from"
            type="date"
            value={range.from}
            error={errors.from}
            onChange={(event) => change("from", event.target.value)}
          />
          <TextField label="To" name="to" type="date" value={range.to} error={errors.to} onChange={(event) => change("to", event.target.value)} />
          <button type="submit" className="btn-primary sm:mt-7" disabled={busy} aria-busy={busy}>
            {busy ? <Spinner className="size-4 text-slate-950" /> : <Download aria-hidden="true" className="size-4" />}
            Download journal (CSV)
          </button>
        </div>
      </form>
    </section>
  );
}
