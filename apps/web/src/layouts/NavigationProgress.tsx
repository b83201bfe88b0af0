import { useNavigation } from "react-router";

/** A thin bar under the navigation while the next page's data loads. */
export function NavigationProgress() {
  const { state } = useNavigation();
  if (state === "idle") return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-teal-500/20">
      <div className="h-full w-1/3 animate-[nav-progress_1s_ease-in-out_infinite] bg-teal-400" />
    </div>
  );
}
