import { MESSAGE_MAX } from "@vam/shared";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Modal } from "../../components/Modal";
import { SubmitButton } from "../../components/SubmitButton";
import { FormAlert } from "../../components/form/FormAlert";
import { TextAreaField } from "../../components/form/TextAreaField";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { chatData } from "./chat-routes";

export interface MessageRecipient {
  id: string;
  firstName: string;
}

/** "Message {first name}": sends the first words, then opens the chat with that person. */
export function MessageDialog({ recipient, onClose }: { recipient: MessageRecipient; onClose: () => void }) {
  const formId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  // The action sends it, then leads to the chat; a refusal stays here.
  const sending = useActionFetcher(chatData.sendTo);
  const { busy } = sending;
  const error = busy ? null : sending.error;

  // After the dialog's own focus handling: writing is what the user came for.
  useEffect(() => inputRef.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (message) void sending.submit({ recipientId: recipient.id, message });
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
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
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
