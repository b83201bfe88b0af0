import { Suspense, lazy, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../auth/public";
import { importAgain } from "../../lib/import-again";
import type { MessageRecipient } from "./MessageDialog";
import { pageHref, LOGIN_PAGE } from "../../lib/page-routes";

/**
 * Loaded when it is first opened: the profile pages show the button to every visitor, and the
 * dialog's code (its form, the send action and its toasts) is for the few who write (decision
 * 0004, 2026-11-26).
 */
const MessageDialog = lazy(() => importAgain(() => import("./MessageDialog")).then((module) => ({ default: module.MessageDialog })));

interface MessageButtonProps {
  recipient: MessageRecipient;
  className: string;
  children: ReactNode;
}

/** Opens the message dialog; a signed-out visitor is sent to /login instead. */
export function MessageButton({ recipient, className, children }: MessageButtonProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => (user ? setOpen(true) : void navigate(pageHref(LOGIN_PAGE, {})))}>
        {children}
      </button>
      {open && (
        <Suspense>
          <MessageDialog recipient={recipient} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
