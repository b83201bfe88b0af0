import type { ReactNode } from "react";
import { Footer } from "./Footer";
import { NavigationProgress } from "./NavigationProgress";
import { SkipLink } from "./SkipLink";
import { TopNav } from "./TopNav";

/** Navigation, page content and footer: the frame shared by every layout. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <NavigationProgress />
      <TopNav />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
    </div>
  );
}
