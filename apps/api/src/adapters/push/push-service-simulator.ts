import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A push service on 127.0.0.1 speaking the Web Push wire (RFC 8030/8291/8292): it accepts
 * `POST /push/{id}` with the encrypted body and answers 201, or 410 Gone for ids marked gone.
 * Tests (and local development) point subscriptions at it.
 */
export class PushServiceSimulator {
  readonly received: ReceivedPush[] = [];
  readonly gone = new Set<string>();
  #server: Server | undefined;

  async start(): Promise<string> {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = request.url ?? '/';
        const id = url.replace(/^\/push\//, '');
        if (request.method !== 'POST' || !url.startsWith('/push/')) {
          response.writeHead(404).end();
          return;
        }
        if (this.gone.has(id)) {
          response.writeHead(410).end('push subscription has unsubscribed or expired.');
          return;
        }
        this.received.push({ path: url, headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(201, { location: `${url}/messages/${this.received.length}` }).end();
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.#server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}
