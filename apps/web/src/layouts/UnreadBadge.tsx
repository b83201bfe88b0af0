/** Purely visual count; the number is announced through the owner's aria-describedby text. */
export function UnreadBadge({ count, className = "" }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-rose-500 px-1.5 text-[11px] leading-5 font-bold text-white ${className}`}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

export function unreadText(count: number): string {
  return `${count} unread notification${count === 1 ? "" : "s"}`;
}
