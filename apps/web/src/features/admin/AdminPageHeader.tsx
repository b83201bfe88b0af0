import { useEffect, useRef, type ReactNode } from "react";
import { useDocumentTitle } from "../../lib/useDocumentTitle";

const HEADING_ID = "admin-page-heading";

/** Puts focus on the page's h1: where focus goes when what held it is gone (a decided payment's row). */
export function focusPageHeading() {
  document.getElementById(HEADING_ID)?.focus();
}

/**
 * For a console dialog: a dialog gives focus back to the button that opened it; when the action
 * removed that button (the row left the list, Suspend became Restore), focus goes to the page's
 * heading once the dialog has closed.
 */
export function useHeadingFocusAfterClose(open: boolean) {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const timer = window.setTimeout(() => {
      if (!document.activeElement || document.activeElement === document.body) focusPageHeading();
    });
    return () => window.clearTimeout(timer);
  }, [open]);
}

interface AdminPageHeaderProps {
  /** The page's h1, also the first part of the document title. */
  title: string;
  /** The document title's page name when it differs from the heading (e.g. a user's name). */
  documentTitle?: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** The heading of a console page and its document title ("Payments · Operator console · VA Marketplace"). */
export function AdminPageHeader({ title, documentTitle = title, description, children }: AdminPageHeaderProps) {
  useDocumentTitle(documentTitle, "Operator console");
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0 space-y-1">
        <h1 id={HEADING_ID} tabIndex={-1} className="text-2xl font-bold tracking-tight break-words text-white outline-none sm:text-3xl">
          {title}
        </h1>
        {description && <p className="text-sm text-slate-400">{description}</p>}
      </div>
      {children}
    </div>
  );
}
