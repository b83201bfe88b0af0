import type { ProfilePost, SearchMatch } from "@vam/shared";
import MapPin from "lucide-react/icons/map-pin";
import Sparkles from "lucide-react/icons/sparkles";
import { Suspense, lazy, useId, useState } from "react";
import { IconText } from "../../components/IconText";
import { UserAvatar } from "../../components/UserAvatar";
import { RatingSummary } from "../reviews/public";
import { Highlighted } from "./Highlighted";
import { RoleBadge } from "./RoleBadge";
import { skillsSummary } from "./skills-summary";
import { importAgain } from "../../lib/import-again";

/**
 * Loaded when a card is first opened: the list's first load needs none of the dialog's code (its
 * tabs, the gallery and its uploader, the listing's deletion) (decision 0004, 2026-11-26).
 */
const ProfileModal = lazy(() => importAgain(() => import("./ProfileModal")).then((module) => ({ default: module.ProfileModal })));

interface ProfileCardProps {
  /** The listing, and what a name or place search matched of it (marked in the name and the place). */
  post: ProfilePost & { matches?: readonly SearchMatch[] };
  /** How its avatar is fetched: the list's first card is its largest paint, cards past the first row wait until scrolled near. */
  avatarPriority?: "first" | "later";
}

/** A listing of the profile list; deleted from its modal, it leaves the list when the list's loader runs again. */
export function ProfileCard({ post, avatarPriority }: ProfileCardProps) {
  const nameId = useId();
  const [open, setOpen] = useState(false);
  const fullName = `${post.firstName} ${post.lastName}`;
  const matched = (field: SearchMatch["field"]) => post.matches?.filter((match) => match.field === field) ?? [];

  return (
    <article aria-labelledby={nameId} className="card flex w-full flex-col items-center gap-3 p-5 text-center">
      <UserAvatar src={post.avatar} alt="" className="size-24" priority={avatarPriority} />
      <RoleBadge role={post.role} />
      <h2 id={nameId} className="text-lg font-semibold text-white">
        <Highlighted text={fullName} matches={matched("name")} />
      </h2>
      <RatingSummary rating={post.rating} reviewCount={post.reviewCount} />
      <IconText icon={MapPin} iconClassName="text-teal-400" className="text-sm text-slate-400">
        {post.location ? <Highlighted text={post.location} matches={matched("location")} /> : "Location not specified"}
      </IconText>
      <IconText icon={Sparkles} iconClassName="text-teal-400" className="text-sm text-slate-300">
        {skillsSummary(post.skills)}
      </IconText>
      <button type="button" className="btn-primary mt-auto w-full" aria-describedby={nameId} onClick={() => setOpen(true)}>
        View Profile
      </button>
      {open && (
        <Suspense>
          <ProfileModal post={post} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </article>
  );
}
