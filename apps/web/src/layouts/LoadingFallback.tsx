import { Spinner } from "../components/Spinner";

export function LoadingFallback({ label = "Loading..." }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-slate-400">
      <Spinner className="size-8" />
      <p>{label}</p>
    </div>
  );
}
