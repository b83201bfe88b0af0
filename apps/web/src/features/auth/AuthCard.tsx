import type { ReactNode } from "react";

/** The centred card that frames the login and registration forms. */
export function AuthCard({ title, subtitle, children, wide = false }: { title: string; subtitle: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`mx-auto w-full px-4 py-10 sm:py-16 ${wide ? "max-w-2xl" : "max-w-md"}`}>
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-white">{title}</h1>
        <p className="mt-1 mb-6 text-sm text-slate-400">{subtitle}</p>
        {children}
      </div>
    </div>
  );
}
