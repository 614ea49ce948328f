import { TokenParser, Tokenizer, TokenType, type ParsedTokenInfo } from '@streamparser/json';

/*
 * An import file read as a stream: each member is handed over as soon as it is parsed and then
 * dropped, so the memory a file takes is a chunk, one member and the enablers' heads (their fields
 * and configs), whatever the file's size.
 */

/** What a file's stream gives: each member with its place, and (full import) the enablers' heads. */
export interface FileVisitor {
  /** A member, at `/<enabler>/members/<index>` in a full import, `/<index>` in an onboarding file. */
  member: (value: unknown, index: number, enabler: number) => void;
  /** An enabler of a full import with its members left out (`members: []` when it had a list). */
  head?: (value: unknown, enabler: number) => void;
}

export type FileReadProblem = 'not-json' | 'not-a-list';

interface Frame {
  array: boolean;
  key?: string;
  expectKey: boolean;
}

/**
 * Reads a file's chunks: `visitor` is called for every member and head as they come, and
 * `afterChunk` after each chunk (where the caller writes what it gathered, so that members do not
 * pile up). Answers what is wrong with the file's JSON as a whole, or undefined.
 */
export const readImportFile = async (
  chunks: AsyncIterable<Uint8Array>,
  onboarding: boolean,
  visitor: FileVisitor,
  afterChunk: () => Promise<void> = async () => undefined,
): Promise<FileReadProblem | undefined> => {
  // The members: each one deleted from its list once handed over (keepStack: false).
  const members = new TokenParser({ paths: [onboarding ? '$.*' : '$.*.members.*'], keepStack: false });
  members.onValue = ({ value, key, stack }) =>
    visitor.member(value, key as number, onboarding ? 0 : (stack[1]?.key as number));
  // The heads: a second parser is given every token but those inside a members list.
  const heads = new TokenParser({ paths: ['$.*'], keepStack: false });
  heads.onValue = ({ value, key }) => visitor.head?.(value, key as number);
  const frames: Frame[] = [];
  let skipping = false;
  let first = true;
  let notAList = false;
  const tokenizer = new Tokenizer();
  tokenizer.onToken = (info: ParsedTokenInfo) => {
    if (first) {
      first = false;
      if (info.token !== TokenType.LEFT_BRACKET) {
        notAList = true;
        throw new Error('not a list');
      }
    }
    members.write(info);
    let forward = !skipping;
    const top = frames.at(-1);
    switch (info.token) {
      case TokenType.LEFT_BRACE:
      case TokenType.LEFT_BRACKET:
        if (
          !skipping &&
          frames.length === 2 &&
          info.token === TokenType.LEFT_BRACKET &&
          top?.key === 'members'
        )
          skipping = true;
        frames.push({ array: info.token === TokenType.LEFT_BRACKET, expectKey: true });
        break;
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET:
        frames.pop();
        if (skipping && frames.length === 2) {
          skipping = false;
          forward = true;
        }
        break;
      case TokenType.STRING:
        if (top && !top.array && top.expectKey) {
          top.key = info.value as string;
          top.expectKey = false;
        }
        break;
      case TokenType.COMMA:
        if (top && !top.array) top.expectKey = true;
        break;
      default:
    }
    if (!onboarding && forward) heads.write(info);
  };
  // Only the parsers' errors are the file's: the caller's (a failed write) go up.
  const parse = (feed: () => void): boolean => {
    try {
      feed();
      return true;
    } catch {
      return false;
    }
  };
  for await (const chunk of chunks) {
    if (!parse(() => tokenizer.write(chunk))) return notAList ? 'not-a-list' : 'not-json';
    await afterChunk();
  }
  if (!parse(() => tokenizer.end()) || first) return notAList ? 'not-a-list' : 'not-json';
  return members.isEnded ? undefined : 'not-json';
};
