import LoaderCircle from "lucide-react/icons/loader-circle";

export function Spinner({ className = "size-5" }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={`animate-spin text-teal-400 ${className}`} />;
}
