// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 37: the sites' types come from the contracts, so a server that changes an answer breaks the
 * sites' type check, not a page at run time. This compiles a real site file
 * (`lib/api/get-current-user.ts`, which reads `data.user` of GET /users/current) with the customer
 * site's compiler options, once against the contract as it is and once against a copy whose response
 * schema was changed (`data.user` renamed) — the fixture is the changed text, held in memory.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const siteFile = path.join(repoRoot, 'apps/web/src/lib/api/get-current-user.ts');
const contractFile = path.join(repoRoot, 'packages/shared/src/accounts/accounts-contract.ts');

function siteDiagnostics(contractText?: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(repoRoot, 'apps/web/tsconfig.json'),
    { noEmit: true },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('apps/web/tsconfig.json did not parse');
  const options = { ...config.options, noEmit: true, composite: false, incremental: false };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) =>
    contractText && path.resolve(file) === contractFile ? contractText : readFile(file);
  const program = ts.createProgram({ rootNames: [siteFile], options, host });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && path.resolve(d.file.fileName) === siteFile)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('a contract change reaches the site type check', { timeout: 180_000 }, () => {
  it('the site file type-checks against the contract as it is', () => {
    expect(siteDiagnostics()).toEqual([]);
  });

  it("changing the entry's response schema makes the site file fail to type-check", () => {
    const original = readFileSync(contractFile, 'utf8');
    const changed = original.replace(
      'responses: { 200: ZCurrentUserResponse }',
      'responses: { 200: z.object({ success: z.literal(true), data: z.object({ account: ZUserResponse.shape.user }) }) }',
    );
    expect(changed).not.toBe(original);
    const errors = siteDiagnostics(changed);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(/Property 'user' does not exist/);
  });
});
