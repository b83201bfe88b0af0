import { MSG, formatPeso, type AdminBooking, type AdminUserDetail } from "@vam/shared";
import ArrowLeft from "lucide-react/icons/arrow-left";
import { Suspense, type ReactNode } from "react";
import { Await, Link, useLoaderData } from "react-router";
import { BookingStatusBadge } from "../bookings/public";
import { AdminPageHeader } from "./AdminPageHeader";
import { BookingHours } from "./BookingHours";
import { AdminEmpty, AdminLoadFailed, AdminLoading } from "./AdminStates";
import { DataTable, type Column } from "./DataTable";
import { EmailText } from "./EmailText";
import { PersonCell } from "./PersonCell";
import { AccountRoleBadge, UserStatusBadge } from "./UserBadges";
import { formatDay, formatMoment, formatMomentTime, personName } from "./admin-format";
import type { adminUserLoader } from "./admin-loaders";
import { canCancel, useBookingCancel } from "./useBookingCancel";
import { useUserActions } from "./useUserActions";

const BOOKING_COLUMNS: Column<AdminBooking>[] = [
  {
    header: "Date",
    cell: (booking) => (
      <span className="flex flex-col">
        <span className="whitespace-nowrap">{formatDay(booking.date)}</span>
        <BookingHours booking={booking} className="font-normal" />
      </span>
    ),
  },
  { header: "Client", cell: (booking) => <PersonCell person={booking.client} /> },
  { header: "Assistant", cell: (booking) => <PersonCell person={booking.assistant} /> },
  {
    header: "Status",
    cell: (booking) => (
      <span className="flex flex-col items-start gap-1">
        <BookingStatusBadge status={booking.status} />
        {booking.status === "CANCELLED" && booking.cancelReason && (
          <span className="text-xs text-slate-400">{MSG.cancelReasonLabel[booking.cancelReason]}</span>
        )}
      </span>
    ),
  },
  { header: "Payment", cell: (booking) => MSG.paymentLabel[booking.paymentStatus] },
  {
    header: "Amount",
    cell: (booking) => (
      <span className="flex flex-col">
        <span className="whitespace-nowrap">{formatPeso(booking.amount)}</span>
        <span className="font-mono text-xs whitespace-nowrap text-slate-400">{booking.reference}</span>
      </span>
    ),
  },
];

export default function AdminUserDetailPage() {
  const { detail } = useLoaderData<typeof adminUserLoader>();
  return (
    <div className="space-y-6">
      <Link to="/admin/users" className="link inline-flex items-center gap-1 text-sm">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All users
      </Link>
      <Suspense
        fallback={
          <>
            <AdminPageHeader title="User" />
            <AdminLoading />
          </>
        }
      >
        <Await
          resolve={detail}
          errorElement={
            <>
              <AdminPageHeader title="User" />
              <AdminLoadFailed />
            </>
          }
        >
          {(loaded: AdminUserDetail) => <UserDetail detail={loaded} />}
        </Await>
      </Suspense>
    </div>
  );
}

function UserDetail({ detail: { user, bookings } }: { detail: AdminUserDetail }) {
  const { buttons, dialog } = useUserActions();
  const cancel = useBookingCancel();
  const facts: { label: string; value: ReactNode }[] = [
    { label: "Username", value: user.username },
    { label: "Email", value: <EmailText email={user.email} /> },
    { label: "Role", value: <AccountRoleBadge role={user.role} /> },
    { label: "Joined", value: formatMoment(user.createdAt) },
    { label: "Status", value: <UserStatusBadge user={user} /> },
  ];
  if (user.suspendedAt) facts.push({ label: "Suspended since", value: formatMomentTime(user.suspendedAt) });

  return (
    <>
      <AdminPageHeader title={personName(user) || user.username} description={`@${user.username}`}>
        <div className="flex flex-wrap gap-2">{buttons(user, { withPromote: true })}</div>
      </AdminPageHeader>

      <section aria-labelledby="admin-user-facts" className="card p-4 sm:p-6">
        <h2 id="admin-user-facts" className="mb-4 text-lg font-semibold text-white">
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

      <section aria-labelledby="admin-user-bookings" className="space-y-3">
        <h2 id="admin-user-bookings" className="text-lg font-semibold text-white">
          Bookings <span className="text-sm font-normal text-slate-400">({bookings.length})</span>
        </h2>
        {bookings.length === 0 ? (
          <AdminEmpty>No bookings as client or assistant</AdminEmpty>
        ) : (
          <DataTable
            caption={`Bookings of ${personName(user) || user.username}`}
            rows={bookings}
            rowKey={(booking) => booking.id}
            columns={BOOKING_COLUMNS}
            actions={bookings.some(canCancel) ? (booking) => (canCancel(booking) ? cancel.button(booking) : null) : undefined}
          />
        )}
      </section>
      {dialog}
      {cancel.dialog}
    </>
  );
}
