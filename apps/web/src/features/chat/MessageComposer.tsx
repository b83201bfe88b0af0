import { MESSAGE_MAX, MSG } from "@vam/shared";
import SendHorizontal from "lucide-react/icons/send-horizontal";
import { useId, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from "react";
import { CharacterCount } from "../../components/form/CharacterCount";

/** How near the limit the box starts counting the characters left. */
const COUNT_WITHIN = 200;

interface MessageComposerProps {
  onSend: (text: string) => void;
  /** A message that could not be sent: its text comes back for another try (unless something new is being written). */
  unsent: { id: string; text: string } | null;
  disabled: boolean;
}

export function MessageComposer({ onSend, unsent, disabled }: MessageComposerProps) {
  const [text, setText] = useState("");
  // A paste went past the limit and was cut: said until the text changes again.
  const [cut, setCut] = useState(false);
  const [restored, setRestored] = useState(unsent);
  if (unsent !== restored) {
    setRestored(unsent);
    if (unsent) setText((current) => current || unsent.text);
  }
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const countId = useId();
  const blank = !text.trim();

  const submit = () => {
    if (blank || disabled) return;
    setText("");
    setCut(false);
    inputRef.current?.focus();
    onSend(text.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  // The box's maxLength would drop the end of a long paste without a word: the start is kept, and the box says so.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const field = event.currentTarget;
    const pasted = event.clipboardData.getData("text/plain").replace(/\r\n?/g, "\n");
    const whole = field.value.slice(0, field.selectionStart) + pasted + field.value.slice(field.selectionEnd);
    if (whole.length <= MESSAGE_MAX) return;
    event.preventDefault();
    setText(whole.slice(0, MESSAGE_MAX));
    setCut(true);
  };

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
      className="border-t border-slate-800 p-3"
    >
      <div className="flex items-end gap-2">
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
          aria-describedby={countId}
          onChange={(event) => {
            setText(event.target.value);
            setCut(false);
          }}
          onPaste={onPaste}
          onKeyDown={onKeyDown}
          disabled={disabled}
          className="input max-h-32 min-h-11 resize-none"
        />
        <button type="submit" className="btn-primary h-11" disabled={blank || disabled}>
          <SendHorizontal aria-hidden="true" className="size-4" />
          Send
        </button>
      </div>
      <CharacterCount
        id={countId}
        length={text.length}
        max={MESSAGE_MAX}
        warnWithin={COUNT_WITHIN}
        notice={cut ? MSG.messageCut(MESSAGE_MAX) : null}
        className="mt-1.5"
      />
    </form>
  );
}
