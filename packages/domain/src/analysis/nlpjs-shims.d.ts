// The @nlpjs language packages ship no types; only the parts Lumen reads are declared.
type NlpjsLanguage = {
  senticon?: Record<string, number>;
  afinn?: Record<string, number>;
  pattern?: Record<string, number>;
  negations: { words: string[] };
};
type NlpjsStemmer = new () => { stemWord(word: string): string };

declare module '@nlpjs/lang-de' {
  const lang: { StemmerDe: NlpjsStemmer; SentimentDe: NlpjsLanguage };
  export default lang;
}
declare module '@nlpjs/lang-fr' {
  const lang: { StemmerFr: NlpjsStemmer; SentimentFr: NlpjsLanguage };
  export default lang;
}
declare module '@nlpjs/lang-es' {
  const lang: { StemmerEs: NlpjsStemmer; SentimentEs: NlpjsLanguage };
  export default lang;
}
declare module '@nlpjs/lang-it' {
  const lang: { StemmerIt: NlpjsStemmer; SentimentIt: NlpjsLanguage };
  export default lang;
}
declare module '@nlpjs/lang-pt' {
  const lang: { StemmerPt: NlpjsStemmer; SentimentPt: NlpjsLanguage };
  export default lang;
}
declare module '@nlpjs/lang-nl' {
  const lang: { StemmerNl: NlpjsStemmer; SentimentNl: NlpjsLanguage };
  export default lang;
}
