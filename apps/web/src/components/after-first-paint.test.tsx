import { cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNextPart, fakePaintClock, paintFirstPart } from '../test/paint-steps';
import { AfterFirstPaint } from './after-first-paint';

afterEach(cleanup);
fakePaintClock();

/** Each part records the moment it is put into the page (its commit). */
function Part({ name, commits }: { name: string; commits: string[] }) {
  useEffect(() => {
    commits.push(name);
  }, [name, commits]);
  return <section data-testid={name}>{name}</section>;
}

describe('AfterFirstPaint', () => {
  it('builds nothing before the first paint, then one part per commit, the placeholder below until the last', async () => {
    const commits: string[] = [];
    const { container } = render(
      <AfterFirstPaint placeholderClassName="min-h-screen">
        <Part name="featured" commits={commits} />
        <Part name="top-deals" commits={commits} />
        <Part name="top-stores" commits={commits} />
      </AfterFirstPaint>,
    );
    const shown = () => [...container.querySelectorAll('section')].map((section) => section.dataset.testid);
    const placeholder = () => container.querySelector('div.min-h-screen[aria-hidden="true"]');
    expect(shown()).toEqual([]);
    expect(placeholder()).not.toBeNull();

    // Two frames: the first part alone.
    await paintFirstPart();
    expect(shown()).toEqual(['featured']);
    expect(placeholder()).not.toBeNull();

    // Each next part in a task of its own, in order; then the placeholder is gone.
    await buildNextPart();
    expect(shown()).toEqual(['featured', 'top-deals']);
    await buildNextPart();
    expect(shown()).toEqual(['featured', 'top-deals', 'top-stores']);
    expect(placeholder()).toBeNull();
    expect(commits).toEqual(['featured', 'top-deals', 'top-stores']);
  });
});
