import type { LucideIcon } from "lucide-react";

export interface Detail {
  icon: LucideIcon;
  label: string;
  value: string;
}

/** Label and value pairs, each with an icon. */
export function DetailList({ details }: { details: Detail[] }) {
  return (
    <dl className="space-y-3">
      {details.map(({ icon: Icon, label, value }) => (
        <div key={label} className="flex gap-3">
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-400" />
          <div>
            <dt className="text-xs text-slate-400">{label}</dt>
            <dd className="text-sm text-slate-100">{value}</dd>
          </div>
        </div>
      ))}
    </dl>
  );
}
