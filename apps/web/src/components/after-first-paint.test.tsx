import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** An IntersectionObserver the test moves: `nearing(true)` puts every observed target within the margin. */
function fakeIntersections() {
  const observers = new Set<FakeObserver>();
  const margins: string[] = [];
  class FakeObserver {
    targets = new Set<Element>();
    constructor(
      private readonly callback: IntersectionObserverCallback,
      options?: IntersectionObserverInit,
    ) {
      margins.push(options?.rootMargin ?? '');
      observers.add(this);
    }
    observe(target: Element) {
      this.targets.add(target);
    }
    disconnect() {
      observers.delete(this);
    }
    report(isIntersecting: boolean) {
      const entries = [...this.targets].map((target) => ({ target, isIntersecting }));
      this.callback(
        entries as unknown as IntersectionObserverEntry[],
        this as unknown as IntersectionObserver,
      );
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    margins,
    observed: () => [...observers].flatMap((observer) => [...observer.targets]),
    nearing: (isIntersecting: boolean) =>
      act(async () => {
        for (const observer of observers) observer.report(isIntersecting);
      }),
  };
}

describe('AfterFirstPaint whenNear', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('builds nothing while its place is far below the screen, and each part only while it is near', async () => {
    const view = fakeIntersections();
    const commits: string[] = [];
    const { container } = render(
      <AfterFirstPaint whenNear placeholderClassName="h-96">
        <Part name="discover" commits={commits} />
        <Part name="more" commits={commits} />
      </AfterFirstPaint>,
    );
    const shown = () => [...container.querySelectorAll('section')].map((section) => section.dataset.testid);
    const placeholder = container.querySelector('div.h-96[aria-hidden="true"]');
    expect(view.observed()).toEqual([placeholder]);
    expect(view.margins).toEqual(['0px 0px 100% 0px']);

    // The observer's first report: far below. Frames and tasks pass, and nothing is built.
    await view.nearing(false);
    await paintFirstPart();
    await buildNextPart();
    expect(shown()).toEqual([]);

    // Scrolled to within a screen of it: the first part, after a paint.
    await view.nearing(true);
    await paintFirstPart();
    expect(shown()).toEqual(['discover']);

    // The first part pushed the placeholder out of reach again: the second waits.
    await view.nearing(false);
    await buildNextPart();
    expect(shown()).toEqual(['discover']);
    await view.nearing(true);
    await buildNextPart();
    expect(shown()).toEqual(['discover', 'more']);
    expect(container.querySelector('div.h-96')).toBeNull();
    expect(view.observed()).toEqual([]);
    expect(commits).toEqual(['discover', 'more']);
  });

  it('builds every part in a browser without IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const commits: string[] = [];
    const { container } = render(
      <AfterFirstPaint whenNear>
        <Part name="discover" commits={commits} />
      </AfterFirstPaint>,
    );
    await paintFirstPart();
    expect([...container.querySelectorAll('section')].map((section) => section.dataset.testid)).toEqual([
      'discover',
    ]);
  });
});
