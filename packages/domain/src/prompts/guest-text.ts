/**
 * Guest-typed text (a quick check's industry, country, competitor names) enters engine prompts
 * as quoted data, never as instructions (docs/security.md, "Paid engines for guests"):
 * - one line: control and format characters, line and paragraph separators become spaces;
 * - nothing that could close or fake the quotes: quote marks and backticks of every script,
 *   angle brackets and braces are dropped, so the text cannot end its quotation and go on as
 *   an instruction to the model;
 * - at most `maxLength` characters, cut at a word boundary;
 * - wrapped in typographic double quotes: `“CRM software”`.
 * The prompt templates around it stay ours; only what is inside the quotes came from the guest.
 */
const BREAKOUT = /["“”„‟〝〞〟＂«»‹›`<>{}\\[\]]/gu;
// C0/C1 controls, zero-width and bidi format characters, line/paragraph separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

export const GUEST_TERM_MAX_LENGTH = 100;

export function quoteGuestText(text: string, maxLength = GUEST_TERM_MAX_LENGTH): string {
  return `“${guestTerm(text, maxLength)}”`;
}

/** The cleaned term without its quotes (for texts that are not prompts). */
export function guestTerm(text: string, maxLength = GUEST_TERM_MAX_LENGTH): string {
  let term = text
    .normalize('NFKC')
    .replace(INVISIBLE, ' ')
    .replace(BREAKOUT, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (term.length > maxLength) {
    const cut = term.slice(0, maxLength + 1);
    const space = cut.lastIndexOf(' ');
    term = (space > maxLength / 2 ? cut.slice(0, space) : cut.slice(0, maxLength)).trim();
  }
  return term;
}
