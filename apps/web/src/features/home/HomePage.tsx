import ArrowRight from "lucide-react/icons/arrow-right";
import { Link } from "react-router";
import { SearchBar } from "../search/public";
import { HeroImage } from "./HeroImage";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { pageHref, REGISTER_PAGE } from "../../lib/page-routes";

export default function HomePage() {
  useDocumentTitle("Home");
  return (
    <div className="bg-[radial-gradient(ellipse_at_top,rgba(20,184,166,0.14),transparent_60%)]">
      <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:py-20 lg:grid-cols-2">
        <div className="space-y-6">
          <h1 className="text-4xl font-extrabold tracking-tight text-white sm:text-5xl">
            Find a Good Assistant <span className="text-teal-400">Here</span>
          </h1>
          <p className="max-w-xl text-lg text-slate-300">
            Browse a curated list of skilled professionals ready to take on your online jobs, then book their time and chat with them in one place.
          </p>
          <Link to={pageHref(REGISTER_PAGE, {})} className="btn-primary px-6 py-3 text-base">
            Get Started
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <HeroImage />
      </section>
      <section aria-label="Search" className="mx-auto max-w-4xl px-4 pb-16">
        <SearchBar />
      </section>
    </div>
  );
}
