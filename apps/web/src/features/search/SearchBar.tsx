import MapPin from "lucide-react/icons/map-pin";
import Search from "lucide-react/icons/search";
import User from "lucide-react/icons/user";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";

/**
 * Name and place search. On the landing page it leads to the profile list; elsewhere it
 * updates the current page's query (userName, location, skills — only non-empty values).
 */
export function SearchBar() {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const urlName = searchParams.get("userName") ?? "";
  const urlLocation = searchParams.get("location") ?? "";
  const [userName, setUserName] = useState(urlName);
  const [location, setLocation] = useState(urlLocation);

  useEffect(() => {
    setUserName(urlName);
    setLocation(urlLocation);
  }, [urlName, urlLocation]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new URLSearchParams();
    if (userName.trim()) query.set("userName", userName.trim());
    if (location.trim()) query.set("location", location.trim());
    for (const skill of searchParams.getAll("skills")) if (skill.trim()) query.append("skills", skill);
    const target = pathname === "/home" ? "/profile/list" : pathname;
    const search = query.toString();
    void navigate(search ? `${target}?${search}` : target);
  };

  return (
    <form
      role="search"
      aria-label="Search assistants"
      onSubmit={onSubmit}
      className="flex w-full flex-col gap-2 rounded-2xl border border-slate-700 bg-slate-900/90 p-2 shadow-lg shadow-black/30 sm:flex-row sm:items-end"
    >
      <SearchField label="Name" placeholder="Enter name" icon={User} value={userName} onChange={setUserName} />
      <div aria-hidden="true" className="hidden w-px self-stretch bg-slate-700 sm:block" />
      <SearchField label="Where" placeholder="Anywhere" icon={MapPin} value={location} onChange={setLocation} />
      <button type="submit" className="btn-primary h-12 px-6">
        <Search aria-hidden="true" className="size-4" />
        Search
      </button>
    </form>
  );
}

interface SearchFieldProps {
  label: string;
  placeholder: string;
  icon: typeof User;
  value: string;
  onChange: (value: string) => void;
}

function SearchField({ label, placeholder, icon: Icon, value, onChange }: SearchFieldProps) {
  const id = useId();
  return (
    <div className="flex-1 rounded-xl px-3 py-1.5 focus-within:bg-slate-800/60 focus-within:ring-2 focus-within:ring-teal-400/60">
      <label htmlFor={id} className="block text-xs font-semibold tracking-wide text-slate-300">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <Icon aria-hidden="true" className="size-4 text-slate-500" />
        <input
          id={id}
          type="text"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          className="w-full bg-transparent py-1 text-sm text-slate-100 placeholder:text-slate-400 focus-visible:outline-none"
        />
      </div>
    </div>
  );
}
