import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import type { AnyRoute } from './define';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildCategory, buildScenario } from '../../test/factories';
import { readSweep, responseCheck, routeKey, sweepRecorder, sweepReport } from '../../test/response-check';

/**
 * The response sweep: every route's successful response is checked against its
 * declared schema somewhere in the suite. test/response-check.ts records the routes each test
 * server answered with a checked 2xx; test/global-setup.ts fails a full run that left one out.
 * This file holds the sweep's own rules, and a successful call of each route that no other test
 * answers with a 2xx, on minimal data of its own.
 */

describe('the sweep’s rules', () => {
  const routes = [
    { method: 'get' as const, path: '/things' },
    { method: 'post' as const, path: '/things/:id' },
    { method: 'delete' as const, path: '/things/:id' },
  ];

  it('names routes never checked with a 2xx, and exemptions that are stale', () => {
    expect(routeKey(routes[1])).toBe('POST /things/:id');
    expect(
      sweepReport(routes, new Set(['GET /things', 'POST /things/:id', 'DELETE /things/:id']), {}),
    ).toEqual({ unchecked: [], staleExemptions: [] });
    expect(sweepReport(routes, new Set(['GET /things']), {})).toEqual({
      unchecked: ['POST /things/:id', 'DELETE /things/:id'],
      staleExemptions: [],
    });
    // An exempt route is not required; an exemption of a checked route or of no route is stale.
    expect(
      sweepReport(routes, new Set(['GET /things']), {
        'POST /things/:id': 'streams a file',
        'GET /things': 'checked after all',
        'PUT /gone': 'no such route',
      }),
    ).toEqual({ unchecked: ['DELETE /things/:id'], staleExemptions: ['GET /things', 'PUT /gone'] });
  });

  it('hears only a 2xx whose JSON body matched the route’s schema', async () => {
    const declared: AnyRoute[] = ['/ok', '/drifted', '/refused', '/file'].map((p) => ({
      method: 'get',
      path: p,
      summary: p,
      tag: 'sweep',
      action: 'public',
      response: z.object({ a: z.number() }),
      handler: () => undefined,
    }));
    const router = new Router({ prefix: '/api' });
    router.get('/ok', (ctx) => {
      ctx.body = { a: 1 };
    });
    router.get('/drifted', (ctx) => {
      ctx.body = { a: 1, extra: true };
    });
    router.get('/refused', (ctx) => {
      ctx.status = 400;
      ctx.body = { error: 'No', code: 'VALIDATION_ERROR' };
    });
    router.get('/file', (ctx) => {
      ctx.type = 'text/csv';
      ctx.body = 'a\n1\n';
    });
    const heard: string[] = [];
    const koa = new Koa();
    koa.use(responseCheck(declared, (key) => heard.push(key)));
    koa.use(router.routes());
    const server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
      const statuses = [];
      for (const p of ['/ok', '/drifted', '/refused', '/file']) {
        statuses.push((await fetch(`${base}${p}`)).status);
      }
      expect(statuses).toEqual([200, 500, 400, 200]);
      expect(heard).toEqual(['GET /ok']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('records each route once per process file and reads the union of every worker’s file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'response-sweep-'));
    try {
      const record = sweepRecorder(dir);
      record('GET /things');
      record('GET /things');
      record('POST /things/:id');
      expect(readFileSync(path.join(dir, `${process.pid}.txt`), 'utf8')).toBe(
        'GET /things\nPOST /things/:id\n',
      );
      sweepRecorder(dir)('GET /things'); // a later test file in the same worker
      expect(readSweep(dir)).toEqual(new Set(['GET /things', 'POST /things/:id']));
      sweepRecorder(undefined)('GET /ignored'); // no sweep directory: nothing is written
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('successful calls of the routes no other test answers with a 2xx', () => {
  const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);

  /** The routes the run's test servers recorded as checked so far (every worker's). */
  const recorded = () => readSweep(inject('responseSweepDir'));

  it('GET /budget-years lists budget years (roles.test.ts only ever sees an empty list)', async () => {
    const id = await buildBudgetYear(t.db.knex, { label: `Sweep ${process.pid}`, currentFiscalYear: 2027 });
    const res = await t.api('get', '/budget-years', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.budgetYears).toContainEqual({
      id,
      fiscalYear: `Sweep ${process.pid}`,
      name: 'Test budget year',
      notes: 'Made by a test',
      currentFiscalYear: 2027,
    });
    expect(recorded().has('GET /budget-years')).toBe(true);
  });

  it('PUT /cola/scenarios/:id renames a scenario and changes its description', async () => {
    const made = await t.api('post', '/cola/scenarios', { token: finance.token, body: { name: 'Before' } });
    expect(made.status).toBe(201);
    const id = made.body.scenario.id;
    const res = await t.api('put', `/cola/scenarios/${id}`, {
      token: finance.token,
      body: { name: 'After', description: 'Renamed by the sweep' },
    });
    expect(res.status).toBe(200);
    expect(res.body.scenario).toMatchObject({ id, name: 'After', description: 'Renamed by the sweep' });
    expect(recorded().has('PUT /cola/scenarios/:id')).toBe(true);
  });

  it('GET /scenarios/active/proposed answers the active proposed budget', async () => {
    const budgetYearId = await buildBudgetYear(t.db.knex);
    await buildScenario(t.db.knex, budgetYearId, 'proposed', false, 'Alternative');
    const active = await buildScenario(t.db.knex, budgetYearId, 'proposed', true, 'Adopted');
    await buildScenario(t.db.knex, budgetYearId, 'operating', true, 'Payroll');
    const res = await t.api('get', `/scenarios/active/proposed?budgetYearId=${budgetYearId}`, {
      token: finance.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.scenario).toMatchObject({ id: active, budgetYearId, name: 'Adopted', isActive: true });
    expect(recorded().has('GET /scenarios/active/proposed')).toBe(true);
  });

  it('GET /scenarios/floors lists a budget year’s floors', async () => {
    const budgetYearId = await buildBudgetYear(t.db.knex);
    const categoryId = await buildCategory(t.db.knex);
    const saved = await t.api('put', '/scenarios/floors', {
      token: finance.token,
      body: { budgetYearId, floors: [{ categoryId, floorPercent: 80, reason: 'Mandated' }] },
    });
    expect(saved.status).toBe(200);
    const res = await t.api('get', `/scenarios/floors?budgetYearId=${budgetYearId}`, {
      token: finance.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.floors).toEqual([
      expect.objectContaining({ categoryId, lineItemId: null, floorPercent: 80, reason: 'Mandated' }),
    ]);
    expect(recorded().has('GET /scenarios/floors')).toBe(true);
  });

  it('DELETE /scenarios/cuts/:id deletes a cut scenario', async () => {
    const budgetYearId = await buildBudgetYear(t.db.knex);
    const made = await t.api('post', '/scenarios/cuts', {
      token: finance.token,
      body: { budgetYearId, name: 'Gone' },
    });
    expect(made.status).toBe(201);
    const id = made.body.scenario.id;
    const res = await t.api('delete', `/scenarios/cuts/${id}`, { token: finance.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Scenario Gone deleted' });
    expect(await t.db.knex('cut_scenarios').where({ id }).first()).toBeUndefined();
    expect(recorded().has('DELETE /scenarios/cuts/:id')).toBe(true);
  });
});
