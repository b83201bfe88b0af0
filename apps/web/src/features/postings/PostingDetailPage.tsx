import MapPin from "lucide-react/icons/map-pin";
import { Link, useLoaderData } from "react-router";
import { IconText } from "../../components/IconText";
import { UserAvatar } from "../../components/UserAvatar";
import { formatHourlyRate } from "../../lib/format";
import { ImageSlider } from "./ImageSlider";
import { PostingActions } from "./PostingActions";
import { PostingFacts } from "./PostingFacts";
import { SanitizedHtml } from "./SanitizedHtml";
import type { postingLoader } from "./posting-loader";
import { CardSection } from "../../components/CardSection";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { pageHref, OTHER_PROFILE_PAGE } from "../../lib/page-routes";

export default function PostingDetailPage() {
  const posting = useLoaderData<typeof postingLoader>();
  useDocumentTitle(posting.title);
  const poster = posting.user;

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_22rem]">
      <div className="min-w-0 space-y-6">
        <ImageSlider title={posting.title} images={posting.images} />
        <header className="space-y-2">
          <h1 className="text-3xl font-bold tracking-tight text-white">{posting.title}</h1>
          <IconText icon={MapPin} iconClassName="text-teal-400" className="text-slate-400">
            {posting.address}
          </IconText>
        </header>
        <CardSection title="Description">
          <SanitizedHtml html={posting.postDetail.desc} className="text-slate-300" />
        </CardSection>
      </div>

      <aside aria-label="Posting summary" className="space-y-6 lg:sticky lg:top-24 lg:self-start">
        <div className="card space-y-5 p-6">
          <p className="text-2xl font-bold text-teal-300">{formatHourlyRate(posting.rate)}</p>
          <Link to={pageHref(OTHER_PROFILE_PAGE, { id: poster.id })} className="flex items-center gap-3 rounded-xl p-1 hover:bg-slate-800/60">
            <UserAvatar src={poster.avatar} alt="" className="size-12" />
            <span>
              <span className="block font-semibold text-white">{poster.username}</span>
              <span className="block text-sm text-slate-400">
                {poster.firstName} {poster.lastName}
              </span>
            </span>
          </Link>
          <PostingActions posting={posting} />
        </div>
        <PostingFacts posting={posting} />
      </aside>
    </div>
  );
}
