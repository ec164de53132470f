/*
 * The HTML part of a mail, beside its plain text (which stays the whole message for clients that
 * show only text). Written for mail clients, not browsers: one table 600 px wide, inline styles,
 * no images but the practice's logo, no scripts, system fonts; Outlook, Gmail and Apple Mail render it alike. Every text
 * is escaped; links are made only of what the text holds as a URL.
 */

export interface HtmlMail {
  lang: string;
  /** The heading, usually the subject. */
  title: string;
  greeting: string;
  /** Paragraphs of plain text; a blank line in the text ends one. */
  paragraphs: string[];
  /** The one thing to do, as a button (its URL also stands in the text for plain-text readers). */
  action?: { label: string; url: string };
  /** Label and value rows: what, when, where. */
  details?: [string, string][];
  signoff: string;
  /** The practice's logo (an absolute URL), above the heading or below the sign-off. */
  logo?: { url: string; placement: 'TOP' | 'BOTTOM' } | undefined;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Escaped text with its http(s) URLs as links and its line breaks kept. */
function richText(text: string): string {
  return escape(text)
    .replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}" style="color:#0b5c4f">${url}</a>`)
    .replace(/\n/g, '<br>');
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The logo as a mail client shows it: a fixed height, no border, no text of its own. */
const logoImage = (url: string, margin: string) =>
  `<img src="${escape(url)}" alt="" height="48" style="display:block;height:48px;width:auto;max-width:240px;border:0;margin:${margin}">`;

export function renderHtmlMail(mail: HtmlMail): string {
  const paragraphs = mail.paragraphs
    .filter((p) => p.trim() !== '')
    .map((p) => `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:1.5;color:#1b1f23">${richText(p)}</p>`)
    .join('\n');
  const details = mail.details?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 20px;border-collapse:collapse">${mail.details
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="${FONT};font-size:15px;text-align:left;vertical-align:top;padding:4px 16px 4px 0;color:#495057">${escape(label)}</th><td style="${FONT};font-size:15px;padding:4px 0;color:#1b1f23">${richText(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = mail.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 24px"><tr><td style="border-radius:8px;background:#0b5c4f"><a href="${escape(mail.action.url)}" style="display:inline-block;padding:12px 24px;${FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px">${escape(mail.action.label)}</a></td></tr></table>`
    : '';
  return `<!doctype html>
<html lang="${escape(mail.lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(mail.title)}</title></head>
<body style="margin:0;padding:0;background:#f1f3f5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px"><tr><td style="padding:32px 28px">
${mail.logo?.placement === 'TOP' ? logoImage(mail.logo.url, '0 0 16px') : ''}
<p style="margin:0 0 8px;${FONT};font-size:14px;font-weight:700;color:#0b5c4f">wartefrei</p>
<h1 style="margin:0 0 20px;${FONT};font-size:22px;line-height:1.3;color:#1b1f23">${escape(mail.title)}</h1>
<p style="margin:0 0 16px;${FONT};font-size:16px;color:#1b1f23">${escape(mail.greeting)}</p>
${paragraphs}
${details}
${action}
<p style="margin:0;${FONT};font-size:16px;color:#1b1f23">${escape(mail.signoff)}</p>
${mail.logo?.placement === 'BOTTOM' ? logoImage(mail.logo.url, '24px 0 0') : ''}
</td></tr></table>
</td></tr></table>
</body>
</html>`;
}
