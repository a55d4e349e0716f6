#!/usr/bin/env node
/**
 * The rules that keep issue 37's seams (part of `npm run lint`):
 *
 * 1. **HTTP goes through the contract client.** In the sites (`apps/web/src`, `apps/merchant/src`),
 *    no `fetch(`, `XMLHttpRequest`, `apiFetch`, `apiRequest(` or `apiClient.get/post/put/patch/
 *    delete/request(`: every call is `call(<routes>.<entry>, input)` over a contract entry. The
 *    listed files are the exceptions, each with its reason.
 * 2. **Socket events are named by the event map.** Outside `packages/shared/src/realtime/`, no call
 *    takes one of our event names as a string literal (`.on('new_message'`, `.emit('mark_read'`, a
 *    helper's `listen('typing_start'`): the names come from `SERVER_EVENTS` / `CLIENT_EVENTS`.
 *    (Node's and Socket.IO's own events — error, connect, disconnect, connection… — are not ours.)
 * 3. **A product source file stays under 500 lines**, unless it is listed below with its reason
 *    (data, generated) or as one still to be split, which may not grow past its listed size.
 *
 * Tests (`*.test.*`, `test/` folders) are not product files and are not checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const MAX_LINES = 500;

/** Rule 1's exceptions: file → why it may make a request by hand. */
const HTTP_EXCEPTIONS = {
  'apps/web/src/lib/api-client.ts':
    'the site’s one configuration of @d3/api-client (apiRequest is its test handle)',
  'apps/merchant/src/lib/api-client.ts': 'the site’s one configuration of @d3/api-client',
  'apps/merchant/src/lib/api/upload-image.ts':
    'XMLHttpRequest is the one browser API that reports upload progress; it sends to a contract entry with the client’s own headers',
};

/** Rule 3's exceptions: file → why it is long. */
const SIZE_EXCEPTIONS = {
  'packages/shared/src/api/routes.ts': 'generated from the contracts (scripts/contract-routes.ts)',
};

/**
 * Files over the limit when the rule came in (issue 37), still to be split by job: each may not
 * grow past the size written here. Remove a line once its file is split.
 */
const TO_SPLIT = {}; // none left: notifications-service.ts was the last (split into its jobs)

const SOURCE_DIRS = ['apps/api/src', 'apps/web/src', 'apps/merchant/src', 'packages'];
const SITE_DIRS = ['apps/web/src', 'apps/merchant/src'];

const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || /(^|\/)test(-support)?\//.test(file);

function sourceFiles(dir) {
  const full = path.join(root, dir);
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.[cm]?[jt]sx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .filter((file) => !/(^|\/)(node_modules|dist|build-output)\//.test(file) && !isTest(file));
}

const problems = [];
const lineOf = (text, index) => text.slice(0, index).split('\n').length;

// 1. HTTP through the contract client.
const HTTP =
  /\bfetch\(|XMLHttpRequest|\bapiFetch\b|\bapiRequest\(|\bapiClient\.(get|post|put|patch|delete|request)\(/g;
for (const file of SITE_DIRS.flatMap(sourceFiles)) {
  if (HTTP_EXCEPTIONS[file]) continue;
  const text = readFileSync(path.join(root, file), 'utf8');
  for (const match of text.matchAll(HTTP)) {
    problems.push(
      `${file}:${lineOf(text, match.index)} ${match[0]}: call a contract entry instead (call(<routes>.<entry>, input))`,
    );
  }
}

// 2. Socket event names from the event map.
const eventsFile = readFileSync(path.join(root, 'packages/shared/src/realtime/socket-events.ts'), 'utf8');
const OUR_EVENTS = new Set([...eventsFile.matchAll(/\b([a-z]+(?:_[a-z]+)+)\b/g)].map((m) => m[1]));
/** A call whose first argument is one of our event names as a literal (`.on(`, `.emit(`, a helper's). */
const SOCKET_CALL = /\(\s*'([a-z]+(?:_[a-z]+)+)'/g;
for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
  if (file.startsWith('packages/shared/src/realtime/')) continue;
  const text = readFileSync(path.join(root, file), 'utf8');
  for (const match of text.matchAll(SOCKET_CALL)) {
    if (!OUR_EVENTS.has(match[1])) continue;
    problems.push(
      `${file}:${lineOf(text, match.index)} '${match[1]}': name socket events from SERVER_EVENTS / CLIENT_EVENTS`,
    );
  }
}

// 3. File size.
for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
  if (SIZE_EXCEPTIONS[file]) continue;
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n').length - 1;
  const ceiling = TO_SPLIT[file] ?? MAX_LINES;
  if (lines > ceiling) {
    problems.push(
      TO_SPLIT[file]
        ? `${file}: ${lines} lines, more than its listed ${ceiling} (it is to be split, not grown)`
        : `${file}: ${lines} lines (at most ${MAX_LINES}; split it by job, or list it in scripts/lint-rules.mjs with a reason)`,
    );
  }
}
for (const file of [
  ...Object.keys(SIZE_EXCEPTIONS),
  ...Object.keys(TO_SPLIT),
  ...Object.keys(HTTP_EXCEPTIONS),
]) {
  try {
    readFileSync(path.join(root, file));
  } catch {
    problems.push(`scripts/lint-rules.mjs lists ${file}, which does not exist: take it off the list`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} problem(s) (scripts/lint-rules.mjs)`);
  process.exit(1);
}
