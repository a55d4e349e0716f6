import { describe, expect, it } from 'vitest';
import { freshBatchLoader } from './fresh-batch.js';

/** A load whose answers the test releases: each call is recorded with its keys. */
function controlledLoad() {
  const calls: { keys: string[]; release: () => void }[] = [];
  const load = (keys: readonly string[]) =>
    new Promise<string[]>((resolve) => {
      calls.push({ keys: [...keys], release: () => resolve(keys.map((key) => `value of ${key}`)) });
    });
  return { calls, load };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('freshBatchLoader (issue 38)', () => {
  it('keys asked in one turn share one statement', async () => {
    const { calls, load } = controlledLoad();
    const loader = freshBatchLoader(load);
    const answers = Promise.all(['a', 'b', 'c'].map((key) => loader.load(key)));
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b', 'c']]);
    calls[0]!.release();
    expect(await answers).toEqual(['value of a', 'value of b', 'value of c']);
  });

  it('while a statement is out, the keys that arrive wait for it and then share the next one, which starts after they were asked', async () => {
    const { calls, load } = controlledLoad();
    const loader = freshBatchLoader(load);
    const first = loader.load('a');
    await turn();
    expect(calls).toHaveLength(1);
    // Three more turns pass while the first statement is out: nothing else is sent.
    const later = [loader.load('b')];
    await turn();
    later.push(loader.load('c'));
    await turn();
    later.push(loader.load('a'));
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([['a']]);
    calls[0]!.release();
    expect(await first).toBe('value of a');
    // The 'a' asked while the first statement was out is read again, by the next statement.
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['b', 'c', 'a']]);
    calls[1]!.release();
    expect(await Promise.all(later)).toEqual(['value of b', 'value of c', 'value of a']);
  });

  it('nothing is kept: the same key asked again after its answer is read again', async () => {
    const { calls, load } = controlledLoad();
    const loader = freshBatchLoader(load);
    const first = loader.load('a');
    await turn();
    calls[0]!.release();
    await first;
    const again = loader.load('a');
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['a']]);
    calls[1]!.release();
    expect(await again).toBe('value of a');
  });

  it('a failed statement fails only its own keys, and the next keys are read', async () => {
    let call = 0;
    const loader = freshBatchLoader(async (keys: readonly string[]) => {
      call += 1;
      if (call === 1) throw new Error('connection lost');
      return keys.map((key) => key.toUpperCase());
    });
    await expect(loader.load('a')).rejects.toThrow('connection lost');
    expect(await loader.load('b')).toBe('B');
  });
});
