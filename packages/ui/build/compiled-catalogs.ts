import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = '\0d3-catalog:';

/**
 * Message catalogues (issue 33) are JSON files `locales/{en,sw}.messages.json` of ICU messages by
 * id. Imported, each becomes a module of Lingui's compiled messages: the ICU parser never reaches
 * the browser, and a malformed message fails the build with its id. Each catalogue is its own
 * chunk when imported with `import()`, so a page loads only its language's.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'd3-compiled-catalogs',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith('.messages.json') || !importer) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      // Ends in .js, so Vite's JSON plugin leaves the module to this one.
      return resolved ? `${PREFIX}${resolved.id}.js` : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -'.js'.length);
      this.addWatchFile(file);
      const source = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [messageId, message] of Object.entries(source)) {
        try {
          compiled[messageId] = compileMessageOrThrow(message);
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
