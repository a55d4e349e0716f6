import { Children, Fragment, type ReactNode } from 'react';
import { AfterFirstPaint } from './after-first-paint';

/**
 * A list's items, the first `count` drawn with the page and the rest after its first paint, `perTask`
 * at a time (issues 32 and 38). The server renders only the first screen's cards: a store page held
 * 25 offer cards (~750 of its ~940 elements), each rendered twice by the server and hydrated by the
 * phone before any of them answered a tap. The items after the first `count` are built in the
 * browser once the page shows, each group in a task of its own (AfterFirstPaint), from the data the
 * page already holds, with no placeholder (a list holds only its items).
 */
export function FirstScreenList({
  children,
  count,
  perTask = 4,
}: {
  children: ReactNode;
  /** How many items the first screen shows at the widest layout. */
  count: number;
  perTask?: number;
}) {
  const items = Children.toArray(children);
  const groups: ReactNode[] = [];
  for (let index = count; index < items.length; index += perTask) {
    groups.push(<Fragment key={index}>{items.slice(index, index + perTask)}</Fragment>);
  }
  return (
    <>
      {items.slice(0, count)}
      {groups.length > 0 ? <AfterFirstPaint>{groups}</AfterFirstPaint> : null}
    </>
  );
}
