import type { ReactNode } from "react";
import { Footer } from "./Footer";
import { NavigationProgress } from "./NavigationProgress";
import { TopNav } from "./TopNav";

/** Navigation, page content and footer: the frame shared by every layout. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-teal-500 px-4 py-2 font-semibold text-slate-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <TopNav />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
    </div>
  );
}
