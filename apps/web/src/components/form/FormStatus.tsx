import CircleCheck from "lucide-react/icons/circle-check";

/**
 * Good news about a form (a link was sent, a password was set), announced politely when it
 * appears: the status region is always there (and takes no room while empty), so that a screen
 * reader hears what fills it. Place it outside a spaced stack; `className` spaces the message.
 */
export function FormStatus({ message, className = "" }: { message: string | null; className?: string }) {
  return (
    <div role="status">
      {message && (
        <p className={`flex items-start gap-2 rounded-lg border border-teal-500/40 bg-teal-500/10 px-3 py-2.5 text-sm text-teal-100 ${className}`}>
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{message}</span>
        </p>
      )}
    </div>
  );
}
