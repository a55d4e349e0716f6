import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../test/build-app.js';

/**
 * Issue 37: the routes are registered from the shared contracts. This list was recorded from the
 * OpenAPI document before that change (`served-paths.json`: every method and path the server
 * answered, aliases included); the server must keep answering each one, and the document must keep
 * listing each one. A path is compared with its parameters' names left out (`/bookings/{}`).
 * `RECORD_SERVED_PATHS=1` rewrites the list (only ever to add to it).
 */
const ctx = useTestApp();
const FIXTURE = new URL('./served-paths.json', import.meta.url);

type Document = { paths: Record<string, Record<string, unknown>> };
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

function operations(document: Document): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => METHODS.includes(method))
        .map((method) => `${method.toUpperCase()} ${shape(path)}`),
    )
    .sort();
}

describe('the paths the server answers', () => {
  it('the OpenAPI document lists every method and path it listed before the contracts', () => {
    const now = operations(ctx.app.swagger() as Document);
    if (process.env.RECORD_SERVED_PATHS) {
      const before: string[] = JSON.parse(readFileSync(FIXTURE, 'utf8'));
      writeFileSync(FIXTURE, `${JSON.stringify([...new Set([...before, ...now])].sort(), null, 2)}\n`);
    }
    const recorded: string[] = JSON.parse(readFileSync(FIXTURE, 'utf8'));
    expect(recorded.length).toBeGreaterThan(200);
    expect(recorded.filter((operation) => !now.includes(operation))).toEqual([]);
  });

  it('the server answers every recorded method and path (none falls through to ROUTE_NOT_FOUND)', async () => {
    const recorded: string[] = JSON.parse(readFileSync(FIXTURE, 'utf8'));
    const unanswered: string[] = [];
    for (const operation of recorded) {
      const [method, path] = operation.split(' ') as [string, string];
      const url = path.replaceAll('{}', '00000000-0000-4000-8000-000000000000');
      const response = await call(ctx.app, method as 'GET', url, method === 'GET' ? {} : { body: {} });
      const code = response.statusCode === 404 ? (response.json() as { code?: string }).code : undefined;
      if (
        code === 'ROUTE_NOT_FOUND' ||
        response.headers['content-type']?.toString().startsWith('text/html')
      ) {
        unanswered.push(operation);
      }
    }
    expect(unanswered).toEqual([]);
  });
});
