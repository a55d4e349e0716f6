import { describe, expect, it } from 'vitest';
import {
  blockingMs,
  firstContentfulPaintMs,
  kindOf,
  longTasks,
  sumByKind,
  type TraceEvent,
} from './trace-tasks.js';

const ms = 1000;
const on = (name: string, start: number, dur: number, url?: string): TraceEvent => ({
  name,
  ph: 'X',
  ts: 5_000_000 + start * ms,
  dur: dur * ms,
  pid: 1,
  tid: 7,
  ...(url ? { args: { data: { url } } } : {}),
});

describe('long tasks split by kind of work (issue 32)', () => {
  it('gives each nested event its own time, less its children, under its nearest known kind', () => {
    const events: TraceEvent[] = [
      { name: 'thread_name', ph: 'M', ts: 0, pid: 1, tid: 7, args: { name: 'CrRendererMain' } },
      // Another thread's longer task is not the page's.
      { name: 'RunTask', ph: 'X', ts: 5_000_000, dur: 400 * ms, pid: 1, tid: 9 },
      on('RunTask', 0, 100),
      on('WebFrameWidgetImpl::UpdateLifecycle', 5, 60),
      on('UpdateLayoutTree', 10, 30),
      on('IsolatedSVGDocumentHost::IsolatedSVGDocumentHost', 20, 10),
      on('Layout', 40, 20),
      on('FunctionCall', 65, 25, 'http://127.0.0.1:3181/assets/react-Cu.js?v=1'),
      on('MinorGC', 70, 5),
      // A short task: not a long one.
      on('RunTask', 150, 30),
      on('RunTask', 200, 80),
      on('ParseHTML', 200, 70),
    ];
    const tasks = longTasks(events);
    expect(tasks.map((task) => [task.startMs, task.durationMs])).toEqual([
      [0, 100],
      [200, 80],
    ]);
    expect(tasks[0]?.byKind).toEqual({
      script: 20,
      style: 20,
      layout: 20,
      paint: 0,
      'parse HTML': 0,
      'parse CSS': 0,
      'SVG image': 10,
      GC: 5,
      // The task's own 15 ms outside the lifecycle and the script, and the lifecycle's own 10 ms.
      other: 25,
    });
    expect(tasks[0]?.script).toBe('react-Cu.js');
    expect(tasks[1]?.byKind['parse HTML']).toBe(70);
    expect(tasks[1]?.byKind.other).toBe(10);
    expect(blockingMs(tasks)).toBe(50 + 30);
    // From a first paint at 40 ms: the first task's last 60 ms count (10 past 50), the second whole.
    expect(blockingMs(tasks, 40)).toBe(10 + 30);
    expect(blockingMs(tasks, 250)).toBe(0);
    expect(sumByKind(tasks).other).toBe(35);
  });

  it('names the kinds by Chrome’s event names, and leaves an unknown event to its parent', () => {
    expect(kindOf('v8.compileModule')).toBe('script');
    expect(kindOf('Document::recalcStyle')).toBe('style');
    expect(kindOf('PaintImage')).toBe('paint');
    expect(kindOf('ParseAuthorStyleSheet')).toBe('parse CSS');
    expect(kindOf('V8.GC_SCAVENGER')).toBe('GC');
    expect(kindOf('ResourceFetcher::requestResource')).toBeUndefined();
  });

  it('finds nothing in a trace without the page’s main thread', () => {
    expect(longTasks([on('RunTask', 0, 500)])).toEqual([]);
    expect(firstContentfulPaintMs([on('RunTask', 0, 500)])).toBeUndefined();
  });

  it('places the first contentful paint on the main thread’s clock', () => {
    const events: TraceEvent[] = [
      { name: 'thread_name', ph: 'M', ts: 0, pid: 1, tid: 7, args: { name: 'CrRendererMain' } },
      on('RunTask', 0, 60),
      { name: 'firstContentfulPaint', ph: 'R', ts: 5_000_000 + 1_234 * ms, pid: 1, tid: 7 },
    ];
    expect(firstContentfulPaintMs(events)).toBe(1_234);
  });
});
