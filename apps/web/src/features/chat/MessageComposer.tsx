import { MESSAGE_MAX } from "@vam/shared";
import SendHorizontal from "lucide-react/icons/send-horizontal";
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";

interface MessageComposerProps {
  onSend: (text: string) => void;
  /** A message that could not be sent: its text comes back for another try (unless something new is being written). */
  unsent: { id: string; text: string } | null;
  disabled: boolean;
}

export function MessageComposer({ onSend, unsent, disabled }: MessageComposerProps) {
  const [text, setText] = useState("");
  const [restored, setRestored] = useState(unsent);
  if (unsent !== restored) {
    setRestored(unsent);
    if (unsent) setText((current) => current || unsent.text);
  }
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const blank = !text.trim();

  const submit = () => {
    if (blank || disabled) return;
    setText("");
    inputRef.current?.focus();
    onSend(text.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
      className="flex items-end gap-2 border-t border-slate-800 p-3"
    >
      <label htmlFor={inputId} className="sr-only">
        Message
      </label>
      <textarea
        ref={inputRef}
        id={inputId}
        rows={1}
        value={text}
        maxLength={MESSAGE_MAX}
        placeholder="Type a message..."
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        className="input max-h-32 min-h-11 resize-none"
      />
      <button type="submit" className="btn-primary h-11" disabled={blank || disabled}>
        <SendHorizontal aria-hidden="true" className="size-4" />
        Send
      </button>
    </form>
  );
}
