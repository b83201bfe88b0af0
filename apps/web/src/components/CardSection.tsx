import { useId, type ReactNode } from "react";

/** A card of a page: a section named by its heading. */
export function CardSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card p-6">
      <h2 id={headingId} className="mb-4 flex items-center gap-2 text-lg font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}
