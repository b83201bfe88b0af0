import { OPERATOR_ROLE, type AdminUser } from "@vam/shared";
import ShieldCheck from "lucide-react/icons/shield-check";
import UserCheck from "lucide-react/icons/user-check";
import UserX from "lucide-react/icons/user-x";
import { useState, type ReactNode } from "react";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { useAuth } from "../auth/public";
import { AdminConfirm } from "./AdminConfirm";
import type { UserIntent as UserAction } from "./admin-actions";
import { personName } from "./admin-format";

const DIALOGS: Record<UserAction, { title: string; confirm: string; tone: "primary" | "danger" }> = {
  suspend: { title: "Suspend this account?", confirm: "Suspend", tone: "danger" },
  restore: { title: "Restore this account?", confirm: "Restore", tone: "primary" },
  promote: { title: "Make this account an operator?", confirm: "Make operator", tone: "danger" },
};

function consequences(action: UserAction, user: AdminUser): ReactNode {
  const who = (
    <strong className="text-white">
      {personName(user)} (@{user.username})
    </strong>
  );
  switch (action) {
    case "suspend":
      return (
        <>
          <p>Suspend {who}?</p>
          <p>They are signed out at once and cannot sign in; their listing and postings disappear from the public pages. Their bookings stay.</p>
        </>
      );
    case "restore":
      return (
        <>
          <p>Restore {who}?</p>
          <p>They can sign in again, and their listing and postings show on the public pages again.</p>
        </>
      );
    case "promote":
      return (
        <>
          <p>Make {who} an operator?</p>
          <p>They will see this console: payments, every account, reviews and the audit log. The console cannot undo this.</p>
        </>
      );
  }
}

/**
 * Suspend, Restore and Make operator with their confirmation dialogs, for the users list and a
 * user's page (both routes have `adminUserAction`). Render `dialog` once; the buttons come from
 * `buttons(user)`. The dialog closes when the action worked.
 */
export function useUserActions() {
  const { user: self } = useAuth();
  const [pending, setPending] = useState<{ action: UserAction; user: AdminUser } | null>(null);
  const { submit, busy, done, error, reset } = useActionFetcher();
  const open = pending !== null && !done;

  const ask = (action: UserAction, user: AdminUser) => {
    reset();
    setPending({ action, user });
  };

  const confirm = () => {
    if (!pending) return;
    void submit({ intent: pending.action, userId: pending.user.id });
  };

  /** The buttons for one account; `withPromote` adds Make operator (a user's page). */
  const buttons = (user: AdminUser, { withPromote = false } = {}) => {
    const isSelf = user.id === self?.id;
    return (
      <>
        {!isSelf &&
          (user.suspendedAt ? (
            <button type="button" className="btn-secondary px-3 py-2" onClick={() => ask("restore", user)}>
              <UserCheck aria-hidden="true" className="size-4" />
              Restore<span className="sr-only"> {user.username}</span>
            </button>
          ) : (
            <button type="button" className="btn-secondary px-3 py-2 text-rose-200 hover:text-rose-100" onClick={() => ask("suspend", user)}>
              <UserX aria-hidden="true" className="size-4" />
              Suspend<span className="sr-only"> {user.username}</span>
            </button>
          ))}
        {withPromote && user.role !== OPERATOR_ROLE && (
          <button type="button" className="btn-secondary px-3 py-2" onClick={() => ask("promote", user)}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            Make operator
          </button>
        )}
      </>
    );
  };

  const dialog = (
    <AdminConfirm
      open={open}
      title={pending ? DIALOGS[pending.action].title : ""}
      confirmLabel={pending ? DIALOGS[pending.action].confirm : ""}
      tone={pending ? DIALOGS[pending.action].tone : "primary"}
      busy={busy}
      error={error}
      onConfirm={confirm}
      onCancel={() => setPending(null)}
    >
      {pending && consequences(pending.action, pending.user)}
    </AdminConfirm>
  );

  return { buttons, dialog, selfId: self?.id };
}
