import type { AdminPage, AdminUser } from "@vam/shared";
import Eye from "lucide-react/icons/eye";
import { Fragment, Suspense } from "react";
import { Await, Link, useLoaderData } from "react-router";
import { AdminPageHeader } from "./AdminPageHeader";
import { AdminSearchForm } from "./AdminSearchForm";
import { AdminEmpty, AdminLoadFailed, AdminLoading } from "./AdminStates";
import { DataTable, type Column } from "./DataTable";
import { EmailText } from "./EmailText";
import { Pagination } from "./Pagination";
import { AccountRoleBadge, UserStatusBadge } from "./UserBadges";
import { formatMoment, personName } from "./admin-format";
import type { adminUsersLoader } from "./admin-loaders";
import { useUserActions } from "./useUserActions";

export default function AdminUsersPage() {
  const { q, page, list } = useLoaderData<typeof adminUsersLoader>();
  const { buttons, dialog, selfId } = useUserActions();

  const columns: Column<AdminUser>[] = [
    {
      header: "Username",
      cell: (user) => (
        <>
          <span className="break-words">
            {/* Long usernames wrap after an underscore rather than inside a word. */}
            {user.username.split("_").map((part, index) => (
              <Fragment key={index}>
                {index > 0 && (
                  <>
                    _<wbr />
                  </>
                )}
                {part}
              </Fragment>
            ))}
          </span>
          {user.id === selfId && <span className="ml-2 text-xs font-normal whitespace-nowrap text-slate-400">(you)</span>}
        </>
      ),
    },
    { header: "Name", cell: (user) => personName(user) },
    { header: "Email", cell: (user) => <EmailText email={user.email} /> },
    { header: "Role", cell: (user) => <AccountRoleBadge role={user.role} /> },
    { header: "Joined", cell: (user) => formatMoment(user.createdAt), className: "whitespace-nowrap" },
    { header: "Status", cell: (user) => <UserStatusBadge user={user} /> },
  ];

  return (
    <div className="space-y-6">
      <AdminPageHeader title="Users" description="Every account, newest first." />
      <AdminSearchForm name="User search" label="Search users" placeholder="Name, username or email" value={q} />

      <Suspense key={`${q ?? ""}|${page}`} fallback={<AdminLoading />}>
        <Await resolve={list} errorElement={<AdminLoadFailed />}>
          {(loaded: AdminPage<AdminUser>) =>
            loaded.items.length === 0 ? (
              <AdminEmpty
                action={
                  (q || page > 1) && (
                    <Link to="/admin/users" className="link">
                      Show all users
                    </Link>
                  )
                }
              >
                {q ? `No users match "${q}"` : "No users on this page"}
              </AdminEmpty>
            ) : (
              <div className="space-y-4">
                <DataTable
                  caption={q ? `Users matching "${q}"` : "Users"}
                  nowrapActions
                  rows={loaded.items}
                  rowKey={(user) => user.id}
                  columns={columns}
                  actions={(user) => (
                    <>
                      <Link to={`/admin/users/${user.id}`} className="btn-ghost px-3 py-2">
                        <Eye aria-hidden="true" className="size-4" />
                        View<span className="sr-only"> {user.username}</span>
                      </Link>
                      {buttons(user)}
                    </>
                  )}
                />
                <Pagination page={loaded.page} pageSize={loaded.pageSize} total={loaded.total} noun={["user", "users"]} />
              </div>
            )
          }
        </Await>
      </Suspense>
      {dialog}
    </div>
  );
}
