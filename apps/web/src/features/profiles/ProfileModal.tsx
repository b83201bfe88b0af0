import { ASSISTANT_RATE, type GalleryPhoto, type ProfilePost } from "@vam/shared";
import MapPin from "lucide-react/icons/map-pin";
import Trash2 from "lucide-react/icons/trash";
import { useState } from "react";
import { Link } from "react-router";
import { IconText } from "../../components/IconText";
import { Modal } from "../../components/Modal";
import { Tabs } from "../../components/Tabs";
import { UserAvatar } from "../../components/UserAvatar";
import { formatHourlyRate } from "../../lib/format";
import { RatingSummary } from "../reviews/public";
import { useAuth } from "../auth/public";
import { galleryRequest, GalleryView } from "../gallery/public";
import { DeleteProfileDialog } from "./DeleteProfileDialog";
import { ProfileInfoTab } from "./ProfileInfoTab";
import { pageHref, BOOK_CONSULTANT_PAGE, LOGIN_PAGE, OTHER_PROFILE_PAGE } from "../../lib/page-routes";

interface ProfileModalProps {
  post: ProfilePost;
  onClose: () => void;
}

/** A listing's details; its owner can delete it (then the list's loader runs again and the listing, with this dialog, goes away). */
export function ProfileModal({ post, onClose }: ProfileModalProps) {
  const { user } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [tab, setTab] = useState(0);
  // The gallery is asked for when its tab is first opened.
  const [gallery, setGallery] = useState<Promise<GalleryPhoto[]> | null>(null);
  const selectTab = (index: number) => {
    setTab(index);
    if (index === 1 && !gallery) setGallery(galleryRequest(post.userId, false));
  };
  const fullName = `${post.firstName} ${post.lastName}`;
  const isOwner = user?.id === post.userId;
  const facts = [
    { label: "Role", value: post.role || "Professional" },
    { label: "Experience", value: post.experience || "N/A" },
    { label: "Availability", value: post.availability || "N/A" },
  ];

  return (
    <Modal open onClose={onClose} title={fullName} className="max-w-2xl">
      <div className="space-y-6">
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-center sm:text-left">
          <UserAvatar src={post.avatar} alt={fullName} className="size-24" />
          <div className="flex-1 space-y-1">
            <p className="text-2xl font-bold text-teal-300">{formatHourlyRate(post.salaryRate ?? ASSISTANT_RATE)}</p>
            <RatingSummary rating={post.rating} reviewCount={post.reviewCount} />
            <IconText icon={MapPin} iconClassName="text-teal-400" className="justify-center text-sm text-slate-400 sm:justify-start">
              {post.location || "Remote"}
            </IconText>
          </div>
          {isOwner && (
            <button
              type="button"
              aria-label="Delete profile"
              title="Delete profile"
              onClick={() => setConfirming(true)}
              className="btn-ghost p-2 text-rose-300 hover:bg-rose-500/15 hover:text-rose-200"
            >
              <Trash2 aria-hidden="true" className="size-5" />
            </button>
          )}
        </div>

        <dl className="grid grid-cols-3 gap-3 rounded-xl bg-slate-950/50 p-4 text-center">
          {facts.map(({ label, value }) => (
            <div key={label}>
              <dt className="text-xs text-slate-400">{label}</dt>
              <dd className="text-sm font-medium text-slate-100">{value}</dd>
            </div>
          ))}
        </dl>

        {post.bio && (
          <section>
            <h3 className="mb-1 font-semibold text-white">About</h3>
            <p className="text-sm leading-relaxed whitespace-pre-line text-slate-300">{post.bio}</p>
          </section>
        )}

        <div className="flex flex-col gap-2 sm:flex-row">
          {!isOwner && (
            <Link to={user ? pageHref(BOOK_CONSULTANT_PAGE, { consultantId: post.userId }) : pageHref(LOGIN_PAGE, {})} className="btn-primary flex-1">
              Book Now
            </Link>
          )}
          <Link to={pageHref(OTHER_PROFILE_PAGE, { id: post.userId })} className="btn-secondary flex-1">
            View Full Profile
          </Link>
        </div>

        <Tabs
          label={`${fullName}'s profile`}
          selected={tab}
          onSelect={selectTab}
          tabs={[
            { label: "Info", panel: () => <ProfileInfoTab post={post} /> },
            { label: "Gallery", panel: () => gallery && <GalleryView photos={gallery} owner={isOwner} /> },
          ]}
        />
      </div>

      {isOwner && <DeleteProfileDialog open={confirming} listingId={post.id} onCancel={() => setConfirming(false)} />}
    </Modal>
  );
}
