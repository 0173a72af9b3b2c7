// Only the comparison script uses these libraries; they ship no types.
declare module 'wink-sentiment' {
  const wink: (text: string) => { score: number; normalizedScore: number };
  export default wink;
}
declare module 'sentiment' {
  export default class Sentiment {
    analyze(text: string): { score: number; comparative: number; tokens: string[] };
  }
}
