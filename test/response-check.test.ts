import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes } from '@server/routes/index';
import { createTestApp, type TestApp } from './app';
import { RESPONSE_MISMATCH, responseIssues } from './response-check';

describe('response schema check', () => {
  it('reports zod issues and keys the schema does not declare, at any depth', () => {
    const schema = z.object({
      items: z.array(z.object({ id: z.number(), meta: z.record(z.string(), z.number()) })),
    });
    expect(responseIssues(schema, { items: [{ id: 1, meta: { any: 2 } }] })).toEqual([]);
    expect(responseIssues(schema, { items: [{ id: '1', meta: {} }] })).toEqual([
      { path: 'items.0.id', message: expect.stringContaining('expected number') },
    ]);
    expect(responseIssues(schema, { items: [{ id: 1, meta: {}, source: 'entered' }] })).toEqual([
      { path: 'items.0.source', message: 'not declared in the response schema' },
    ]);
    expect(responseIssues(z.object({ a: z.number() }).catchall(z.unknown()), { a: 1, b: 2 })).toEqual([]);
  });

  it('names the field a union member lacks rather than the whole union', () => {
    const line = z.union([
      z.object({ kind: z.literal('a'), source: z.string() }),
      z.object({ kind: z.literal('b'), amount: z.number(), source: z.string() }),
    ]);
    expect(responseIssues(z.object({ line }), { line: { kind: 'b', amount: 1 } })).toEqual([
      { path: 'line.source', message: expect.stringContaining('expected string') },
    ]);
  });

  describe('on the test server', () => {
    let t: TestApp;
    const health = allRoutes.find((r) => r.path === '/health')!;
    const declared = health.response;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterEach(() => {
      health.response = declared;
    });
    afterAll(() => t.close());

    it('passes a response that matches its route', async () => {
      expect((await t.api('get', '/health')).status).toBe(200);
    });

    it('fails a response with a missing field (500 for raw clients, a thrown error for t.api)', async () => {
      health.response = z.object({ status: z.literal('ok'), database: z.string(), version: z.string() });
      const res = await fetch(`${t.url}/api/health`);
      expect(res.status).toBe(500);
      const body = (await res.json()) as { code: string; details: unknown[] };
      expect(body.code).toBe(RESPONSE_MISMATCH);
      expect(body.details).toEqual([{ path: 'version', message: expect.any(String) }]);
      await expect(t.api('get', '/health')).rejects.toThrow(
        /GET \/api\/health \(200\) does not match its schema: version/,
      );
    });

    it('fails a response with a field its schema does not declare', async () => {
      health.response = z.object({ status: z.literal('ok') });
      await expect(t.api('get', '/health')).rejects.toThrow(/database not declared in the response schema/);
    });

    it('holds errors to the one error shape', async () => {
      const res = await t.api('get', '/auth/me');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    });
  });
});
