import X from "lucide-react/icons/x";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/**
 * An accessible modal dialog: focus moves into it and stays there, Escape or a click on
 * the backdrop closes it, and focus returns to whatever opened it. When its content is taller
 * than the dialog, the scrolling area is a named region that takes focus, so that the keyboard
 * scrolls it too.
 */
export function Modal({ open, onClose, title, children, footer, className = "max-w-lg" }: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [scrollable, setScrollable] = useState(false);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    (panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel)?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previousOverflow;
      opener?.focus();
    };
  }, [open]);

  useEffect(() => {
    const body = bodyRef.current;
    if (!open || !body) return;
    const measure = () => setScrollable(body.scrollHeight > body.clientHeight);
    // The area's size and its content's: watched again whenever the content's elements change.
    const sizes = new ResizeObserver(measure);
    const watch = () => {
      sizes.disconnect();
      sizes.observe(body);
      for (const child of body.children) sizes.observe(child);
      measure();
    };
    const changes = new MutationObserver(watch);
    changes.observe(body, { childList: true });
    watch();
    return () => {
      sizes.disconnect();
      changes.disconnect();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !panelRef.current) return;
    // Only what can take focus now: hidden elements (an inactive tab panel...) are skipped.
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4" onKeyDown={onKeyDown}>
      <div aria-hidden="true" className="absolute inset-0 bg-slate-950/80 backdrop-blur-sm" onClick={() => onClose()} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`card relative flex max-h-[90vh] w-full flex-col bg-slate-900 outline-none ${className}`}
      >
        <header className="flex items-center justify-between gap-4 border-b border-slate-800 px-6 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-white">
            {title}
          </h2>
          <button type="button" onClick={() => onClose()} aria-label="Close" className="btn-ghost p-2">
            <X aria-hidden="true" className="size-5" />
          </button>
        </header>
        <div
          ref={bodyRef}
          role={scrollable ? "region" : undefined}
          aria-labelledby={scrollable ? titleId : undefined}
          tabIndex={scrollable ? 0 : undefined}
          className="min-h-0 flex-1 overflow-y-auto px-6 py-5 focus-visible:-outline-offset-2"
        >
          {children}
        </div>
        {footer && <footer className="flex justify-end gap-3 border-t border-slate-800 px-6 py-4">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
