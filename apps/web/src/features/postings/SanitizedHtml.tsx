import DOMPurify from "dompurify";
import { useMemo } from "react";

/** Rich text from the server, sanitised once more before it reaches the page. */
export function SanitizedHtml({ html, className = "" }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
