import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

interface IconTextProps {
  icon: LucideIcon;
  /** The icon's colour. */
  iconClassName?: string;
  /** The row's own classes: text size and colour, alignment. */
  className?: string;
  children: ReactNode;
}

/**
 * An icon before text that may wrap onto several lines (a long place name on a narrow card): the
 * icon stays beside the first line. Its box is one line of the row's text high and centres it; the
 * lines start beside the icon, also on a centred card.
 */
export function IconText({ icon: Icon, iconClassName = "", className = "", children }: IconTextProps) {
  return (
    <p className={`flex items-start gap-1.5 ${className}`}>
      <span className="flex h-lh shrink-0 items-center">
        <Icon aria-hidden="true" className={`size-4 ${iconClassName}`} />
      </span>
      <span className="min-w-0 text-left">{children}</span>
    </p>
  );
}
