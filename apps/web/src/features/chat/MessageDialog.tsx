import { MESSAGE_MAX } from "@vam/shared";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Modal } from "../../components/Modal";
import { SubmitButton } from "../../components/SubmitButton";
import { FormAlert } from "../../components/form/FormAlert";
import { TextAreaField } from "../../components/form/TextAreaField";
import { sendMessageTo } from "./chat-api";
import { sendErrorText } from "./send-error";

export interface MessageRecipient {
  id: string;
  firstName: string;
}

/** "Message {first name}": sends the first words, then opens the chat with that person. */
export function MessageDialog({ recipient, onClose }: { recipient: MessageRecipient; onClose: () => void }) {
  const navigate = useNavigate();
  const formId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // After the dialog's own focus handling: writing is what the user came for.
  useEffect(() => inputRef.current?.focus(), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message) return;
    setBusy(true);
    setError(null);
    try {
      await sendMessageTo(recipient.id, message);
      void navigate(`/chat/${recipient.id}`);
    } catch (failure) {
      setError(sendErrorText(failure));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={`Message ${recipient.firstName}`}
      footer={
        <>
          <button type="button" className="btn-secondary" disabled={busy} onClick={onClose}>
            Cancel
          </button>
          <SubmitButton form={formId} busy={busy} disabled={!text.trim()}>
            Send
          </SubmitButton>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <FormAlert message={error} />
        <TextAreaField
          ref={inputRef}
          label="Message"
          value={text}
          maxLength={MESSAGE_MAX}
          placeholder="Type a message..."
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </Modal>
  );
}
