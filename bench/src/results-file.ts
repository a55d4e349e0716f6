import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Rewrites the part of RESULTS.md between `<!-- name:start -->` and `<!-- name:end -->` (the
 * measured figures) and leaves the hand-written analysis around it alone.
 */
export function replaceSection(file: string, name: string, body: string): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const block = `${start}\n${body.trim()}\n${end}`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
