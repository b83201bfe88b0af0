import { MSG, formatLongDate, formatTime, type UpcomingBooking } from "@vam/shared";
import UserRoundX from "lucide-react/icons/user-round-x";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { CardSection } from "../../components/CardSection";
import { Modal } from "../../components/Modal";
import { RefusalAlert } from "../../components/RefusalAlert";
import { Spinner } from "../../components/Spinner";
import { TextField } from "../../components/form/TextField";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { DELETE_ACCOUNT_ACTION, DELETE_ACCOUNT_FETCHER } from "./account-routes";
import { pageHref, BOOKING_PAGE } from "../../lib/page-routes";

/** "Delete account": the button that opens the dialog asking for the password. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const remove = useActionFetcher<string>(DELETE_ACCOUNT_ACTION, { key: DELETE_ACCOUNT_FETCHER });
  return (
    <CardSection
      title={
        <>
          <UserRoundX aria-hidden="true" className="size-5 text-rose-400" />
          Delete account
        </>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-300">Deleting your account erases your personal data for good. You may want to download your data first.</p>
        <button
          type="button"
          className="btn-danger w-full sm:w-auto"
          onClick={() => {
            // The write outlives the dialog (its key is shared with the layout): each opening starts afresh.
            remove.reset();
            setOpen(true);
          }}
        >
          Delete my account
        </button>
      </div>
      {open && <DeleteAccountDialog remove={remove} onClose={() => setOpen(false)} />}
    </CardSection>
  );
}

/**
 * "Delete your account?": what goes and what stays, and the password. On success the data route
 * signs this browser out and goes home; a wrong password shows at the field, upcoming bookings are
 * listed (each a link) to be cancelled first.
 */
function DeleteAccountDialog({ remove, onClose }: { remove: ReturnType<typeof useActionFetcher<string>>; onClose: () => void }) {
  const formId = useId();
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState(false);
  const refusal = !remove.busy && remove.result && !remove.result.ok ? remove.result : null;
  const fieldError = missing ? MSG.passwordRequired : refusal?.field === "password" ? refusal.message : undefined;
  const alert = refusal && refusal.field !== "password" ? refusal : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.busy) return;
    if (!password) {
      setMissing(true);
      (event.currentTarget.elements.namedItem("password") as HTMLElement | null)?.focus();
      return;
    }
    void remove.submit({ password });
  };

  const close = () => {
    if (!remove.busy) onClose();
  };

  return (
    <Modal
      open
      onClose={close}
      title="Delete your account?"
      className="max-w-lg"
      footer={
        <>
          <button type="button" className="btn-secondary" disabled={remove.busy} onClick={close}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn-danger" disabled={remove.busy} aria-busy={remove.busy}>
            {remove.busy && <Spinner className="size-4 text-white" />}
            Delete my account
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <div className="space-y-2 text-sm text-slate-300">
          <p>
            Your profile, listing, gallery, postings, saved postings, notifications, email settings and sign-in details are erased, and every device
            is signed out. This cannot be undone.
          </p>
          <p>Bookings and messages stay for the people you had them with, under the name &ldquo;{MSG.deletedUserName}&rdquo;.</p>
        </div>
        {alert && <DeleteRefusal message={alert.message} bookings={alert.details?.upcomingBookings ?? []} />}
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={fieldError}
          onChange={(event) => {
            setPassword(event.target.value);
            setMissing(false);
          }}
        />
      </form>
    </Modal>
  );
}

/** Why the account was not deleted, announced when it appears; upcoming bookings each lead to their page. */
function DeleteRefusal({ message, bookings }: { message: string; bookings: readonly UpcomingBooking[] }) {
  return (
    <RefusalAlert message={message}>
      {bookings.map((booking) => (
        <li key={booking.id} className="break-words">
          <Link to={pageHref(BOOKING_PAGE, { id: booking.id })} className="font-medium text-rose-100 underline underline-offset-4 hover:text-white">
            {formatLongDate(booking.date)}, {formatTime(booking.startTime)} - {formatTime(booking.endTime)}: {booking.otherName}
          </Link>
        </li>
      ))}
    </RefusalAlert>
  );
}
