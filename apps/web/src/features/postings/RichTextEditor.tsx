import DOMPurify from "dompurify";
import type { LucideIcon } from "lucide-react";
import Bold from "lucide-react/icons/letter-b";
import Italic from "lucide-react/icons/italic";
import List from "lucide-react/icons/list";
import { useEffect, useId, useRef, useState } from "react";

interface RichTextEditorProps {
  label: string;
  /** Read once, when the editor mounts. */
  initialHtml: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string;
}

const COMMANDS: { command: string; label: string; icon: LucideIcon }[] = [
  { command: "bold", label: "Bold", icon: Bold },
  { command: "italic", label: "Italic", icon: Italic },
  { command: "insertUnorderedList", label: "Bulleted list", icon: List },
];

/** Which formatting applies at the caret. */
function activeCommands(): Set<string> {
  return new Set(COMMANDS.filter(({ command }) => document.queryCommandState(command)).map(({ command }) => command));
}

/**
 * A small rich-text field: bold, italic and bulleted lists over a contentEditable region
 * (document.execCommand). Ctrl+B and Ctrl+I work as usual.
 */
export function RichTextEditor({ label, initialHtml, onChange, onBlur, error }: RichTextEditorProps) {
  const labelId = useId();
  const errorId = useId();
  const editorRef = useRef<HTMLDivElement>(null);
  const initial = useRef(initialHtml);
  const [active, setActive] = useState<Set<string>>(new Set());

  useEffect(() => {
    if (editorRef.current) editorRef.current.innerHTML = DOMPurify.sanitize(initial.current);
  }, []);

  useEffect(() => {
    const onSelectionChange = () => {
      const editor = editorRef.current;
      if (editor && editor.contains(document.getSelection()?.anchorNode ?? null)) setActive(activeCommands());
    };
    document.addEventListener("selectionchange", onSelectionChange);
    return () => document.removeEventListener("selectionchange", onSelectionChange);
  }, []);

  const emit = () => {
    const editor = editorRef.current;
    if (!editor) return;
    const empty = !editor.textContent?.trim() && !editor.querySelector("li");
    onChange(empty ? "" : editor.innerHTML);
  };

  const apply = (command: string) => {
    editorRef.current?.focus();
    document.execCommand(command);
    setActive(activeCommands());
    emit();
  };

  return (
    <div className="space-y-1.5">
      <span id={labelId} className="block text-sm font-medium text-slate-200" onClick={() => editorRef.current?.focus()}>
        {label}
      </span>
      <div className="overflow-hidden rounded-lg border border-slate-700 bg-slate-900/80 focus-within:border-teal-400 focus-within:ring-2 focus-within:ring-teal-400/40">
        <div role="toolbar" aria-label={`${label} formatting`} className="flex gap-1 border-b border-slate-800 p-1.5">
          {COMMANDS.map(({ command, label: name, icon: Icon }) => (
            <button
              key={command}
              type="button"
              aria-label={name}
              title={name}
              aria-pressed={active.has(command)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => apply(command)}
              className="grid size-8 place-items-center rounded-md text-slate-300 hover:bg-slate-800 hover:text-white aria-pressed:bg-teal-500/20 aria-pressed:text-teal-200"
            >
              <Icon aria-hidden="true" className="size-4" />
            </button>
          ))}
        </div>
        <div
          ref={editorRef}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          contentEditable
          suppressContentEditableWarning
          onInput={emit}
          onBlur={onBlur}
          className="rich-text min-h-36 px-3 py-2.5 text-sm text-slate-100 focus-visible:outline-none"
        />
      </div>
      {error && (
        <p id={errorId} className="text-xs font-medium text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}
