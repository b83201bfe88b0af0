import { Construction } from "lucide-react";

/** An honest page for a screen that a later iteration builds. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-white">{title}</h1>
      <div className="card flex items-center gap-3 p-6 text-slate-300">
        <Construction aria-hidden="true" className="size-6 shrink-0 text-teal-400" />
        <p>This page is coming soon.</p>
      </div>
    </div>
  );
}
