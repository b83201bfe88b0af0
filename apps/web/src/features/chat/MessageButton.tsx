import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../auth/public";
import { MessageDialog, type MessageRecipient } from "./MessageDialog";

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
      <button type="button" className={className} onClick={() => (user ? setOpen(true) : void navigate("/login"))}>
        {children}
      </button>
      {open && <MessageDialog recipient={recipient} onClose={() => setOpen(false)} />}
    </>
  );
}
