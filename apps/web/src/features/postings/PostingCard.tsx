import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatHourlyRate } from "../../lib/format";

interface PostingCardProps {
  posting: { id: string; title: string; images: string[]; rate: number };
  /** Extra controls under the card (the owner's edit and delete). */
  children?: ReactNode;
}

/** A posting as a card: first image, title and rate, linking to its page. */
export function PostingCard({ posting, children }: PostingCardProps) {
  const image = posting.images[0];
  return (
    <article className="card group flex flex-col overflow-hidden">
      <Link to={`/${posting.id}`} className="flex flex-1 flex-col focus-visible:outline-offset-[-2px]">
        <div className="aspect-[4/3] overflow-hidden bg-slate-800">
          {image && <img src={image} alt="" loading="lazy" className="size-full object-cover transition duration-300 group-hover:scale-105" />}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-4">
          <h3 className="line-clamp-2 font-semibold text-white">{posting.title}</h3>
          <p className="mt-auto text-sm font-medium text-teal-300">{formatHourlyRate(posting.rate)}</p>
        </div>
      </Link>
      {children && <div className="flex gap-2 border-t border-slate-800 p-3">{children}</div>}
    </article>
  );
}
