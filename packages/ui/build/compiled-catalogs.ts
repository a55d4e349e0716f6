import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import pseudolocalize from 'pseudolocale';
import type { Plugin } from 'vite';

const PREFIX = '\0d3-catalog:';
const PSEUDO_QUERY = '?pseudo';

type Compiled = string | (string | unknown[])[];

/** A tag of a rich message (`<0>`, `</0>`, `<1/>`): kept as it is, like the ICU arguments. */
const TAG = /(<\/?\d+\/?>)/;

/** Lingui's pseudolocalization of plain text (the `pseudolocale` package it uses), tags kept. */
export function pseudoText(text: string): string {
  return text
    .split(TAG)
    .map((part) =>
      TAG.test(part) ? part : pseudolocalize(part, { prepend: '', append: '', delimiter: '\u0001' }),
    )
    .join('');
}

/**
 * The pseudo-locale of a compiled message (issue 33): every literal piece accented ('Ĥōḿē'),
 * arguments, plural/select keys and `#` left alone, so a text that reaches the screen without
 * passing through the catalogue stands out as plain English.
 */
export function pseudoCompiled(message: Compiled): Compiled {
  if (typeof message === 'string') return pseudoText(message);
  return message.map((token) => {
    if (typeof token === 'string') return token === '#' ? token : pseudoText(token);
    const [name, kind, branches, ...rest] = token as [string, string?, unknown?, ...unknown[]];
    if (branches && typeof branches === 'object' && !Array.isArray(branches)) {
      const mapped: Record<string, unknown> = {};
      // A plural's `offset` (a number, or undefined) is no text.
      for (const [key, branch] of Object.entries(branches))
        mapped[key] =
          typeof branch === 'string' || Array.isArray(branch) ? pseudoCompiled(branch as Compiled) : branch;
      return [name, kind, mapped, ...rest];
    }
    return token;
  });
}

/**
 * Message catalogues (issue 33) are JSON files `locales/{en,sw}.messages.json` of ICU messages by
 * id (one pair for the site's shell, one per area under `locales/<area>/`). Imported, each becomes
 * a module of Lingui's compiled messages: the ICU parser never reaches the browser, and a malformed
 * message fails the build with its id. Each catalogue is its own chunk when imported with
 * `import()`, so a page loads only its language's. `en.messages.json?pseudo` is that catalogue
 * pseudolocalized (Lingui's pseudo-locale): loaded only by the pseudo-locale run.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'd3-compiled-catalogs',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return null;
      const pseudo = source.endsWith(`.messages.json${PSEUDO_QUERY}`);
      if (!source.endsWith('.messages.json') && !pseudo) return null;
      const file = pseudo ? source.slice(0, -PSEUDO_QUERY.length) : source;
      const resolved = await this.resolve(file, importer, { skipSelf: true });
      // Ends in .js, so Vite's JSON plugin leaves the module to this one.
      return resolved ? `${PREFIX}${resolved.id}${pseudo ? '?pseudo' : ''}.js` : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      let file = id.slice(PREFIX.length, -'.js'.length);
      const pseudo = file.endsWith('?pseudo');
      if (pseudo) file = file.slice(0, -'?pseudo'.length);
      this.addWatchFile(file);
      const source = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [messageId, message] of Object.entries(source)) {
        try {
          const result = compileMessageOrThrow(message) as Compiled;
          compiled[messageId] = pseudo ? pseudoCompiled(result) : result;
        } catch (error) {
          throw new Error(
            `${path.basename(file)}: message "${messageId}" is not valid ICU: ${String(error)}`,
          );
        }
      }
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
