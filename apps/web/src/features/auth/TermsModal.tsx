import { Modal } from "../../components/Modal";
import { TERMS_SECTIONS } from "./terms-sections";

export function TermsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Terms of Service"
      className="max-w-2xl"
      footer={
        <button type="button" className="btn-primary" onClick={onClose}>
          I Understand
        </button>
      }
    >
      <ol className="space-y-5 text-sm leading-relaxed text-slate-300">
        {TERMS_SECTIONS.map((section, index) => (
          <li key={section.title}>
            <h3 className="mb-1 font-semibold text-slate-100">
              {index + 1}. {section.title}
            </h3>
            <p>{section.body}</p>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
