// GET /api/cms/changes: server-sent events for the storefront's server-side cache (ADR 037). `ready` on connect and
// `change` whenever content changes or a scheduled item goes live, each with `live` (the change feed is connected,
// so no change can go unnoticed). A comment every 25 s keeps idle proxies from closing the stream.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serviceUnavailable } from '../../lib/errors.ts';
import type { ContentService } from './content.service.ts';

/** Web processes hold one stream each; more than this many open streams is not a storefront. */
export const MAX_CHANGE_STREAMS = 64;
const PING_MS = 25_000;

/**
 * The open streams of one app. A stream never ends by itself, and a server that is closing waits for every open
 * response: `endAll` (the app's preClose hook) ends them, so a shutdown is not held up by its own storefront's stream.
 */
export function createChangeStreams(content: ContentService) {
  const open = new Set<() => void>();

  async function stream(request: FastifyRequest, reply: FastifyReply) {
    if (open.size >= MAX_CHANGE_STREAMS)
      throw serviceUnavailable('Too many change streams are open.', 'too_many_streams');
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    const off = content.watch((event) => send('change', event));
    send('ready', { live: content.changesLive() });
    const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
    ping.unref();
    const close = () => {
      if (!open.delete(close)) return;
      off();
      clearInterval(ping);
      res.end();
    };
    open.add(close);
    request.raw.on('close', close);
    res.on('close', close);
  }

  return {
    stream,
    /** Ends every open stream (the storefront reconnects to whichever process is still up). */
    endAll(): void {
      for (const close of [...open]) close();
    },
    get size(): number {
      return open.size;
    },
  };
}
