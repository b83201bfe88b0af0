import Search from "lucide-react/icons/search";
import X from "lucide-react/icons/x";
import { useId, type FormEvent, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { withParams } from "./admin-params";

interface AdminSearchFormProps {
  /** The form's name (a search landmark): "User search". */
  name: string;
  /** The search box's label: "Search users". */
  label: string;
  placeholder?: string;
  /** The search in the URL now. */
  value: string | undefined;
  /** More fields before the search box (the payments' age filter). */
  children?: ReactNode;
}

/** A search box that writes `q` into the URL (and goes back to page 1); Clear removes it. */
export function AdminSearchForm({ name, label, placeholder, value, children }: AdminSearchFormProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const inputId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get("q");
    setSearchParams(withParams(searchParams, { q: typeof text === "string" ? text : undefined }));
  };

  return (
    <form role="search" aria-label={name} onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      {children}
      <div className="min-w-0 flex-1 space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-200">
          {label}
        </label>
        {/* Keyed by the URL's value: Back and Forward show the search of that page. */}
        <input
          key={value ?? ""}
          id={inputId}
          name="q"
          type="search"
          defaultValue={value ?? ""}
          placeholder={placeholder}
          maxLength={80}
          className="input"
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary flex-1 sm:flex-none">
          <Search aria-hidden="true" className="size-4" />
          Search
        </button>
        {value && (
          <button type="button" className="btn-ghost" onClick={() => setSearchParams(withParams(searchParams, { q: undefined }))}>
            <X aria-hidden="true" className="size-4" />
            Clear
          </button>
        )}
      </div>
    </form>
  );
}
