import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Anthropic's Messages API (POST /v1/messages), started on port 0 and pointed
 * at with ANTHROPIC_BASE_URL. Each test says how it answers (`answer`, once per request in order,
 * the last one repeating); it records every request it got, headers and body, so a test can assert
 * what left the server (no names, no salaries, the key only in x-api-key).
 */

export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  body: any;
  /** When the request arrived (Date.now()): the pause between retries is measured from these. */
  receivedAt: number;
}

export interface FakeReply {
  status?: number;
  /** Sent as JSON; `text` instead sends the text as it is (malformed answers). */
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow or hung model). */
  delayMs?: number;
  /** Drop the connection without an answer (a network failure). */
  hangUp?: boolean;
}

export type Behaviour = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeAnthropic {
  url: string;
  requests: FakeRequest[];
  /**
   * Answers in order, one per request; the last one answers every request after. Forgets the
   * requests recorded so far, so `requests` holds this behaviour's only.
   */
  answer(...behaviours: Behaviour[]): void;
  close(): Promise<void>;
}

export const TOOL_NAME = 'record_budget_cut_suggestions';

/** A Messages API answer whose only content is the tool call with `input`. */
export function toolReply(input: unknown, usage = { input_tokens: 1234, output_tokens: 567 }): FakeReply {
  return {
    json: {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: 'claude-fake-1',
      content: [{ type: 'tool_use', id: 'toolu_fake', name: TOOL_NAME, input }],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage,
    },
  };
}

/** An error in the API's shape, e.g. apiError(429, 'rate_limit_error'). */
export function apiError(status: number, type: string, headers: Record<string, string> = {}): FakeReply {
  return {
    status,
    headers,
    json: { type: 'error', error: { type, message: `fake ${type}` } },
  };
}

export type SentLine = [
  id: number,
  description: string,
  category: string | null,
  building: string | null,
  amount: number,
];
export type SentGroup = [position: string, workGroup: string | null, count: number, total: number];

/** The lines and personnel groups a request carried (the JSON row after each header). */
export function sentData(req: FakeRequest): { lines: SentLine[]; groups: SentGroup[]; text: string } {
  const text: string = req.body.messages[0].content;
  const rows = text.split('\n');
  const after = (prefix: string) => {
    const at = rows.findIndex((r) => r.startsWith(prefix));
    return at < 0 ? [] : JSON.parse(rows[at + 1]);
  };
  return { lines: after('Proposed budget lines'), groups: after('Personnel budget'), text };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  let behaviours: Behaviour[] = [() => apiError(500, 'api_error')];
  const requests: FakeRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    let body: unknown = null;
    try {
      body = JSON.parse(raw);
    } catch {
      // kept as raw
    }
    const recorded: FakeRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      raw,
      body,
      receivedAt: Date.now(),
    };
    requests.push(recorded);
    const behaviour = behaviours[Math.min(requests.length - 1, behaviours.length - 1)];
    const reply = await behaviour(recorded);
    const send = () => {
      if (res.destroyed) {
        return;
      }
      if (reply.hangUp) {
        res.socket?.destroy();
        return;
      }
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.text ?? JSON.stringify(reply.json ?? {}));
    };
    if (reply.delayMs) {
      const timer = setTimeout(() => (timers.delete(timer), send()), reply.delayMs);
      timers.add(timer);
    } else {
      send();
    }
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(...next) {
      behaviours = next;
      requests.length = 0;
    },
    async close() {
      timers.forEach(clearTimeout);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
