import { formatCentavos, type LedgerAccountHistory, type LedgerAccountKind } from "@vam/shared";
import ArrowLeft from "lucide-react/icons/arrow-left";
import { Suspense, type ReactNode } from "react";
import { Await, Link, useLoaderData } from "react-router";
import { AdminPageHeader } from "./AdminPageHeader";
import { AdminEmpty, AdminLoadFailed, AdminLoading } from "./AdminStates";
import { DataTable, type Column } from "./DataTable";
import { formatMomentTime } from "./admin-format";
import type { adminLedgerAccountLoader } from "./admin-loaders";
import { JOURNAL_KIND_TEXTS, LEDGER_KIND_TEXTS, debitCredit } from "./money-format";

/** A line and its place in the history (an entry may post twice to one account). */
type Line = LedgerAccountHistory["lines"][number] & { place: number };

function columns(kind: LedgerAccountKind): Column<Line>[] {
  return [
    { header: "Entry", cell: (line) => <span className="font-mono">{line.entryNumber}</span>, className: "whitespace-nowrap" },
    { header: "Date", cell: (line) => formatMomentTime(line.at), className: "whitespace-nowrap" },
    {
      header: "What",
      cell: (line) => (
        <span className="flex min-w-48 flex-col">
          <span className="break-words">{line.memo}</span>
          <span className="text-xs text-slate-400">{JOURNAL_KIND_TEXTS[line.kind] ?? line.kind}</span>
        </span>
      ),
    },
    { header: "Debit", cell: (line) => debitCredit(line.amountCentavos, kind).debit, className: "whitespace-nowrap" },
    { header: "Credit", cell: (line) => debitCredit(line.amountCentavos, kind).credit, className: "whitespace-nowrap" },
  ];
}

/** `/admin/ledger/accounts/:id`: one account of the ledger, its balance and its lines, newest first. */
export default function AdminLedgerAccountPage() {
  const { history } = useLoaderData<typeof adminLedgerAccountLoader>();
  return (
    <div className="space-y-6">
      <Link to="/admin/ledger" className="link inline-flex items-center gap-1 text-sm">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Ledger
      </Link>
      <Suspense
        fallback={
          <>
            <AdminPageHeader title="Ledger account" />
            <AdminLoading />
          </>
        }
      >
        <Await
          resolve={history}
          errorElement={
            <>
              <AdminPageHeader title="Ledger account" />
              <AdminLoadFailed />
            </>
          }
        >
          {(loaded: LedgerAccountHistory) => <AccountHistory history={loaded} />}
        </Await>
      </Suspense>
    </div>
  );
}

function AccountHistory({ history: { account, lines } }: { history: LedgerAccountHistory }) {
  const facts: { label: string; value: ReactNode }[] = [
    { label: "Balance", value: <span className="text-lg font-semibold text-white">{formatCentavos(account.balanceCentavos)}</span> },
    { label: "Debits", value: formatCentavos(account.debitsCentavos) },
    { label: "Credits", value: formatCentavos(account.creditsCentavos) },
    { label: "Code", value: <span className="font-mono text-xs wrap-anywhere">{account.code}</span> },
  ];
  if (account.ownerId) {
    facts.push({
      label: "User",
      value: (
        <Link to={`/admin/users/${encodeURIComponent(account.ownerId)}`} className="link">
          Open their user page
        </Link>
      ),
    });
  }

  return (
    <>
      <AdminPageHeader title={account.name} description={LEDGER_KIND_TEXTS[account.kind] ?? account.kind} />

      <section aria-labelledby="ledger-account-facts" className="card p-4 sm:p-6">
        <h2 id="ledger-account-facts" className="mb-4 text-lg font-semibold text-white">
          Account
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {facts.map(({ label, value }) => (
            <div key={label} className="min-w-0 space-y-1">
              <dt className="text-xs text-slate-400">{label}</dt>
              <dd className="text-sm text-slate-100">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="ledger-account-lines" className="space-y-3">
        <h2 id="ledger-account-lines" className="text-lg font-semibold text-white">
          History <span className="text-sm font-normal text-slate-400">({lines.length})</span>
        </h2>
        {lines.length === 0 ? (
          <AdminEmpty>Nothing has been posted to this account yet</AdminEmpty>
        ) : (
          <DataTable
            caption={`Lines of ${account.name}, newest first`}
            rows={lines.map((line, place) => ({ ...line, place }))}
            rowKey={(line) => String(line.place)}
            columns={columns(account.kind)}
          />
        )}
      </section>
    </>
  );
}
