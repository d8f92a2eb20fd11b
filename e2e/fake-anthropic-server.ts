import http from 'node:http';
import { pathToFileURL } from 'node:url';

/**
 * A stand-in for Anthropic's Messages API (POST /v1/messages) for the browser tests: the app's
 * ANTHROPIC_BASE_URL points here. It answers through the tool the request offers, built from the
 * line ids and personnel groups it finds in the request, so the answer stays grounded in the
 * district's data, plus two suggestions the server must drop: one naming a line that does not
 * exist, one saving more than its line costs. A target of $777,777 answers only after a long
 * pause, so a test can press Cancel while the analysis runs.
 *
 * Run: FAKE_ANTHROPIC_PORT=4100 npx tsx e2e/fake-anthropic-server.ts (the specs import only its
 * constants; the server starts when the file is run).
 */

export const SLOW_TARGET = '777777';
export const INVENTED_LINE_ID = 987654321;
export const INVENTED_DESCRIPTION = 'Close the district annex office';
export const INFLATED_DESCRIPTION = 'Stop the largest contract outright, with savings on top';

type Line = [number, string, string, string, number];
type Group = [string, string | null, number, number];

interface MessagesRequest {
  model?: string;
  system?: string | { text: string }[];
  messages?: { content: string | { type: string; text?: string }[] }[];
  tools?: { name: string }[];
}

function requestText(body: MessagesRequest): string {
  return (body.messages ?? [])
    .flatMap((m) => (typeof m.content === 'string' ? [m.content] : m.content.map((c) => c.text ?? '')))
    .join('\n');
}

/** The JSON rows printed on the line after a header that starts with `header`. */
function rowsAfter<T>(text: string, header: string): T[] {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith(header));
  try {
    return at >= 0 ? (JSON.parse(lines[at + 1]) as T[]) : [];
  } catch {
    return [];
  }
}

/** Whole dollars, a share of an amount: comfortably within what the lines cost. */
const share = (amount: number, percent: number) => Math.max(1, Math.floor((amount * percent) / 100));

function answer(text: string) {
  const lines = rowsAfter<Line>(text, 'Proposed budget lines').sort((a, b) => b[4] - a[4]);
  const groups = rowsAfter<Group>(text, 'Personnel budget by position').sort((a, b) => b[3] - a[3]);
  const [l1, l2, l3, l4, l5] = lines;
  const suggestion = (description: string, savings: number, lineIds: number[], positionGroups = []) => ({
    description,
    savings,
    impact: 'Fewer purchases this year; no classroom positions are touched.',
    lineIds,
    positionGroups,
  });
  const likelyNeeded = [l1, l2]
    .filter(Boolean)
    .map((l, i) => suggestion(`Trim ${l[1]} (${l[2]})`, share(l[4], 10 + 5 * i), [l[0]]));
  const moderateNeed = [];
  if (l3 && l4) {
    moderateNeed.push(suggestion(`Defer ${l3[1]} and ${l4[1]}`, share(l3[4] + l4[4], 20), [l3[0], l4[0]]));
  }
  if (l5) {
    moderateNeed.push(suggestion(INFLATED_DESCRIPTION, Math.ceil(l5[4] * 3) + 1, [l5[0]]));
  }
  const deepCuts: unknown[] = [suggestion(INVENTED_DESCRIPTION, 50_000, [INVENTED_LINE_ID])];
  const g = groups[0];
  if (g) {
    deepCuts.unshift({
      ...suggestion(`Reduce ${g[0]} positions by one`, Math.floor(g[3] / Math.max(1, g[2])), []),
      impact: 'Larger groups for the students this position serves.',
      positionGroups: [{ position: g[0], workGroup: g[1] }],
    });
  }
  return {
    note: `A test answer built from ${lines.length} lines and ${groups.length} position groups of the request.`,
    likelyNeeded,
    moderateNeed,
    deepCuts,
  };
}

function reply(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  if (req.method === 'GET' && req.url === '/health') {
    reply(res, 200, { ok: true });
    return;
  }
  if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) {
    reply(res, 404, { type: 'error', error: { type: 'not_found_error', message: 'Not found' } });
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = JSON.parse(raw) as MessagesRequest;
    const text = requestText(body);
    const tool = body.tools?.[0]?.name ?? 'record_budget_cut_suggestions';
    const message = {
      id: `msg_fake_${Date.now()}`,
      type: 'message',
      role: 'assistant',
      model: body.model ?? 'claude-fake',
      content: [{ type: 'tool_use', id: 'toolu_fake_1', name: tool, input: answer(text) }],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: Math.ceil(raw.length / 4), output_tokens: 420 },
    };
    const slow = text.includes(`Reduction target: $${SLOW_TARGET}`);
    const timer = setTimeout(() => reply(res, 200, message), slow ? 60_000 : 300);
    // The app gave up (the user pressed Cancel): stop, as the real API would.
    res.on('close', () => clearTimeout(timer));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.FAKE_ANTHROPIC_PORT ?? 4100);
  http.createServer(handle).listen(port, '127.0.0.1', () => {
    console.log(`fake Anthropic Messages API on http://127.0.0.1:${port}`);
  });
}
