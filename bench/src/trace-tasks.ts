/**
 * What a page's long tasks are made of (issue 32): Lighthouse files most of a server-rendered page's
 * main-thread time under "Unattributable" and "other", which says nothing about where it goes. This
 * reads a Chrome trace (devtools.timeline) and splits each long task's time by the kind of work that
 * spent it — script, style, layout, paint, HTML or CSS parsing, SVG image documents, garbage
 * collection — from the events nested in it, each event's own time (its length less its children's)
 * going to the nearest enclosing event of a known kind.
 */

/** One trace event, as Chrome writes it (only the fields read here). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

export const KINDS = [
  'script',
  'style',
  'layout',
  'paint',
  'parse HTML',
  'parse CSS',
  'SVG image',
  'GC',
  'other',
] as const;
export type Kind = (typeof KINDS)[number];

/** The kind of an event, by its name; undefined: its time belongs to its parent's kind. */
export function kindOf(name: string): Kind | undefined {
  if (
    /^(EvaluateScript|FunctionCall|TimerFire|EventDispatch|RunMicrotasks|v8\.(compile|run|callFunction|evaluateModule|compileModule|produceCache|parseOnBackground)|V8\.(Compile|ParseFunctions))/.test(
      name,
    )
  )
    return 'script';
  if (/^(MinorGC|MajorGC|V8\.GC|BlinkGC|CppGC)/.test(name)) return 'GC';
  if (/^(IsolatedSVGDocumentHost|SVGImage::)/.test(name)) return 'SVG image';
  if (/^(UpdateLayoutTree|Document::recalcStyle|Document::updateStyle|Blink\.Style)/.test(name))
    return 'style';
  if (/^(Layout|LocalFrameView::layout|Blink\.Layout)/.test(name)) return 'layout';
  if (
    /^(Paint|PrePaint|Layerize|Commit|RasterTask|Blink\.Paint|Blink\.PrePaint|LocalFrameView::RunPaintLifecyclePhase|PaintImage)/.test(
      name,
    )
  )
    return 'paint';
  if (/^(ParseHTML|HTMLDocumentParser)/.test(name)) return 'parse HTML';
  if (/^(ParseAuthorStyleSheet|Blink\.ParseStyleSheet)/.test(name)) return 'parse CSS';
  return undefined;
}

export interface LongTask {
  /** From the first task of the trace, ms. */
  startMs: number;
  durationMs: number;
  /** Ms of the task spent in each kind of work. */
  byKind: Record<Kind, number>;
  /** The script the task's script time came from, when one did (its file name). */
  script?: string;
}

const emptyKinds = (): Record<Kind, number> =>
  Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;

/** The renderer's main thread that did the most work: the page's, when the trace holds several. */
function mainThread(events: readonly TraceEvent[]): string | undefined {
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const busy = new Map<string, number>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (mains.has(key) && event.name === 'RunTask' && event.dur)
      busy.set(key, (busy.get(key) ?? 0) + event.dur);
  }
  return [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * The main thread's tasks of at least `thresholdMs`, each split by kind. Complete events ('X') only;
 * a task's own time outside any known kind is 'other'.
 */
export function longTasks(events: readonly TraceEvent[], thresholdMs = 50): LongTask[] {
  const thread = mainThread(events);
  if (!thread) return [];
  const onThread = events
    .filter((event) => event.ph === 'X' && event.dur !== undefined && `${event.pid}:${event.tid}` === thread)
    // Parents before their children: by start, the longer first.
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const first = onThread[0]?.ts ?? 0;
  const tasks: LongTask[] = [];
  // The open events enclosing the current one, each with its kind (inherited when it has none).
  const stack: { end: number; kind: Kind; task?: LongTask; childUs: number; ownUs: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && (stack[stack.length - 1]?.end ?? 0) <= until) {
      const done = stack.pop();
      const task = done && (done.task ?? stack.find((open) => open.task)?.task);
      if (done && task) task.byKind[done.kind] += Math.max(0, done.ownUs - done.childUs) / 1000;
    }
  };
  for (const event of onThread) {
    const dur = event.dur ?? 0;
    close(event.ts);
    const parent = stack[stack.length - 1];
    if (!parent) {
      if (event.name !== 'RunTask' || dur < thresholdMs * 1000) continue;
      const task: LongTask = {
        startMs: (event.ts - first) / 1000,
        durationMs: dur / 1000,
        byKind: emptyKinds(),
      };
      tasks.push(task);
      stack.push({ end: event.ts + dur, kind: 'other', task, childUs: 0, ownUs: dur });
      continue;
    }
    parent.childUs += dur;
    const kind = kindOf(event.name) ?? parent.kind;
    const task = stack[0]?.task;
    if (task && kind === 'script' && !task.script && event.args?.data?.url)
      task.script = event.args.data.url.split('/').pop()?.split('?')[0] || undefined;
    stack.push({ end: event.ts + dur, kind, childUs: 0, ownUs: dur });
  }
  close(Number.POSITIVE_INFINITY);
  return tasks;
}

/**
 * The first contentful paint, in ms from the first task of the page's main thread (the origin of
 * `longTasks`); undefined when the trace holds none.
 */
export function firstContentfulPaintMs(events: readonly TraceEvent[]): number | undefined {
  const thread = mainThread(events);
  if (!thread) return undefined;
  const [pid, tid] = thread.split(':').map(Number);
  const first = Math.min(
    ...events
      .filter((event) => event.ph === 'X' && event.pid === pid && event.tid === tid)
      .map((event) => event.ts),
  );
  const paint = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === pid);
  return paint ? (paint.ts - first) / 1000 : undefined;
}

/**
 * Blocking time as Lighthouse counts it: each task's time past 50 ms, from `fromMs` on (the first
 * contentful paint: of a task under way then, only its part after it counts).
 */
export const blockingMs = (tasks: readonly LongTask[], fromMs = 0) =>
  tasks.reduce((sum, task) => {
    const counted = task.startMs + task.durationMs - Math.max(task.startMs, fromMs);
    return sum + Math.max(0, counted - 50);
  }, 0);

/** The tasks' time by kind, summed. */
export function sumByKind(tasks: readonly LongTask[]): Record<Kind, number> {
  const sum = emptyKinds();
  for (const task of tasks) for (const kind of KINDS) sum[kind] += task.byKind[kind];
  return sum;
}
