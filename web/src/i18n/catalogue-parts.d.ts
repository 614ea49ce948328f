// A part of a catalogue file (build/catalogue-sections.ts).
declare module '*.json?sections=first' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?sections=signedIn' {
  const texts: Record<string, unknown>;
  export default texts;
}
