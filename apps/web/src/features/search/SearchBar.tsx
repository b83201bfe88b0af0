import type { SearchSlot } from "@vam/shared";
import MapPin from "lucide-react/icons/map-pin";
import Search from "lucide-react/icons/search";
import User from "lucide-react/icons/user";
import { useState, type FormEvent, type ReactNode } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { searchQuery } from "./profile-search";
import { SuggestField } from "./SuggestField";
import { pageHref, HOME_PAGE, PROFILE_LIST_PAGE } from "../../lib/page-routes";

/** The filters' values: from the form where it shows them (`SearchFilters`), else kept from the address. */
function filterValues(form: HTMLFormElement, url: URLSearchParams) {
  const values = form.elements.namedItem("date") ? new FormData(form) : url;
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const date = text(values.get("date"));
  return { skills: values.getAll("skills").map(text).filter(Boolean), date, slot: date ? text(values.get("slot")) : "" };
}

/**
 * Name and place search, with suggestions as one types. On the landing page it leads to the
 * profile list; elsewhere it updates the current page's query (userName, location, and the
 * filters' skills, date and slot; only non-empty values). `children`: the filters, shown under the
 * fields (the profile list's `SearchFilters`), with the Search button after them.
 */
export function SearchBar({ children }: { children?: ReactNode }) {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const urlName = searchParams.get("userName") ?? "";
  const urlLocation = searchParams.get("location") ?? "";
  const [userName, setUserName] = useState(urlName);
  const [location, setLocation] = useState(urlLocation);
  // A new address (a search, back, a link) shows its words; the first render keeps the state,
  // which the fields may have filled with what was typed before the app took the page over.
  const [shown, setShown] = useState([urlName, urlLocation]);
  if (shown[0] !== urlName || shown[1] !== urlLocation) {
    setShown([urlName, urlLocation]);
    setUserName(urlName);
    setLocation(urlLocation);
  }
  const target = pathname === pageHref(HOME_PAGE, {}) ? pageHref(PROFILE_LIST_PAGE, {}) : pathname;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { skills, date, slot } = filterValues(event.currentTarget, searchParams);
    const query = searchQuery({
      userName: userName.trim(),
      location: location.trim(),
      skills,
      date,
      slot: (slot || undefined) as SearchSlot | undefined,
    });
    const search = query.toString();
    void navigate(search ? `${target}?${search}` : target);
  };

  /** The Search button: beside the fields, or after the filters where they are shown. */
  const button = (
    <button type="submit" className={children ? "btn-primary col-span-2 h-10 px-6 sm:ml-auto" : "btn-primary h-12 px-6"}>
      <Search aria-hidden="true" className="size-4" />
      Search
    </button>
  );

  return (
    // The action and the fields' names make the drawn page's form (before the app's code has run)
    // search by itself: the browser sends it to the list's address (decision 0050).
    <form
      role="search"
      aria-label="Search assistants"
      method="get"
      action={target}
      onSubmit={onSubmit}
      className="w-full space-y-2 rounded-2xl border border-slate-700 bg-slate-900/90 p-2 shadow-lg shadow-black/30"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <SuggestField
          field="name"
          name="userName"
          label="Name"
          listLabel="Suggested people"
          placeholder="Enter name"
          icon={User}
          value={userName}
          onChange={setUserName}
        />
        <div aria-hidden="true" className="hidden w-px self-stretch bg-slate-700 sm:block" />
        <SuggestField
          field="place"
          name="location"
          label="Where"
          listLabel="Suggested places"
          placeholder="Anywhere"
          icon={MapPin}
          value={location}
          onChange={setLocation}
        />
        {!children && button}
      </div>
      {children && (
        <div className="grid grid-cols-2 gap-3 border-t border-slate-800 px-3 pt-3 pb-1 sm:flex sm:flex-wrap sm:items-end">
          {children}
          {button}
        </div>
      )}
    </form>
  );
}
