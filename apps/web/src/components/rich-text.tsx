import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

const TAG = /<(\d+)>([\s\S]*?)<\/\1>/g;

/**
 * A catalogue message with numbered tags (issue 33), e.g. 'Great <0>local deals</0> near you':
 * each `<n>…</n>` becomes `tags[n]` around its words, so a translation may move the emphasis.
 */
export function RichText({ message, tags }: { message: string; tags: readonly ReactElement[] }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    parts.push(message.slice(last, match.index));
    const tag = tags[Number(match[1])];
    parts.push(tag ? cloneElement(tag, { key: match.index }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  parts.push(message.slice(last));
  return <Fragment>{parts}</Fragment>;
}
