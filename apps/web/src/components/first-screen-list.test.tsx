import { cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNextPart, fakePaintClock, paintFirstPart } from '../test/paint-steps';
import { FirstScreenList } from './first-screen-list';

afterEach(cleanup);
fakePaintClock();

const names = Array.from({ length: 11 }, (_, index) => `offer-${index + 1}`);
const list = (
  <ul>
    <FirstScreenList count={4} perTask={3}>
      {names.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </FirstScreenList>
  </ul>
);

describe('FirstScreenList', () => {
  it('the server renders the first screen’s items only, and a list that holds nothing but items', () => {
    const html = renderToString(list);
    expect(html).toBe(
      `<ul>${names
        .slice(0, 4)
        .map((name) => `<li>${name}</li>`)
        .join('')}</ul>`,
    );
  });

  it('in the browser, the rest follows the first paint a few per task, in order', async () => {
    const { container } = render(list);
    const shown = () => [...container.querySelectorAll('li')].map((item) => item.textContent);
    expect(shown()).toEqual(names.slice(0, 4));
    await paintFirstPart();
    expect(shown()).toEqual(names.slice(0, 7));
    await buildNextPart();
    expect(shown()).toEqual(names.slice(0, 10));
    await buildNextPart();
    expect(shown()).toEqual(names);
    expect(container.querySelector('ul')?.children).toHaveLength(names.length);
  });

  it('a list no longer than the first screen is drawn whole, with no placeholder', () => {
    const html = renderToString(
      <ul>
        <FirstScreenList count={4}>
          <li>one</li>
          <li>two</li>
        </FirstScreenList>
      </ul>,
    );
    expect(html).toBe('<ul><li>one</li><li>two</li></ul>');
  });
});
