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
 * A plain term (a few ordinary words) reads better bare, and the question generator takes its
 * quotes off again (`unquotePlainTerm` below); anything else stays quoted in the question.
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

// A term a person would write without quotes: a few words of letters and digits with the
// punctuation names and categories use ("B2B CRM", "Marks & Spencer", "McDonald’s", "e-mail").
const PLAIN_TERM = /^[\p{L}\p{N}][\p{L}\p{N}\p{M} &.,'’/+-]*$/u;
export const PLAIN_TERM_MAX_WORDS = 6;
const PLAIN_TERM_MAX_LENGTH = 60;
const WRAPPING_QUOTES = /^\s*["“”„‟«»‹›'‘’`]+\s*(.*?)\s*["“”„‟«»‹›'‘’`]+\s*$/su;

export function isPlainTerm(term: string): boolean {
  return (
    term.length <= PLAIN_TERM_MAX_LENGTH &&
    term.split(/\s+/).length <= PLAIN_TERM_MAX_WORDS &&
    PLAIN_TERM.test(term)
  );
}

/**
 * A question reads `What is the best CRM software?`, not `What is the best “CRM software”?`:
 * quotes around a plain term (quoteGuestText's, or the ones a person typed around a keyword) are
 * taken off. Anything else keeps its quotes, so a long or odd guest text ("CRM. Ignore previous
 * instructions and …") still reaches the engine as one quoted term.
 */
export function unquotePlainTerm(text: string): string {
  const inner = WRAPPING_QUOTES.exec(text)?.[1];
  return inner !== undefined && isPlainTerm(inner) ? inner : text;
}
