import { CHAT_FILE_ACCEPT, MESSAGE_MAX, MSG, type ChatAttachment } from "@vam/shared";
import Paperclip from "lucide-react/icons/paperclip";
import SendHorizontal from "lucide-react/icons/send-horizontal";
import { useId, useRef, useState, type ChangeEvent, type ClipboardEvent, type FormEvent, type KeyboardEvent } from "react";
import { CharacterCount } from "../../components/form/CharacterCount";
import { PendingFiles } from "./PendingFiles";
import { useChatUploads } from "./useChatUploads";

/** How near the limit the box starts counting the characters left. */
const COUNT_WITHIN = 200;

interface MessageComposerProps {
  chatId: string;
  /** The text and the files uploaded for it. */
  onSend: (text: string, attachments: ChatAttachment[]) => void;
  /** A message that could not be sent: its text comes back for another try (unless something new is being written). */
  unsent: { id: string; text: string } | null;
  disabled: boolean;
}

export function MessageComposer({ chatId, onSend, unsent, disabled }: MessageComposerProps) {
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
  const fileInputId = useId();
  const uploads = useChatUploads(chatId);
  const [fileNotice, setFileNotice] = useState<string | null>(null);
  const blank = !text.trim();
  const canSend = (!blank || uploads.ready) && !uploads.uploading && !disabled;

  const submit = () => {
    if (!canSend) return;
    setText("");
    setCut(false);
    setFileNotice(null);
    inputRef.current?.focus();
    onSend(text.trim(), uploads.take());
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = "";
    if (chosen.length > 0) setFileNotice(uploads.add(chosen));
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
      <PendingFiles files={uploads.files} onRemove={uploads.remove} onRetry={uploads.retry} />
      {fileNotice && (
        <p role="status" className="mb-2 text-xs text-amber-300">
          {fileNotice}
        </p>
      )}
      <div className="flex items-end gap-2">
        <input
          id={fileInputId}
          type="file"
          multiple
          accept={CHAT_FILE_ACCEPT}
          className="peer sr-only"
          disabled={disabled || uploads.full}
          onChange={onFiles}
        />
        <label
          htmlFor={fileInputId}
          title="Attach a file"
          className="btn-secondary h-11 shrink-0 cursor-pointer px-3 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-400 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
        >
          <Paperclip aria-hidden="true" className="size-4" />
          <span className="sr-only">Attach a file</span>
        </label>
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
        <button type="submit" className="btn-primary h-11" disabled={!canSend}>
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
