import type { AccountRole, AdminUser } from "@vam/shared";

/** "Active" or "Suspended", as a coloured label. */
export function UserStatusBadge({ user }: { user: Pick<AdminUser, "suspendedAt"> }) {
  return user.suspendedAt ? (
    <span className="inline-flex rounded-full bg-rose-500/15 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-rose-300 ring-1 ring-rose-500/40">
      Suspended
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-emerald-500/15 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-300 ring-1 ring-emerald-500/40">
      Active
    </span>
  );
}

/** An account's role; operators stand out. */
export function AccountRoleBadge({ role }: { role: AccountRole }) {
  const look = role === "Operator" ? "bg-violet-500/15 text-violet-300 ring-violet-500/40" : "bg-slate-700/40 text-slate-200 ring-slate-600";
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${look}`}>{role}</span>;
}
