import type { AdminPage, AuditEntry } from "@vam/shared";
import { Suspense } from "react";
import { Await, Link, useLoaderData } from "react-router";
import { AdminPageHeader } from "./AdminPageHeader";
import { AdminEmpty, AdminLoadFailed, AdminLoading } from "./AdminStates";
import { DataTable, type Column } from "./DataTable";
import { Pagination } from "./Pagination";
import { auditActionLabel, auditStateLines, formatMomentTime, personName } from "./admin-format";
import type { adminAuditLoader } from "./admin-loaders";

const ENTITY_NAMES: Record<AuditEntry["entityType"], string> = {
  booking: "Booking",
  user: "User",
  review: "Review",
  payment: "Payment",
  statementLine: "Statement",
  setting: "Setting",
  payoutBatch: "Batch",
  payoutLine: "Batch line",
};

function Entity({ entry }: { entry: AuditEntry }) {
  const name = ENTITY_NAMES[entry.entityType] ?? entry.entityType;
  const shortId = entry.entityId.slice(0, 8);
  if (entry.entityType === "user") {
    return (
      <Link to={`/admin/users/${entry.entityId}`} className="link whitespace-nowrap">
        {name} <span className="font-mono">{shortId}</span>
      </Link>
    );
  }
  if (entry.entityType === "payoutBatch") {
    return (
      <Link to={`/admin/payouts/batches/${entry.entityId}`} className="link whitespace-nowrap">
        {name} <span className="font-mono">{shortId}</span>
      </Link>
    );
  }
  return (
    <span className="whitespace-nowrap" title={entry.entityId}>
      {name} <span className="font-mono">{shortId}</span>
    </span>
  );
}

function State({ value }: { value: unknown }) {
  const lines = auditStateLines(value);
  if (lines.length === 0) return <span className="text-slate-400">none</span>;
  return (
    <ul className="space-y-0.5 font-mono text-xs text-slate-200">
      {lines.map((line, index) => (
        <li key={index} className="wrap-anywhere">
          {line}
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: Column<AuditEntry>[] = [
  { header: "When", cell: (entry) => formatMomentTime(entry.createdAt), className: "whitespace-nowrap font-normal" },
  {
    header: "Who",
    cell: (entry) =>
      entry.actor ? (
        <Link to={`/admin/users/${entry.actor.id}`} className="link">
          {personName(entry.actor)}
        </Link>
      ) : (
        <span className="text-slate-400">The platform</span>
      ),
  },
  {
    header: "Action",
    cell: (entry) => (
      <span className="flex flex-col">
        <span>{auditActionLabel(entry.action)}</span>
        <span className="font-mono text-xs text-slate-400">{entry.action}</span>
      </span>
    ),
  },
  { header: "Entity", cell: (entry) => <Entity entry={entry} /> },
  { header: "Before", cell: (entry) => <State value={entry.before} /> },
  { header: "After", cell: (entry) => <State value={entry.after} /> },
];

export default function AdminAuditPage() {
  const { page, list } = useLoaderData<typeof adminAuditLoader>();
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Audit log" description="Every operator action: who, what, when, before and after. Newest first." />
      <Suspense key={page} fallback={<AdminLoading />}>
        <Await resolve={list} errorElement={<AdminLoadFailed />}>
          {(loaded: AdminPage<AuditEntry>) =>
            loaded.items.length === 0 ? (
              <AdminEmpty
                action={
                  page > 1 && (
                    <Link to="/admin/audit" className="link">
                      Go to the newest entries
                    </Link>
                  )
                }
              >
                {page > 1 ? "No entries on this page" : "No operator actions recorded yet"}
              </AdminEmpty>
            ) : (
              <div className="space-y-4">
                <DataTable caption="Operator actions" rows={loaded.items} rowKey={(entry) => entry.id} columns={COLUMNS} />
                <Pagination page={loaded.page} pageSize={loaded.pageSize} total={loaded.total} noun={["entry", "entries"]} />
              </div>
            )
          }
        </Await>
      </Suspense>
    </div>
  );
}
