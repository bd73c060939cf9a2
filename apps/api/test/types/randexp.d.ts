// randexp ships no types; the hostile-input suite only generates strings that match a schema's pattern.
declare module 'randexp' {
  export default class RandExp {
    constructor(pattern: string | RegExp, flags?: string);
    max: number;
    gen(): string;
  }
}
