import { DEFAULT_AVATAR } from "@vam/shared";
import { useState } from "react";

interface UserAvatarProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /**
   * How the browser fetches it: "first" for a page's largest paint (ahead of everything else),
   * "later" for one that starts below the fold (when it is scrolled near); at once by default.
   */
  priority?: "first" | "later";
}

/** A round avatar that falls back to the default picture when missing or broken. */
export function UserAvatar({ src, alt, className = "size-10", priority }: UserAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = src && src !== failedSrc ? src : DEFAULT_AVATAR;
  return (
    <img
      src={shown}
      alt={alt}
      fetchPriority={priority === "first" ? "high" : undefined}
      loading={priority === "later" ? "lazy" : undefined}
      onError={() => setFailedSrc(shown)}
      className={`shrink-0 rounded-full bg-slate-800 object-cover ring-2 ring-slate-800 ${className}`}
    />
  );
}
