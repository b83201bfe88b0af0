import type { ProjectPost } from "@vam/shared";
import { PostingCard } from "../postings/public";
import { CardSection } from "../../components/CardSection";

export function ProjectsSection({ projects, failed }: { projects: ProjectPost[]; failed: boolean }) {
  return (
    <CardSection title="Projects">
      {failed ? (
        <p role="alert" className="text-sm text-rose-300">
          Error loading user posts
        </p>
      ) : projects.length === 0 ? (
        <p className="text-sm text-slate-400">This user hasn&apos;t created any projects yet.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {projects.map((project) => (
            <li key={project.id} className="flex [&>article]:w-full">
              <PostingCard posting={project} />
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
