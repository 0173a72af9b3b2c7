/**
 * Words that, written with a full stop, never end a sentence (folded: lower case, no accents).
 * One list for the languages scored (English, German, French, Spanish): a word that is an
 * abbreviation in one of them is rarely a sentence's last word in another. One-letter words
 * ("e.g.", "z. B.", "J. Smith") are handled by the scanner itself. "etc.", "Inc." and "Ltd." are
 * not here: they end a sentence when the next word starts with a capital (scan-text.ts).
 */
const NEVER_LAST = [
  // English
  'mr mrs ms dr prof sr jr st vs approx appr dept cu ft sq oz lb lbs yd incl excl esp',
  'jan feb apr jun jul aug sep sept oct nov dec ie eg cf viz al resp',
  // German
  'bzw ca ggf inkl zzgl evtl vgl sog bspw dt mio mrd allg ebd hrsg jh str usf zb dh ua uvm',
  // French
  'env ex mme mmes mlle mlles av chap nb ste cad',
  // Spanish
  'ej sra sras srta dra aprox ud uds vd vds avda cia tel pag pags dto gral',
].flatMap((line) => line.split(' '));

/** Abbreviations that do not end a sentence before a number: "No. 1", "Nr. 5", "p. 12". */
const BEFORE_NUMBERS = 'no nos nr num vol vols pp fig figs art ch'.split(' ');

// Plain sets, not WordTables: the scanner consults them only at a full stop before a space, and
// word-table.ts itself depends on the scanner.
export const ABBREVIATIONS: ReadonlySet<string> = new Set(NEVER_LAST);
export const NUMBER_ABBREVIATIONS: ReadonlySet<string> = new Set(BEFORE_NUMBERS);
