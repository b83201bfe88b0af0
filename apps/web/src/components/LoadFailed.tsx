/**
 * A part of a page that could not be read, said where it goes (announced), with "Try again"; the
 * rest of the page still works.
 */
export function InlineLoadFailed({ message, onRetry, retrying = false }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-rose-300">
      <p>{message}</p>
      <button type="button" className="btn-ghost px-3 py-1.5" disabled={retrying} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
