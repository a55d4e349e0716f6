/** A catalogue pseudolocalized at build time (packages/ui/build/compiled-catalogs.ts, issue 33). */
declare module '*.messages.json?pseudo' {
  const messages: import('@d3/ui').Messages;
  export default messages;
}
