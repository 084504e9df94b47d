/** Text made safe to place in HTML markup written by hand (mails, refusal pages, <noscript> content). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
