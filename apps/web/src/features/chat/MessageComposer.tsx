import { MESSAGE_MAX } from "@vam/shared";
import SendHorizontal from "lucide-react/icons/send-horizontal";
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";

interface MessageComposerProps {
  /** Resolves false when the message could not be sent: the text comes back for another try. */
  onSend: (text: string) => Promise<boolean>;
  disabled: boolean;
}

export function MessageComposer({ onSend, disabled }: MessageComposerProps) {
  const [text, setText] = useState("");
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const blank = !text.trim();

  const submit = async () => {
    if (blank || disabled) return;
    const message = text.trim();
    setText("");
    inputRef.current?.focus();
    if (!(await onSend(message))) setText((current) => current || message);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
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
