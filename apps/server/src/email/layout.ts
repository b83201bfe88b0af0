/**
 * Every email's two parts, in the product's look (dark slate, teal action), with no remote
 * image: a wordmark in text, inline styles only (mail clients drop style sheets).
 */
export interface EmailContent {
  subject: string;
  /** Opening line, e.g. "Hi Maria,". */
  greeting: string;
  paragraphs: string[];
  /** Label and value rows (a booking's date, time, price...). */
  details?: [string, string][];
  action?: { label: string; url: string };
  /** Small print under the action: why the email came, how to stop it. */
  footer: string[];
  /** An unsubscribe link shown in the footer. */
  unsubscribeUrl?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

export function renderEmail(content: EmailContent): { subject: string; text: string; html: string } {
  const text = [
    content.greeting,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(content.details?.length ? [...content.details.map(([label, value]) => `${label}: ${value}`), ""] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    "--",
    "VA Marketplace",
    ...content.footer,
    ...(content.unsubscribeUrl ? [`Unsubscribe: ${content.unsubscribeUrl}`] : []),
  ].join("\n");

  const p = (inner: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#e2e8f0">${inner}</p>`;
  const details = content.details?.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 20px">${content.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 12px 6px 0;font-size:14px;color:#94a3b8;white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td><td style="padding:6px 0;font-size:14px;color:#f1f5f9">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const action = content.action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#14b8a6;color:#020617;font-weight:600;font-size:15px;text-decoration:none;padding:12px 20px;border-radius:8px">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;line-height:1.5;color:#94a3b8">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(content.action.url)}" style="color:#5eead4;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : "";
  const footer = [
    ...content.footer.map(escapeHtml),
    ...(content.unsubscribeUrl ? [`<a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#5eead4">Unsubscribe</a>`] : []),
  ]
    .map((line) => `<p style="margin:0 0 6px;font-size:12px;line-height:1.5;color:#64748b">${line}</p>`)
    .join("");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="dark"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#020617">
<div style="padding:24px 12px;background:#020617;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto">
<p style="margin:0 0 16px;font-size:18px;font-weight:700;color:#5eead4">VA Marketplace</p>
<div style="background:#0f172a;border:1px solid #1e293b;border-radius:16px;padding:28px 24px">
${p(escapeHtml(content.greeting))}
${content.paragraphs.map((paragraph) => p(escapeHtml(paragraph))).join("\n")}
${details}${action}
</div>
<div style="padding:16px 8px">${footer}</div>
</div></div>
</body></html>`;
  return { subject: content.subject, text, html };
}
