export function RoleBadge({ role }: { role: string | null | undefined }) {
  return (
    <span className="inline-block rounded-full bg-teal-500/15 px-2.5 py-0.5 text-xs font-semibold text-teal-300 ring-1 ring-teal-500/40">
      {role || "Professional"}
    </span>
  );
}
