import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSlicedData } from './use-sliced-data';

afterEach(cleanup);

describe('useSlicedData', () => {
  it('an answer first renders as still loading, then builds in a background render', async () => {
    const seen: { data: string[] | undefined; arriving: boolean }[] = [];
    function Section({ data }: { data: string[] | undefined }) {
      const sliced = useSlicedData(data);
      seen.push(sliced);
      return <p>{sliced.arriving ? 'loading' : (sliced.data?.join(', ') ?? 'nothing yet')}</p>;
    }
    const view = render(<Section data={undefined} />);
    expect(seen.at(-1)).toEqual({ data: undefined, arriving: false });
    seen.length = 0;
    await act(async () => view.rerender(<Section data={['Glow Spa', 'Kilimani Cuts']} />));
    // The render the answer causes keeps the loading state; the deferred one shows the answer.
    expect(seen[0]).toEqual({ data: undefined, arriving: true });
    expect(seen.at(-1)).toEqual({ data: ['Glow Spa', 'Kilimani Cuts'], arriving: false });
    expect(view.container.textContent).toBe('Glow Spa, Kilimani Cuts');
  });
});
