/** Skills as chips, or "No skills listed". */
export function SkillList({ skills }: { skills: readonly string[] }) {
  if (skills.length === 0) return <p className="text-sm text-slate-400">No skills listed</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {skills.map((skill) => (
        <li key={skill} className="rounded-full bg-slate-800 px-3 py-1 text-sm text-slate-200 ring-1 ring-slate-700">
          {skill}
        </li>
      ))}
    </ul>
  );
}
