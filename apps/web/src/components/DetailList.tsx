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
        // A group of a <dl> may only hold its <dt> and <dd>: the icon sits inside the <dt>, drawn beside both.
        <div key={label} className="relative pl-7">
          <dt className="text-xs text-slate-400">
            <Icon aria-hidden="true" className="absolute top-0.5 left-0 size-4 text-teal-400" />
            {label}
          </dt>
          <dd className="text-sm text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
