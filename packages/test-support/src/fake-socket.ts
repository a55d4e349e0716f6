type THandler = (payload?: unknown) => void;

/**
 * Stands in for socket.io-client's socket in a page's test: `fire(event, payload)` plays the API
 * pushing an event to the listeners the page set; `emitted` is what the page sent. Made in
 * `vi.hoisted` (`await import('@d3/test-support/fake-socket')`) so `vi.mock` can hand it out.
 */
export class FakeSocket {
  readonly handlers = new Map<string, THandler[]>();
  readonly emitted: Array<[string, unknown]> = [];
  readonly io = { on() {}, off() {} };
  on(event: string, handler: THandler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  off(event: string, handler: THandler) {
    this.handlers.set(
      event,
      (this.handlers.get(event) ?? []).filter((h) => h !== handler),
    );
  }
  emit(event: string, payload?: unknown) {
    this.emitted.push([event, payload]);
  }
  close() {}
  fire(event: string, payload?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
}
